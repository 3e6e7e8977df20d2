/**
 * Reading a ZIP within bounds. JSZip (pure JavaScript) parses the archive; what it would do unbounded is guarded
 * here:
 * - the number of entries is read from the end-of-central-directory record (ZIP64 included) before JSZip builds
 *   one object per entry, so an archive declaring millions of entries is refused at once;
 * - each entry is inflated as a stream and counted chunk by chunk, so inflating stops at the budget whatever size
 *   the archive declares (a lying header is only noticed by JSZip once everything is inflated).
 * JSZip's CRC check (`checkCRC32`) stays off: it would inflate every entry while loading.
 */
import JSZip from 'jszip';

/** Little-endian unsigned integer of `size` bytes at `offset`; null past the end. */
function uint(bytes: Uint8Array, offset: number, size: number): number | null {
  if (offset < 0 || offset + size > bytes.length) return null;
  let value = 0;
  for (let i = size - 1; i >= 0; i--) value = value * 256 + (bytes[offset + i] ?? 0);
  return value;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
/** The end record is 22 bytes, followed by a comment of up to 65,535. */
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;

/** The number of entries the archive's central directory declares; null when no end record is found. */
export function declaredEntryCount(bytes: Uint8Array): number | null {
  const last = bytes.length - EOCD_SIZE;
  for (let at = last; at >= 0 && at >= last - MAX_COMMENT; at--) {
    if (uint(bytes, at, 4) !== EOCD) continue;
    const total = uint(bytes, at + 10, 2);
    if (total !== 0xffff) return total;
    // ZIP64: the locator, just before the end record, gives the offset of the ZIP64 end record.
    if (uint(bytes, at - 20, 4) !== ZIP64_LOCATOR) return total;
    const offset = uint(bytes, at - 20 + 8, 8);
    if (offset === null || uint(bytes, offset, 4) !== ZIP64_EOCD) return total;
    return uint(bytes, offset + 32, 8);
  }
  return null;
}

/** A file of the archive, to be read on demand. Folders are left out. */
export interface ZipFile {
  /** Its path inside the archive. */
  name: string;
  /**
   * Inflates it, or answers 'over' as soon as more than `limit` bytes come out (what was inflated is dropped).
   * Rejects when the entry is corrupt, encrypted or uses an unknown compression.
   */
  read(limit: number): Promise<Uint8Array | 'over'>;
}

/** JSZip's internal stream (ZipObject.internalStream), which its published types leave out. */
interface InternalStream {
  on(event: 'data', listener: (chunk: Uint8Array) => void): InternalStream;
  on(event: 'end', listener: () => void): InternalStream;
  on(event: 'error', listener: (error: unknown) => void): InternalStream;
  resume(): InternalStream;
  pause(): InternalStream;
}

function readBounded(file: JSZip.JSZipObject, limit: number): Promise<Uint8Array | 'over'> {
  return new Promise((resolve, reject) => {
    const stream = (file as unknown as { internalStream(type: 'uint8array'): InternalStream }).internalStream(
      'uint8array',
    );
    const chunks: Uint8Array[] = [];
    let total = 0;
    let settled = false;
    stream
      .on('data', (chunk) => {
        if (settled) return;
        total += chunk.length;
        if (total > limit) {
          settled = true;
          chunks.length = 0;
          stream.pause();
          resolve('over');
          return;
        }
        chunks.push(chunk);
      })
      .on('error', (error) => {
        if (settled) return;
        settled = true;
        reject(error instanceof Error ? error : new Error(String(error)));
      })
      .on('end', () => {
        if (settled) return;
        settled = true;
        const out = new Uint8Array(total);
        let offset = 0;
        for (const chunk of chunks) {
          out.set(chunk, offset);
          offset += chunk.length;
        }
        resolve(out);
      })
      .resume();
  });
}

/** The files of an archive, in the order of its central directory. Rejects when it cannot be read as a ZIP. */
export async function zipFiles(bytes: Uint8Array): Promise<ZipFile[]> {
  const zip = await JSZip.loadAsync(bytes, { checkCRC32: false });
  return Object.values(zip.files)
    .filter((file) => !file.dir)
    .map((file) => ({ name: file.name, read: (limit: number) => readBounded(file, limit) }));
}
