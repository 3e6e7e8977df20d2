import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSandboxStore, startSandboxServer } from '../../src/sandbox-server/server.ts';
import { invoiceXml, italianVat } from '../support/invoices.ts';
import { electronBinary } from '../../src/sandbox-server/testing/electron-host.ts';
import { basicAuth } from '../support/sandbox-process.ts';
import { localSandboxJourney } from './support/journey.ts';

const repo = new URL('../../', import.meta.url).pathname;

describe('the desktop app, with Playwright _electron', () => {
  it('opens on the local sandbox dashboard, switches language and quits cleanly', async (context) => {
    const binary = electronBinary();
    if ('reason' in binary) {
      console.warn(`[electron journey] skipped: ${binary.reason}`);
      return context.skip(binary.reason);
    }

    execFileSync(process.execPath, [join(repo, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], {
      cwd: repo,
      stdio: 'ignore',
      timeout: 120_000,
    });
    // A data folder prepared the headless way, with one sent invoice: the app must open the same data.
    const userData = mkdtempSync(join(tmpdir(), 'scambio-electron-'));
    try {
      const seed = await startSandboxServer({ dataDir: userData, port: 0, uiDir: null });
      const { key } = seed.services.keys.create({ account: 'default', environment: 'test' });
      await fetch(`${seed.baseUrl}/send/xml`, {
        method: 'POST',
        headers: basicAuth(key),
        body: invoiceXml({ supplierVat: italianVat(78) }),
      });
      await seed.close();

      const app = await electron.launch({
        executablePath: binary.path,
        args: [repo, `--user-data-dir=${userData}`],
        env: { ...process.env, SCAMBIO_LOG_LEVEL: 'silent', ELECTRON_RENDERER_URL: '' },
        timeout: 30_000,
      });
      const exited = new Promise<number | null>((resolve) =>
        app.process().once('exit', (code) => resolve(code)),
      );
      try {
        const page = await app.firstWindow({ timeout: 30_000 });
        await localSandboxJourney(page, { sent: 1 });
        // The menu's own actions reach the window: "Export ZIP…" opens the export screen.
        await app.evaluate(({ Menu }) => Menu.getApplicationMenu()?.getMenuItemById('export')?.click());
        await page.getByRole('heading', { name: 'Export' }).waitFor({ timeout: 15_000 });
        expect(await page.evaluate(() => typeof (window as { require?: unknown }).require)).toBe('undefined');
      } finally {
        await app.close();
      }
      expect(await exited).toBe(0);
      // A clean quit: the sandbox process closed the database (SQLite removes the WAL file on the last close)
      // and revoked the run's key, so only the seed's key is still valid.
      expect(existsSync(join(userData, 'scambio.sqlite-wal'))).toBe(false);
      const store = openSandboxStore(userData);
      try {
        expect(store.db.prepare('select count(*) as n from api_keys where revoked is null').get()).toEqual({
          n: 1,
        });
      } finally {
        store.close();
      }
    } finally {
      rmSync(userData, { recursive: true, force: true });
    }
  });
});
