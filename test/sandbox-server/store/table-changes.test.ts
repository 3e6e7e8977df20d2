import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/sandbox-server/store/database.ts';
import type { Db } from '../../../src/sandbox-server/store/database.ts';
import { TableChanges } from '../../../src/sandbox-server/store/table-changes.ts';

/** Two connections on one file: `ours` keeps stamps, `theirs` stands for another process (the CLI). */
describe('TableChanges', () => {
  let dir: string;
  let ours: Db;
  let theirs: Db;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'scambio-changes-'));
    const file = join(dir, 'db.sqlite');
    ours = openDatabase(file);
    ours.exec('CREATE TABLE a (x INTEGER); CREATE TABLE b (x INTEGER)');
    theirs = openDatabase(file);
  });

  afterEach(() => {
    ours.close();
    theirs.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const nextRun = () => new Promise<void>((resolve) => setImmediate(resolve));

  it("changes a table's stamp on this connection's own writes at once, and only that table's", () => {
    const changes = TableChanges.of(ours);
    const a = changes.stamp(['a']);
    const b = changes.stamp(['b']);
    ours.prepare('INSERT INTO a VALUES (1)').run();
    expect(changes.stamp(['a'])).not.toBe(a);
    expect(changes.stamp(['b'])).toBe(b);
  });

  it("sees another connection's commit from the next synchronous run on, for every table", async () => {
    const changes = TableChanges.of(ours);
    const a = changes.stamp(['a']);
    const b = changes.stamp(['b']);
    await nextRun();
    expect(changes.stamp(['a', 'b'])).toBe(`${a},${b}`);
    theirs.prepare('INSERT INTO a VALUES (1)').run();
    // Within the run that already asked, the answer stands, as if this run had happened just before the commit…
    expect(changes.stamp(['a'])).toBe(a);
    await nextRun();
    // …and the next run sees it.
    expect(changes.stamp(['a'])).not.toBe(a);
    expect(changes.stamp(['b'])).not.toBe(b);
  });

  it('keeps nothing inside a transaction', () => {
    const changes = TableChanges.of(ours);
    ours.transaction(() => expect(changes.stamp(['a'])).toBeNull())();
    expect(changes.stamp(['a'])).not.toBeNull();
  });
});
