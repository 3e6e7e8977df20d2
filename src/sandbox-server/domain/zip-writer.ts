import type { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { crc32, deflateRaw } from 'node:zlib';

const deflate = promisify(deflateRaw);

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL = 0x06054b50;
const ZIP64_END_OF_CENTRAL = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EXTRA = 0x0001;
const DEFLATED = 8;
/** Made by: Unix (3), spec version 4.5; needed to extract: 2.0, or 4.5 with ZIP64 fields. */
const MADE_BY = (3 << 8) | 45;
const NEEDS = 20;
const NEEDS_ZIP64 = 45;
/** General purpose bit 11: the name is UTF-8. */
const UTF8_NAME = 1 << 11;
/** A regular file, rw-r--r--, in the high half (Unix attributes). */
const FILE_ATTRIBUTES = (0o100644 << 16) >>> 0;
const MAX_16 = 0xffff;
const MAX_32 = 0xffffffff;
/** The central directory is kept in chunks of this size until the end, then written chunk by chunk. */
const CENTRAL_CHUNK = 64 * 1024;
/** Files compressed at once (on libuv's thread pool, whose default size is 4) ahead of the one being written. */
const COMPRESS_AHEAD = 4;

export interface ZipFile {
  name: string;
  bytes: Uint8Array;
}

/** The stream went away (the client disconnected, or it failed): the archive stops there. */
export class ZipOutputClosed extends Error {
  constructor() {
    super('the ZIP output closed before the archive was complete');
    this.name = 'ZipOutputClosed';
  }
}

/**
 * A ZIP archive written straight into a stream, with real backpressure: a file is compressed (on the thread
 * pool, a few ahead), its header and bytes are written, and whenever the stream is full the writer waits for it
 * to drain before taking the next file. Memory stays flat however many files go in: nothing is kept per file
 * but its central directory record (46 bytes plus its name, packed into 64 KiB chunks), and the central
 * directory is written chunk by chunk with the same backpressure. Entry sizes, offsets and the entry count
 * switch to ZIP64 records where they overflow the classic fields, as in any archive over 4 GiB or 65,535
 * files.
 *
 * Why not archiver: it writes each header field as its own small Buffer, through a zlib stream per entry, and
 * pushes the whole central directory (about 19 Buffers per file) in one synchronous burst at the end; the
 * export of 10,000 invoices grew the server's memory by ~90 MB, ~50 of them in that burst (bench/results.md).
 */
export class ZipWriter {
  private offset = 0;
  private entries = 0;
  private zip64 = false;
  private readonly central: Buffer[] = [];
  private chunk = Buffer.allocUnsafe(CENTRAL_CHUNK);
  private chunkUsed = 0;
  /** DOS date and time of every entry: when the archive was made (UTC, as archiver wrote them). */
  private readonly dosTime: number;
  private readonly dosDate: number;

  constructor(
    private readonly out: Writable,
    private readonly options: { level?: number; date?: Date; forceZip64?: boolean } = {},
  ) {
    [this.dosDate, this.dosTime] = dosDateTime(options.date ?? new Date());
    this.zip64 = options.forceZip64 === true;
  }

  /** Compresses and writes `files` in order; resolves once the stream has taken them (or has room for more). */
  async addAll(files: readonly ZipFile[]): Promise<void> {
    const compressed: Promise<Buffer>[] = [];
    const start = (i: number) => {
      if (i < files.length) compressed[i] = deflate(files[i]!.bytes, { level: this.options.level ?? 6 });
    };
    for (let i = 0; i < Math.min(COMPRESS_AHEAD, files.length); i++) start(i);
    for (let i = 0; i < files.length; i++) {
      const data = await compressed[i]!;
      delete compressed[i];
      start(i + COMPRESS_AHEAD);
      await this.writeEntry(files[i]!, data);
    }
  }

  /** Writes the central directory and its end records; the stream is not ended (the caller owns it). */
  async finish(): Promise<void> {
    const start = this.offset;
    this.central.push(this.chunk.subarray(0, this.chunkUsed));
    this.chunk = Buffer.alloc(0);
    this.chunkUsed = 0;
    for (let chunk = this.central.shift(); chunk; chunk = this.central.shift()) await this.write(chunk);
    const size = this.offset - start;
    const zip64 = this.zip64 || this.entries > MAX_16 || start >= MAX_32 || size >= MAX_32;
    if (zip64) {
      const record = Buffer.alloc(56 + 20);
      record.writeUInt32LE(ZIP64_END_OF_CENTRAL, 0);
      record.writeBigUInt64LE(44n, 4);
      record.writeUInt16LE(MADE_BY, 12);
      record.writeUInt16LE(NEEDS_ZIP64, 14);
      record.writeUInt32LE(0, 16);
      record.writeUInt32LE(0, 20);
      record.writeBigUInt64LE(BigInt(this.entries), 24);
      record.writeBigUInt64LE(BigInt(this.entries), 32);
      record.writeBigUInt64LE(BigInt(size), 40);
      record.writeBigUInt64LE(BigInt(start), 48);
      record.writeUInt32LE(ZIP64_LOCATOR, 56);
      record.writeUInt32LE(0, 60);
      record.writeBigUInt64LE(BigInt(this.offset), 64);
      record.writeUInt32LE(1, 72);
      await this.write(record);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_CENTRAL, 0);
    end.writeUInt16LE(0, 4);
    end.writeUInt16LE(0, 6);
    end.writeUInt16LE(zip64 ? MAX_16 : this.entries, 8);
    end.writeUInt16LE(zip64 ? MAX_16 : this.entries, 10);
    end.writeUInt32LE(zip64 ? MAX_32 : size, 12);
    end.writeUInt32LE(zip64 ? MAX_32 : start, 16);
    end.writeUInt16LE(0, 20);
    await this.write(end);
  }

  private async writeEntry(file: ZipFile, data: Buffer): Promise<void> {
    const name = Buffer.from(file.name, 'utf8');
    if (name.length > MAX_16) throw new Error(`ZIP entry name too long: ${file.name.slice(0, 80)}…`);
    const flags = name.length === file.name.length ? 0 : UTF8_NAME;
    const crc = crc32(file.bytes);
    const size = file.bytes.length;
    const at = this.offset;
    // Sizes are known before the header is written (the file is compressed whole), so there is no data
    // descriptor; a size or offset beyond 32 bits goes into a ZIP64 extra field, in both headers.
    const large = this.zip64 || size >= MAX_32 || data.length >= MAX_32;
    const local = Buffer.alloc(30 + name.length + (large ? 20 : 0));
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(large ? NEEDS_ZIP64 : NEEDS, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(DEFLATED, 8);
    local.writeUInt16LE(this.dosTime, 10);
    local.writeUInt16LE(this.dosDate, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(large ? MAX_32 : data.length, 18);
    local.writeUInt32LE(large ? MAX_32 : size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(large ? 20 : 0, 28);
    name.copy(local, 30);
    if (large) {
      local.writeUInt16LE(ZIP64_EXTRA, 30 + name.length);
      local.writeUInt16LE(16, 32 + name.length);
      local.writeBigUInt64LE(BigInt(size), 34 + name.length);
      local.writeBigUInt64LE(BigInt(data.length), 42 + name.length);
    }
    this.record({ name, flags, crc, size, compressed: data.length, at });
    this.entries++;
    await this.write(local);
    await this.write(data);
  }

  /** Packs the entry's central directory record into the current chunk. */
  private record(entry: {
    name: Buffer;
    flags: number;
    crc: number;
    size: number;
    compressed: number;
    at: number;
  }): void {
    const { name } = entry;
    const large = this.zip64 || entry.size >= MAX_32 || entry.compressed >= MAX_32 || entry.at >= MAX_32;
    const length = 46 + name.length + (large ? 28 : 0);
    if (this.chunkUsed + length > this.chunk.length) {
      this.central.push(this.chunk.subarray(0, this.chunkUsed));
      this.chunk = Buffer.allocUnsafe(Math.max(CENTRAL_CHUNK, length));
      this.chunkUsed = 0;
    }
    const b = this.chunk;
    const o = this.chunkUsed;
    b.writeUInt32LE(CENTRAL_HEADER, o);
    b.writeUInt16LE(MADE_BY, o + 4);
    b.writeUInt16LE(large ? NEEDS_ZIP64 : NEEDS, o + 6);
    b.writeUInt16LE(entry.flags, o + 8);
    b.writeUInt16LE(DEFLATED, o + 10);
    b.writeUInt16LE(this.dosTime, o + 12);
    b.writeUInt16LE(this.dosDate, o + 14);
    b.writeUInt32LE(entry.crc, o + 16);
    b.writeUInt32LE(large ? MAX_32 : entry.compressed, o + 20);
    b.writeUInt32LE(large ? MAX_32 : entry.size, o + 24);
    b.writeUInt16LE(name.length, o + 28);
    b.writeUInt16LE(large ? 28 : 0, o + 30);
    b.writeUInt16LE(0, o + 32); // comment length
    b.writeUInt16LE(0, o + 34); // disk number
    b.writeUInt16LE(0, o + 36); // internal attributes
    b.writeUInt32LE(FILE_ATTRIBUTES, o + 38);
    b.writeUInt32LE(large ? MAX_32 : entry.at, o + 42);
    name.copy(b, o + 46);
    if (large) {
      const e = o + 46 + name.length;
      b.writeUInt16LE(ZIP64_EXTRA, e);
      b.writeUInt16LE(24, e + 2);
      b.writeBigUInt64LE(BigInt(entry.size), e + 4);
      b.writeBigUInt64LE(BigInt(entry.compressed), e + 12);
      b.writeBigUInt64LE(BigInt(entry.at), e + 20);
    }
    this.chunkUsed += length;
  }

  /** Writes `bytes`, and waits while the stream is full; fails if it closes first. */
  private async write(bytes: Buffer): Promise<void> {
    if (this.out.destroyed || this.out.writableEnded) throw new ZipOutputClosed();
    this.offset += bytes.length;
    if (this.out.write(bytes)) return;
    await new Promise<void>((resolve, reject) => {
      const drained = () => {
        stop();
        resolve();
      };
      const closed = () => {
        stop();
        reject(new ZipOutputClosed());
      };
      const stop = () => {
        this.out.off('drain', drained);
        this.out.off('close', closed);
      };
      this.out.on('drain', drained);
      this.out.on('close', closed);
    });
  }
}

/** DOS date and time fields (2-second resolution, 1980–2107), from the UTC clock. */
function dosDateTime(date: Date): [dosDate: number, dosTime: number] {
  const year = Math.min(Math.max(date.getUTCFullYear(), 1980), 2107);
  return [
    ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
    (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1),
  ];
}
