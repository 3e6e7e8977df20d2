import { describe, expect, it } from 'vitest';
import { filesOfInput, sourceOf } from '../../../src/renderer/archive-import/chosen-files.ts';

/** A File as a folder input gives it: its path inside the folder in webkitRelativePath. */
function inFolder(path: string, content = 'x'): File {
  const file = new File([content], path.split('/').pop()!);
  Object.defineProperty(file, 'webkitRelativePath', { value: path });
  return file;
}

describe('the files the user chose', () => {
  it('takes a folder’s paths from webkitRelativePath, in path order, and reads each only when asked', async () => {
    const files = filesOfInput([inFolder('Fatture/2025/b.xml', 'bee'), inFolder('Fatture/2025/a.xml')]);
    expect(files.map((f) => [f.path, f.size])).toEqual([
      ['Fatture/2025/a.xml', 1],
      ['Fatture/2025/b.xml', 3],
    ]);
    expect(new TextDecoder().decode(await files[1]!.read())).toBe('bee');
  });

  it('names the import after the folder, the one file, or the first file and how many others', () => {
    const chosen = (...paths: string[]) =>
      paths.map((path) => ({ path, size: 0, read: async () => new Uint8Array() }));
    expect(sourceOf(chosen('Fatture 2025/a.xml', 'Fatture 2025/sub/b.xml'))).toEqual({
      name: 'Fatture 2025',
      others: 0,
    });
    expect(sourceOf(chosen('archivio-2025.zip'))).toEqual({ name: 'archivio-2025.zip', others: 0 });
    expect(sourceOf(chosen('a.xml', 'b.xml', 'c.xml'))).toEqual({ name: 'a.xml', others: 2 });
    expect(sourceOf(chosen('X/a.xml', 'Y/b.xml'))).toEqual({ name: 'a.xml', others: 1 });
  });
});
