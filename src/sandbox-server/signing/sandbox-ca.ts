import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RelativeDistinguishedNames } from 'pkijs';
import { createCredentialFile, readCredentialFile } from './credential-file.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import {
  addYears,
  basicConstraintsExtension,
  certificateDer,
  distinguishedName,
  generateSigningKeyPair,
  issueCertificate,
  KEY_USAGE,
  keyIdentifier,
  keyUsageExtension,
  OID,
  subjectKeyIdentifierExtension,
  toPem,
} from './x509.ts';
import type { SigningCredential } from './x509.ts';

export const SANDBOX_CA_COMMON_NAME = 'Scambio Sandbox CA';
const CA_VALIDITY_YEARS = 10;
/** Certificates start a little in the past so that a signer whose clock runs behind still sees them valid. */
export const CLOCK_SKEW_MS = 60 * 60 * 1000;

/** The per-data-directory CA that issues the sandbox signer certificates. */
export interface SandboxCa extends SigningCredential {
  readonly dataDir: string;
  readonly secretBox: SecretBox;
  readonly certificatePem: string;
  /** SHA-1 key identifier, referenced by the certificates it issues. */
  readonly keyIdentifier: Uint8Array;
}

export function signingDir(dataDir: string): string {
  return join(dataDir, 'signing');
}

export function sandboxCaPaths(dataDir: string): { credential: string; certificatePem: string } {
  return {
    credential: join(signingDir(dataDir), 'ca.json'),
    // Only an export for people who want to trust the sandbox CA in other tools; ca.json is authoritative.
    certificatePem: join(signingDir(dataDir), 'sandbox-ca.pem'),
  };
}

/**
 * Loads the sandbox CA of `dataDir`, creating it the first time. Its private key is stored sealed by
 * `secretBox`; a SigningStoreError('key-not-decryptable') says when the box cannot open it.
 */
export function loadOrCreateSandboxCa(
  dataDir: string,
  secretBox: SecretBox,
  options: { now?: Date } = {},
): SandboxCa {
  const paths = sandboxCaPaths(dataDir);
  let credential = readCredentialFile(paths.credential, secretBox);
  if (credential === null) {
    const created = createCaCredential(options.now ?? new Date());
    // Losing a creation race to another process means using its CA, never replacing it.
    credential = createCredentialFile(paths.credential, created, secretBox)
      ? created
      : readCredentialFile(paths.credential, secretBox);
    if (credential === null)
      throw new Error(`The sandbox CA file ${paths.credential} vanished while created`);
  }

  const certificatePem = toPem(credential.certificateDer);
  if (!existsSync(paths.certificatePem) || readFileSync(paths.certificatePem, 'utf8') !== certificatePem) {
    writeFileSync(paths.certificatePem, certificatePem);
  }
  return {
    ...credential,
    dataDir,
    secretBox,
    certificatePem,
    keyIdentifier: keyIdentifier(credential.certificate.subjectPublicKeyInfo),
  };
}

export function sandboxCaName(): RelativeDistinguishedNames {
  return distinguishedName([[OID.commonName, SANDBOX_CA_COMMON_NAME, 'utf8']]);
}

function createCaCredential(now: Date): SigningCredential {
  const { privateKey, publicKey } = generateSigningKeyPair();
  const certificate = issueCertificate(
    {
      subject: sandboxCaName(),
      publicKey,
      notBefore: new Date(now.getTime() - CLOCK_SKEW_MS),
      notAfter: addYears(now, CA_VALIDITY_YEARS),
      extensions: (spki) => [
        basicConstraintsExtension(true),
        keyUsageExtension(KEY_USAGE.keyCertSign | KEY_USAGE.cRLSign),
        subjectKeyIdentifierExtension(keyIdentifier(spki)),
      ],
    },
    { name: sandboxCaName(), privateKey },
  );
  return { certificate, certificateDer: certificateDer(certificate), privateKey };
}
