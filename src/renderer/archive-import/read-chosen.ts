/**
 * Reading what the user chose (a ZIP, some files, a folder) into one ArchiveReport, a chunk at a time, so the page
 * can say how far it got and stays responsive: src/shared/archive sorts the files (readArchiveEntries), this only
 * feeds it.
 *
 * A ZIP among the chosen files is opened here, one level, so that its files are read in chunks like a folder's
 * (a yearly export is usually one ZIP of a thousand invoices): its files go to readArchiveEntries as entries one
 * level down (`maxDepth - 1`, so ZIPs inside it open exactly as deep as readArchiveEntries would open them), with
 * the same checks as its own (entries declared before JSZip reads the directory, each file inflated within the
 * budget). The budget (ArchiveLimits) is the whole import's: each chunk is given what is left of it. What a ZIP
 * nested inside a chunk inflates is not reported back; what it adds to the report (its invoices, kept in memory,
 * and its lines) is charged afterwards.
 */
import { DEFAULT_ARCHIVE_LIMITS, readArchiveEntries } from '../../shared/archive/index.ts';
import type {
  ArchiveCompany,
  ArchiveEntry,
  ArchiveLimit,
  ArchiveLimits,
  ArchiveReport,
  ArchiveSkip,
} from '../../shared/archive/index.ts';
import { isSystemFile, isZip } from '../../shared/archive/file-kinds.ts';
import { declaredEntryCount, zipFiles } from '../../shared/archive/zip.ts';

/** A file as chosen: its path ('/' separated, the folder's name first) and a way to read it when its turn comes. */
export interface ChosenFile {
  path: string;
  size: number;
  read(): Promise<Uint8Array>;
}

export interface ReadProgress {
  /** Files sorted so far (the files of a ZIP count one by one, the ZIP itself not). */
  done: number;
  /** Files known so far: grows when a ZIP is opened. */
  total: number;
}

export interface ReadChosenOptions {
  /** Duplicate keys of what is already imported (books/imported.ts, importedKeys). */
  knownKeys?: Iterable<string>;
  limits?: Partial<ArchiveLimits>;
  /** Files handed to readArchiveEntries at once; progress is reported between chunks. Default 25. */
  chunk?: number;
  onProgress?: (progress: ReadProgress) => void;
  /** Awaited between chunks, so the page can draw and answer; default a macrotask (setTimeout 0). */
  pause?: () => Promise<void>;
  /** Aborting stops the reading between two chunks; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
}

const macrotask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

class Stopped {
  constructor(
    readonly limit: ArchiveLimit,
    readonly path: string,
  ) {}
}

/** One level of entries waiting for readArchiveEntries: the chosen files (0) or a chosen ZIP's files (1). */
interface Pending {
  level: 0 | 1;
  entries: ArchiveEntry[];
}

/** Sorts the chosen files, ZIPs opened, into what to import, what is skipped and why, and the duplicates. */
export async function readChosenFiles(
  files: readonly ChosenFile[],
  companies: readonly ArchiveCompany[],
  options: ReadChosenOptions = {},
): Promise<ArchiveReport> {
  const limits: ArchiveLimits = { ...DEFAULT_ARCHIVE_LIMITS, ...options.limits };
  const chunkSize = Math.max(1, options.chunk ?? 25);
  const pause = options.pause ?? macrotask;
  const known = new Set(options.knownKeys ?? []);
  /** Keys of the invoices this import takes → their path: a later chunk's duplicate says which file it repeats. */
  const taken = new Map<string, string>();
  const report: ArchiveReport = { imported: [], skipped: [], duplicates: [], stopped: null };
  const used = { entries: 0, bytes: 0 };
  const progress: ReadProgress = { done: 0, total: files.length };
  let pending: Pending = { level: 0, entries: [] };

  /** Counts a file against the budget; past it, nothing is counted and the reading stops there. */
  const charge = (path: string, entries: number, bytes: number) => {
    if (used.entries + entries > limits.maxEntries) throw new Stopped('entries', path);
    if (used.bytes + bytes > limits.maxTotalBytes) throw new Stopped('bytes', path);
    used.entries += entries;
    used.bytes += bytes;
  };
  const skip = (line: ArchiveSkip) => {
    report.skipped.push(line);
    progress.done++;
  };

  const flush = async () => {
    const { level, entries } = pending;
    pending = { level, entries: [] };
    if (entries.length === 0) return;
    options.signal?.throwIfAborted();
    const chunkBytes = entries.reduce((sum, entry) => sum + entry.bytes.length, 0);
    // The chunk's files are charged already; readArchiveEntries counts them again, so it gets them back.
    const part = await readArchiveEntries(entries, companies, {
      knownKeys: known,
      limits: {
        ...limits,
        maxDepth: limits.maxDepth - level,
        maxEntries: limits.maxEntries - used.entries + entries.length,
        maxTotalBytes: limits.maxTotalBytes - used.bytes + chunkBytes,
      },
    });
    for (const invoice of part.imported) {
      for (const key of invoice.keys) {
        known.add(key);
        if (!taken.has(key)) taken.set(key, invoice.path);
      }
    }
    report.imported.push(...part.imported);
    report.skipped.push(...part.skipped);
    report.duplicates.push(
      ...part.duplicates.map((d) => ({ ...d, duplicateOf: d.duplicateOf ?? taken.get(d.key) ?? null })),
    );
    // What came out of ZIPs inside the chunk: its lines, and the invoices it brought, now held in memory.
    const given = new Set(entries.map((entry) => entry.path));
    const lines = [...part.imported, ...part.skipped, ...part.duplicates];
    const nested = lines.filter((line) => !given.has(line.path));
    const nestedBytes = part.imported
      .filter((invoice) => !given.has(invoice.path))
      .reduce((sum, invoice) => sum + invoice.original.length + invoice.xml.length, 0);
    // The chunk's files are replaced by their lines (a ZIP inside it by its files' lines).
    progress.done += lines.length;
    progress.total += lines.length - entries.length;
    if (part.stopped) throw new Stopped(part.stopped.limit, part.stopped.path);
    charge(entries[entries.length - 1]!.path, nested.length, nestedBytes);
    options.onProgress?.({ ...progress });
    await pause();
  };

  const add = async (level: 0 | 1, entry: ArchiveEntry) => {
    if (pending.level !== level) await flush();
    pending.level = level;
    pending.entries.push(entry);
    if (pending.entries.length >= chunkSize) await flush();
  };

  /** A chosen ZIP: its files become entries one level down, read as readArchiveEntries would read them. */
  const openZip = async (path: string, bytes: Uint8Array) => {
    if (limits.maxDepth < 1) {
      skip({ path, reason: 'too-deep', detail: `archives nested more than ${limits.maxDepth} deep` });
      return;
    }
    const declared = declaredEntryCount(bytes);
    if (declared === null) {
      skip({ path, reason: 'unreadable', detail: 'not a ZIP archive' });
      return;
    }
    charge(path, declared, 0);
    let inside;
    try {
      inside = await zipFiles(bytes);
    } catch (error) {
      skip({ path, reason: 'unreadable', detail: error instanceof Error ? error.message : 'corrupt ZIP' });
      return;
    }
    // The ZIP itself is no line of the report: its files are.
    progress.total += inside.length - 1;
    options.onProgress?.({ ...progress });
    for (const file of inside) {
      const inner = `${path}/${file.name}`;
      if (isSystemFile(file.name)) {
        skip({ path: inner, reason: 'system-file' });
        continue;
      }
      const room = limits.maxTotalBytes - used.bytes;
      const limit = /\.zip$/i.test(file.name) ? room : Math.min(limits.maxFileBytes, room);
      let content: Uint8Array | 'over';
      try {
        content = await file.read(limit);
      } catch (error) {
        skip({
          path: inner,
          reason: 'unreadable',
          detail: error instanceof Error ? error.message : 'corrupt',
        });
        continue;
      }
      if (content === 'over') {
        if (limit === room) throw new Stopped('bytes', inner);
        skip({ path: inner, reason: 'too-large', detail: `more than ${limits.maxFileBytes} bytes` });
        continue;
      }
      charge(inner, 0, content.length);
      await add(1, { path: inner, bytes: content });
    }
    await flush();
  };

  try {
    for (const file of files) {
      options.signal?.throwIfAborted();
      // Counted before it is read, as readArchiveEntries counts an entry: a file past the budget is never read.
      charge(file.path, 1, file.size);
      if (isSystemFile(file.path)) {
        skip({ path: file.path, reason: 'system-file' });
        continue;
      }
      const bytes = await file.read();
      if (isZip(file.path, bytes)) {
        await flush();
        await openZip(file.path, bytes);
      } else await add(0, { path: file.path, bytes });
    }
    await flush();
  } catch (error) {
    if (!(error instanceof Stopped)) throw error;
    // The files waiting for their chunk came before the limit: they are read.
    let stop = error;
    try {
      await flush();
    } catch (again) {
      if (!(again instanceof Stopped)) throw again;
      stop = again;
    }
    report.stopped = { limit: stop.limit, path: stop.path };
  }
  options.onProgress?.({ ...progress });
  return report;
}
