import { createPrivateKey, createPublicKey, randomBytes } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Certificate } from 'pkijs';
import type { SecretBox } from '../crypto/secret-box.ts';
import { parseCertificate, spkiDer } from './x509.ts';
import type { SigningCredential } from './x509.ts';

const PRIVATE_KEY_LABEL = 'signing.private-key';

export type SigningStoreErrorCode = 'key-not-decryptable' | 'file-damaged';

/** A stored signing credential cannot be used; the message names the file and the likely cause. */
export class SigningStoreError extends Error {
  readonly code: SigningStoreErrorCode;
  readonly file: string;

  constructor(code: SigningStoreErrorCode, file: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SigningStoreError';
    this.code = code;
    this.file = file;
  }
}

interface CredentialFile {
  format: 'scambio-signing-credential';
  version: 1;
  /** Base64 DER. */
  certificate: string;
  /** Base64 of the PKCS#8 DER private key sealed by the SecretBox. */
  sealedKey: string;
}

// Certificate and key live in one file so that a crash can never leave one without the other.
function encode(credential: SigningCredential, secretBox: SecretBox): string {
  const pkcs8 = new Uint8Array(credential.privateKey.export({ type: 'pkcs8', format: 'der' }));
  const file: CredentialFile = {
    format: 'scambio-signing-credential',
    version: 1,
    certificate: Buffer.from(credential.certificateDer).toString('base64'),
    sealedKey: Buffer.from(secretBox.seal(pkcs8, PRIVATE_KEY_LABEL)).toString('base64'),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** Reads a credential file, or returns null when there is none. */
export function readCredentialFile(path: string, secretBox: SecretBox): SigningCredential | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }

  let file: CredentialFile;
  let certificateBytes: Uint8Array;
  let certificate: Certificate;
  try {
    file = JSON.parse(text) as CredentialFile;
    if (file.format !== 'scambio-signing-credential' || file.version !== 1) throw new Error('unknown format');
    certificateBytes = new Uint8Array(Buffer.from(file.certificate, 'base64'));
    certificate = parseCertificate(certificateBytes);
  } catch (cause) {
    throw new SigningStoreError('file-damaged', path, `The signing credential file ${path} is damaged`, {
      cause,
    });
  }

  const notDecryptable = (cause: unknown) =>
    new SigningStoreError(
      'key-not-decryptable',
      path,
      `The private key in ${path} cannot be decrypted: the secret key is not the one it was stored with, ` +
        'or the file is damaged',
      { cause },
    );
  let privateKey: KeyObject;
  try {
    const pkcs8 = secretBox.open(new Uint8Array(Buffer.from(file.sealedKey, 'base64')), PRIVATE_KEY_LABEL);
    privateKey = createPrivateKey({ key: Buffer.from(pkcs8), format: 'der', type: 'pkcs8' });
  } catch (cause) {
    throw notDecryptable(cause);
  }
  // A SecretBox without authentication would hand back some other key instead of failing.
  const expectedSpki = new Uint8Array(certificate.subjectPublicKeyInfo.toSchema().toBER());
  if (!Buffer.from(spkiDer(createPublicKey(privateKey))).equals(expectedSpki)) {
    throw notDecryptable(new Error('the private key does not match the certificate'));
  }
  return { certificate, certificateDer: certificateBytes, privateKey };
}

/**
 * Writes a credential file unless one already exists (another process may have won the race); returns
 * whether this call wrote it. The file appears complete or not at all.
 */
export function createCredentialFile(
  path: string,
  credential: SigningCredential,
  secretBox: SecretBox,
): boolean {
  const temporary = writeTemporary(path, encode(credential, secretBox));
  try {
    linkSync(temporary, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** Writes or replaces a credential file atomically. */
export function replaceCredentialFile(
  path: string,
  credential: SigningCredential,
  secretBox: SecretBox,
): void {
  const temporary = writeTemporary(path, encode(credential, secretBox));
  try {
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

function writeTemporary(path: string, text: string): string {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, text, { mode: 0o600, flag: 'wx' });
  return temporary;
}
