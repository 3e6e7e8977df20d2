import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/sandbox-server/store/database.ts';
import { GroupCommit } from '../../../src/sandbox-server/store/group-commit.ts';
import { Database } from '../../../src/sandbox-server/store/sqlite-driver.ts';

/**
 * Submissions of one event-loop turn commit together (store/group-commit.ts): each must still be all-or-nothing
 * on its own, and nobody may hear of success before the commit.
 */
let dir: string;
let db: Db;
let observer: Db;
let group: GroupCommit;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'scambio-group-commit-'));
  db = new Database(join(dir, 'db.sqlite')) as Db;
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.exec(`CREATE TABLE parent (id INTEGER PRIMARY KEY);
           CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL,
             parent_id INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED);
           INSERT INTO parent (id) VALUES (1);`);
  observer = new Database(join(dir, 'db.sqlite')) as Db;
  group = new GroupCommit(db);
});
afterEach(() => {
  observer.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const insert =
  (name: string, parent: number | null = 1) =>
  () =>
    Number(db.prepare('INSERT INTO item (name, parent_id) VALUES (?, ?)').run(name, parent).lastInsertRowid);
const names = (from: Db) =>
  (from.prepare('SELECT name FROM item ORDER BY id').pluck().all() as string[]).join(',');

describe('a group commit', () => {
  it('commits the works of one turn in one transaction, visible to nobody before every caller is told', async () => {
    const seenInside: boolean[] = [];
    const works = ['a', 'b', 'c'].map((name) =>
      group.run(() => {
        seenInside.push(db.inTransaction);
        return insert(name)();
      }),
    );
    // Queued, not yet run: another connection sees nothing.
    expect(names(observer)).toBe('');
    expect(await Promise.all(works)).toEqual([1, 2, 3]);
    expect(seenInside).toEqual([true, true, true]);
    expect(names(observer)).toBe('a,b,c');
  });

  it('shares one commit: a reference one work leaves dangling and the next satisfies goes through', async () => {
    // Checked at COMMIT only (deferred): alone, the first work would fail.
    const dangling = group.run(insert('child of 2', 2));
    const parent = group.run(() => db.prepare('INSERT INTO parent (id) VALUES (2)').run().changes);
    await expect(Promise.all([dangling, parent])).resolves.toEqual([1, 1]);
    expect(names(observer)).toBe('child of 2');
  });

  it('rolls back only the work that failed, and tells only its caller', async () => {
    const good = group.run(insert('kept'));
    const bad = group.run(() => {
      insert('half-written')();
      throw new Error('invalid invoice');
    });
    const alsoGood = group.run(insert('also kept'));
    await expect(bad).rejects.toThrow('invalid invoice');
    await expect(good).resolves.toBe(1);
    await expect(alsoGood).resolves.toBeGreaterThan(1);
    expect(names(observer)).toBe('kept,also kept');
  });

  it('runs each work alone when the group cannot commit as one, so one bad work costs only itself', async () => {
    // The dangling reference passes its own statement (the key is deferred) and fails only at COMMIT.
    const results = await Promise.allSettled([
      group.run(insert('before')),
      group.run(insert('dangling', 99)),
      group.run(insert('after')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(names(observer)).toBe('before,after');
  });

  it('starts a new group for works queued after a flush', async () => {
    await group.run(insert('first'));
    await group.run(insert('second'));
    expect(names(observer)).toBe('first,second');
  });
});
