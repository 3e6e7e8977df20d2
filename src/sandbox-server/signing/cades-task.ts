import { createPrivateKey } from 'node:crypto';
import { ownedBuffers, task } from '../workers/task.ts';
import { signCadesBes } from './cades.ts';
import { parseCertificate } from './x509.ts';

/**
 * A CAdES-BES signature made on the worker pool (SandboxSigner.signInvoiceWith): the credential crosses as
 * bytes, since key objects cannot.
 */
export interface SignCadesInput {
  content: Uint8Array;
  /** The signer's credential as bytes: certificate DER, its CA's, and the PKCS#8 DER private key. */
  certificateDer: Uint8Array;
  caCertificateDer: Uint8Array;
  privateKeyPkcs8: Uint8Array;
  signingTime: Date | null;
}

/** A CAdES-BES `.p7m` of `content` (cades.ts), on the thread. */
function signCades(input: SignCadesInput): Uint8Array {
  return signCadesBes(
    input.content,
    {
      certificate: parseCertificate(input.certificateDer),
      certificateDer: input.certificateDer,
      caCertificate: parseCertificate(input.caCertificateDer),
      caCertificateDer: input.caCertificateDer,
      privateKey: createPrivateKey({ key: Buffer.from(input.privateKeyPkcs8), format: 'der', type: 'pkcs8' }),
    },
    { signingTime: input.signingTime },
  );
}

/** The pool's task (the server's table is worker-tasks.ts). */
export const CADES_TASKS = {
  signCades: task({
    run: signCades,
    size: (input) => input.content.length,
    transfer: (output) => ownedBuffers([output]),
  }),
};

export type CadesTasks = typeof CADES_TASKS;
