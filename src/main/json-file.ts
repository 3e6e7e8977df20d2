import { readFileSync, renameSync, writeFileSync } from 'node:fs';

export interface JsonFile<T> {
  read(): T | null;
  write(value: T): void;
}

/** A small JSON document on disk, replaced atomically so a crash mid-write never leaves half a file. */
export function jsonFile<T>(path: string): JsonFile<T> {
  return {
    read() {
      try {
        return JSON.parse(readFileSync(path, 'utf8')) as T;
      } catch {
        return null;
      }
    },
    write(value) {
      const temp = `${path}.${process.pid}.tmp`;
      writeFileSync(temp, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
      renameSync(temp, path);
    },
  };
}

/** An in-memory stand-in, for tests. */
export function memoryJsonFile<T>(initial: T | null = null): JsonFile<T> & { value: T | null } {
  const file = {
    value: initial,
    read: () => (file.value === null ? null : (structuredClone(file.value) as T)),
    write: (value: T) => void (file.value = structuredClone(value)),
  };
  return file;
}
