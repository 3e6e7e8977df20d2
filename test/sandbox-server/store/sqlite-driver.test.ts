import { describe, expect, it } from 'vitest';
import { SQLITE_PACKAGE, sqlitePackageFor } from '../../../src/sandbox-server/store/sqlite-driver.ts';
import { startTestSandbox } from '../../support/sandbox.ts';

const versions = (node: string, electron?: string) =>
  ({ ...process.versions, node, electron }) as NodeJS.ProcessVersions;

describe('the SQLite driver per runtime', () => {
  it('uses the compiled build on Node 20 and the Node-API build in Electron and on Node ≥ 22', () => {
    expect(sqlitePackageFor(versions('20.20.2'))).toBe('better-sqlite3');
    expect(sqlitePackageFor(versions('22.12.0'))).toBe('better-sqlite3-napi');
    expect(sqlitePackageFor(versions('24.11.1', '45.4.1'))).toBe('better-sqlite3-napi');
  });

  it('runs the sandbox with the build chosen for this runtime', async () => {
    // `.ci/run` runs this file under Node 24 as well, which is how the Electron side's driver gets exercised.
    console.info(`SQLite driver under Node ${process.versions.node}: ${SQLITE_PACKAGE}`);
    const sandbox = await startTestSandbox();
    try {
      const created = await sandbox.caller('driver').post('/v1/company', {
        json: { vat: 'IT01234567897', fiscal_code: '01234567897', name: 'Driver Srl' },
      });
      expect(created.status).toBe(201);
      const version = sandbox.server.store.db.prepare('select sqlite_version() as v').get() as { v: string };
      expect(version.v).toMatch(/^3\./);
    } finally {
      await sandbox.close();
    }
  });
});
