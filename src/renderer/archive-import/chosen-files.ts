/**
 * What the user chose, as ChosenFile (read-chosen.ts): the files of an `<input type="file">` (a folder's carry
 * their path inside it in `webkitRelativePath`, the folder's own name first) or of a drop (a dropped folder is
 * walked through the File System entries the browser gives). Read only when their turn comes, in the page: no
 * file goes anywhere.
 */
import type { ChosenFile } from './read-chosen.ts';

function chosen(file: File, path: string): ChosenFile {
  return { path, size: file.size, read: async () => new Uint8Array(await file.arrayBuffer()) };
}

/** A folder's files in the order of their paths (the browser lists them in no particular order). */
const byPath = (files: ChosenFile[]) =>
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));

/** The files of a file input: several files, or every file of a folder (`webkitdirectory`). */
export function filesOfInput(list: FileList | readonly File[]): ChosenFile[] {
  return byPath([...list].map((file) => chosen(file, file.webkitRelativePath || file.name)));
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

/** Every entry of a folder: the browser hands them out a batch at a time, until an empty one. */
async function entriesOf(folder: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = folder.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

async function walk(entry: FileSystemEntry, into: ChosenFile[]): Promise<void> {
  if (entry.isFile) {
    // fullPath starts with '/': the dropped item's own name comes first, as in webkitRelativePath.
    into.push(chosen(await fileOf(entry as FileSystemFileEntry), entry.fullPath.replace(/^\/+/, '')));
  } else if (entry.isDirectory) {
    for (const child of await entriesOf(entry as FileSystemDirectoryEntry)) await walk(child, into);
  }
}

/**
 * The files of a drop: dropped folders walked to their last file. The entries are taken before the first await,
 * while the browser still lets the page read the drop.
 */
export async function filesOfDrop(data: DataTransfer): Promise<ChosenFile[]> {
  const entries = [...data.items]
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry?.() ?? null);
  if (entries.length === 0 || entries.some((entry) => entry === null)) return filesOfInput(data.files);
  const files: ChosenFile[] = [];
  for (const entry of entries) await walk(entry!, files);
  return byPath(files);
}

/**
 * How an import names what was chosen: the folder (all files under one), the file (only one), else the first file
 * and how many others.
 */
export function sourceOf(files: readonly ChosenFile[]): { name: string; others: number } {
  const first = files[0]?.path ?? '';
  const top = first.split('/')[0] ?? first;
  if (first.includes('/') && files.every((file) => file.path.startsWith(`${top}/`)))
    return { name: top, others: 0 };
  const name = first.split('/').pop() ?? first;
  return { name, others: Math.max(0, files.length - 1) };
}
