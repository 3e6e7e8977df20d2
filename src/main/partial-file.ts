import { open, rename, rm } from 'node:fs/promises';

/** A file written under a temporary name and moved into place only when complete. */
export interface PartialFile {
  write(chunk: Uint8Array): Promise<void>;
  commit(): Promise<void>;
  abort(): Promise<void>;
}

/**
 * Opens `<path>.partial` for writing: a download that fails half way leaves no truncated ZIP under the name the user
 * chose, and an existing file there is only replaced by a whole one.
 */
export async function openPartialFile(path: string): Promise<PartialFile> {
  const temporary = `${path}.partial`;
  const handle = await open(temporary, 'w');
  let closed = false;
  const close = async () => {
    if (!closed) {
      closed = true;
      await handle.close();
    }
  };
  return {
    write: async (chunk) => {
      await handle.write(chunk);
    },
    commit: async () => {
      await close();
      await rename(temporary, path);
    },
    abort: async () => {
      await close();
      await rm(temporary, { force: true });
    },
  };
}

/** A partial file created on the first write (or on commit, for an empty body): nothing exists until then. */
export function openedOnFirstWrite(open: () => Promise<PartialFile>): PartialFile {
  let opening: Promise<PartialFile> | null = null;
  const file = () => (opening ??= open());
  return {
    write: async (chunk) => (await file()).write(chunk),
    commit: async () => (await file()).commit(),
    abort: async () => {
      if (opening) await (await opening).abort();
    },
  };
}
