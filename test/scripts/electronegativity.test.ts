import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// CI runs `npm run security:electron` on src/ and relies on its exit code; this shows the gate can close.
describe('the Electronegativity gate', () => {
  it('fails on a window with Node integration and no context isolation', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scambio-insecure-'));
    try {
      writeFileSync(
        join(dir, 'main.js'),
        `const { BrowserWindow } = require('electron');
new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false } });
`,
      );
      const run = spawnSync('npx', ['tsx', 'scripts/electronegativity.ts', dir], {
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(run.stderr).toMatch(/HIGH CONTEXT_ISOLATION_JS_CHECK/);
      expect(run.stderr).toMatch(/high-severity finding/);
      expect(run.status).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);
});
