/**
 * A ZIP archive built in the page, for the export the service cannot make (received invoices chosen by the day
 * they were received: `GET /export` selects by document date only). JSZip writes it: deflated, names in UTF-8,
 * compressed in slices on the page's own thread (no worker, which the app's content security policy would refuse).
 */
import JSZip from 'jszip';

export interface ZipEntry {
  /** The path inside the archive, `/`-separated. */
  name: string;
  bytes: Uint8Array;
}

/** The archive of `entries`, in their order; `modified` is every file's time. */
export async function zipArchive(entries: ZipEntry[], modified = new Date()): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const entry of entries) zip.file(entry.name, entry.bytes, { date: modified, createFolders: false });
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', platform: 'DOS' });
}
