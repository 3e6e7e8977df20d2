import { spawnSync } from 'node:child_process';
import { OPENSSL, skipWithout } from '../../support/system-tools.ts';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { createAesGcmSecretBox } from '../../../src/sandbox-server/crypto/secret-box.ts';
import type { SecretBox } from '../../../src/sandbox-server/crypto/secret-box.ts';

/**
 * A fresh directory, removed when the current test finishes. Tied to the test, not to a module-level `afterEach`:
 * the unit files share one module graph per worker (vitest.config.ts), so a hook registered when this module is
 * first imported would serve only the first file that imports it.
 */
export function tempDir(prefix = 'scambio-signing-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export function newSecretBox(): SecretBox {
  return createAesGcmSecretBox(randomBytes(32));
}

export const ACME = { vat: 'IT12345678903', name: 'ACME Servizi S.r.l.' };

export const INVOICE_XML = new TextEncoder().encode(
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<p:FatturaElettronica xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2" versione="FPR12">' +
    '<FatturaElettronicaHeader/><FatturaElettronicaBody/></p:FatturaElettronica>\n',
);

export interface OpensslResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function openssl(args: string[], cwd: string): OpensslResult {
  const result = spawnSync('openssl', args, { cwd, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}

/** The openssl version, or null where there is none (its tests then skip: test/support/system-tools.ts). */
export const opensslVersion = OPENSSL.present
  ? spawnSync('openssl', ['version'], { encoding: 'utf8' }).stdout.trim()
  : null;

/** Where openssl is missing, its tests skip with the reason (or fail, where CI requires it). */
export function requireOrWarnOpenssl(suite: string): void {
  skipWithout(OPENSSL, suite);
}
