import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { BasicConstraints } from 'pkijs';
import { describe, expect, it } from 'vitest';
import {
  loadOrCreateSandboxCa,
  sandboxCaPaths,
  SigningStoreError,
} from '../../../src/sandbox-server/signing/index.ts';
import { createAesGcmSecretBox, type SecretBox } from '../../../src/sandbox-server/crypto/secret-box.ts';
import { createCredentialFile } from '../../../src/sandbox-server/signing/credential-file.ts';
import { isSignedBy } from '../../../src/sandbox-server/signing/x509.ts';
import { newSecretBox, openssl, opensslVersion, tempDir, requireOrWarnOpenssl } from './signing-fixtures.ts';

requireOrWarnOpenssl('sandbox-ca');

function storeError(run: () => unknown): SigningStoreError {
  try {
    run();
  } catch (error) {
    if (error instanceof SigningStoreError) return error;
    throw error;
  }
  throw new Error('expected a SigningStoreError');
}

describe('loadOrCreateSandboxCa', () => {
  it('creates a self-signed "CN=Scambio Sandbox CA" valid for ten years', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    const ca = loadOrCreateSandboxCa(tempDir(), newSecretBox(), { now });
    const certificate = ca.certificate;
    expect(certificate.subject.typesAndValues.map((atv) => [atv.type, atv.value.valueBlock.value])).toEqual([
      ['2.5.4.3', 'Scambio Sandbox CA'],
    ]);
    expect(certificate.issuer.isEqual(certificate.subject)).toBe(true);
    expect(isSignedBy(certificate, certificate)).toBe(true);
    expect(certificate.notBefore.value <= now).toBe(true);
    expect(certificate.notAfter.value.toISOString()).toBe('2036-03-01T12:00:00.000Z');
    const basicConstraints = certificate.extensions?.find((extension) => extension.extnID === '2.5.29.19');
    expect(basicConstraints?.critical).toBe(true);
    expect((basicConstraints?.parsedValue as BasicConstraints).cA).toBe(true);
    expect(ca.certificatePem).toMatch(
      /^-----BEGIN CERTIFICATE-----\n[A-Za-z0-9+/=\n]+-----END CERTIFICATE-----\n$/,
    );
  });

  it('persists the CA: a second load from the same directory gives the same certificate and key', () => {
    const dir = tempDir();
    const box = newSecretBox();
    const first = loadOrCreateSandboxCa(dir, box);
    const second = loadOrCreateSandboxCa(dir, box);
    expect(second.certificateDer).toEqual(first.certificateDer);
    expect(second.privateKey.equals(first.privateKey)).toBe(true);
    expect(readFileSync(sandboxCaPaths(dir).certificatePem, 'utf8')).toBe(first.certificatePem);
  });

  it('stores the private key only sealed', () => {
    const dir = tempDir();
    const ca = loadOrCreateSandboxCa(dir, newSecretBox());
    const stored = readFileSync(sandboxCaPaths(dir).credential, 'utf8');
    const pkcs8 = ca.privateKey.export({ type: 'pkcs8', format: 'der' });
    expect(stored).not.toContain(pkcs8.toString('base64').slice(0, 200));
    expect(stored).not.toContain('PRIVATE KEY');
  });

  it('gives a clear error, naming the file, when the secret key is wrong', () => {
    const dir = tempDir();
    loadOrCreateSandboxCa(dir, newSecretBox());
    const error = storeError(() => loadOrCreateSandboxCa(dir, newSecretBox()));
    expect(error.code).toBe('key-not-decryptable');
    expect(error.file).toBe(sandboxCaPaths(dir).credential);
    expect(error.message).toMatch(/cannot be decrypted: the secret key is not the one it was stored with/);
  });

  it('never hands out a wrong key, even from a SecretBox that does not authenticate', () => {
    const xorBox = (key: number): SecretBox => ({
      seal: (plain) => Buffer.from(plain.map((byte) => byte ^ key)),
      open: (sealed) => Buffer.from(sealed.map((byte) => byte ^ key)),
    });
    const dir = tempDir();
    loadOrCreateSandboxCa(dir, xorBox(0x5a));
    expect(storeError(() => loadOrCreateSandboxCa(dir, xorBox(0x3c))).code).toBe('key-not-decryptable');
  });

  it('reports a damaged file as such, and does not replace it', () => {
    const dir = tempDir();
    const box = createAesGcmSecretBox(randomBytes(32));
    loadOrCreateSandboxCa(dir, box);
    writeFileSync(sandboxCaPaths(dir).credential, '{"format": "scambio-signing-credential", "version": 1');
    expect(storeError(() => loadOrCreateSandboxCa(dir, box)).code).toBe('file-damaged');
    expect(existsSync(sandboxCaPaths(dir).credential)).toBe(true);
  });

  it('never replaces a CA file that another process created first', () => {
    const dir = tempDir();
    const box = newSecretBox();
    const winner = loadOrCreateSandboxCa(dir, box);
    const loser = loadOrCreateSandboxCa(tempDir(), box);
    const path = sandboxCaPaths(dir).credential;
    expect(createCredentialFile(path, loser, box)).toBe(false);
    expect(loadOrCreateSandboxCa(dir, box).certificateDer).toEqual(winner.certificateDer);
  });

  it.skipIf(opensslVersion === null)('writes a PEM that openssl reads as a CA certificate', () => {
    const dir = tempDir();
    loadOrCreateSandboxCa(dir, newSecretBox());
    const result = openssl(
      [
        'x509',
        '-in',
        sandboxCaPaths(dir).certificatePem,
        '-noout',
        '-subject',
        '-ext',
        'basicConstraints,keyUsage',
      ],
      dir,
    );
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('subject=CN = Scambio Sandbox CA');
    expect(result.stdout).toContain('CA:TRUE');
    expect(result.stdout).toContain('Certificate Sign, CRL Sign');
    const selfVerify = openssl(
      ['verify', '-CAfile', sandboxCaPaths(dir).certificatePem, sandboxCaPaths(dir).certificatePem],
      dir,
    );
    expect(selfVerify.stdout.trim()).toBe(`${sandboxCaPaths(dir).certificatePem}: OK`);
  });
});
