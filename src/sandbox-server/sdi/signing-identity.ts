import type { SecretBox } from '../crypto/secret-box.ts';
import { issueSignerCertificate, loadOrCreateSandboxCa, type SandboxCa } from '../signing/index.ts';
import { certificateFits, type SignerCredential } from '../signing/signer-certificates.ts';
import type { NotificationSigner } from './notifications/index.ts';

/** Whom the simulated SDI signs as: the real one is "Sistema Interscambio Fattura PA" of the Agenzia. */
const SDI_SIGNER = { vat: 'IT06363391001', name: 'Sistema Interscambio Fattura PA (sandbox)' };

/**
 * The key the simulated SDI signs every notification of both families with (XAdES-BES, as SdI does;
 * MessaggiTypes_v1.1 makes ds:Signature mandatory on the PA ones), certified by the data folder's sandbox
 * CA. Created on first use: a key pair costs time.
 */
export class SdiSigningIdentity {
  private ca: SandboxCa | null = null;
  private credential: SignerCredential | null = null;

  constructor(
    private readonly dataDir: string,
    private readonly box: SecretBox,
  ) {}

  /** A signer whose certificate is valid at `at` (sandbox time may have jumped past the last one). */
  signerAt(at: Date): NotificationSigner {
    this.ca ??= loadOrCreateSandboxCa(this.dataDir, this.box, { now: at });
    if (this.credential === null || !certificateFits(this.credential.certificate, SDI_SIGNER, at)) {
      this.credential = issueSignerCertificate(this.ca, SDI_SIGNER, { now: at });
    }
    return {
      privateKey: this.credential.privateKey,
      certificateDer: this.credential.certificateDer,
      signingTime: at,
    };
  }
}
