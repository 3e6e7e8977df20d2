/**
 * Which better-sqlite3 build this runtime loads. Node 20 (tests, `npm run sandbox`) uses better-sqlite3 12, compiled
 * at `npm install` for Node's ABI. Electron 45 (Node 24 inside, a different ABI) and any Node ≥ 22 use
 * better-sqlite3 13, installed under the alias `better-sqlite3-napi`: a Node-API build whose prebuilt binaries ship
 * inside the npm package, so one `npm install` serves both runtimes with no rebuild and no download (README,
 * "Native modules"). The two share one JavaScript API.
 */
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

export type SqliteDriver = typeof BetterSqlite3;

/** 13 refuses older Node (its prebuilds crash there), 12 has no Node-API build: the runtime decides. */
export function sqlitePackageFor(versions: NodeJS.ProcessVersions): 'better-sqlite3' | 'better-sqlite3-napi' {
  const nodeMajor = Number(versions.node.split('.')[0]);
  return versions.electron !== undefined || nodeMajor >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3';
}

const require = createRequire(import.meta.url);

export const SQLITE_PACKAGE = sqlitePackageFor(process.versions);
export const Database = require(SQLITE_PACKAGE) as SqliteDriver;
