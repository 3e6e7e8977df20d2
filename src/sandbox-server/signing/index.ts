import { signCadesBes } from './cades.ts';
import { loadOrCreateSandboxCa } from './sandbox-ca.ts';
import type { SandboxCa } from './sandbox-ca.ts';
import {
  certificateFits,
  issueSignerCertificate,
  issueSignerCertificateInBackground,
  organizationIdentifier,
} from './signer-certificates.ts';
import type { SignerCompany, SignerCredential } from './signer-certificates.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import type { TaskRunner } from '../workers/pool.ts';
import type { CadesTasks } from './cades-task.ts';

export { signCadesBes } from './cades.ts';
export type { CadesOptions } from './cades.ts';
export { SigningStoreError } from './credential-file.ts';
export type { SigningStoreErrorCode } from './credential-file.ts';
export { loadOrCreateSandboxCa, sandboxCaPaths, SANDBOX_CA_COMMON_NAME } from './sandbox-ca.ts';
export type { SandboxCa } from './sandbox-ca.ts';
export {
  issueSignerCertificate,
  organizationIdentifier,
  signerCredentialPath,
} from './signer-certificates.ts';
export type { IssueSignerOptions, SignerCompany, SignerCredential } from './signer-certificates.ts';

/** Signs invoices as the companies of one sandbox data directory, with certificates from its sandbox CA. */
export class SandboxSigner {
  // Opening a stored key means decrypting and parsing it: worth doing once per company, not per invoice.
  private readonly signers = new Map<string, SignerCredential>();
  /** Certificates being issued in the background, by company: concurrent first invoices share one. */
  private readonly issuing = new Map<string, Promise<SignerCredential>>();

  private constructor(readonly ca: SandboxCa) {}

  static open(dataDir: string, secretBox: SecretBox, options: { now?: Date } = {}): SandboxSigner {
    return new SandboxSigner(loadOrCreateSandboxCa(dataDir, secretBox, options));
  }

  /** For clients that want to trust the sandbox CA, e.g. `openssl cms -verify -CAfile`. */
  get caCertificatePem(): string {
    return this.ca.certificatePem;
  }

  /** The `.xml.p7m` (CAdES-BES, DER) of `xmlBytes` signed by `company` at `at`. */
  signInvoice(xmlBytes: Uint8Array, company: SignerCompany, at: Date): Uint8Array {
    return signCadesBes(xmlBytes, this.signerFor(company, at), { signingTime: at });
  }

  /**
   * {@link signInvoice} with the signature made by `runner` (the server's worker threads): the certificate
   * is found or issued here (its cache and files), the CAdES structure is built and signed there.
   */
  async signInvoiceWith(
    runner: TaskRunner<CadesTasks>,
    xmlBytes: Uint8Array,
    company: SignerCompany,
    at: Date,
  ): Promise<Uint8Array> {
    const signer = await this.signerInBackground(company, at);
    return runner.run('signCades', {
      content: xmlBytes,
      certificateDer: signer.certificateDer,
      caCertificateDer: signer.caCertificateDer,
      privateKeyPkcs8: new Uint8Array(signer.privateKey.export({ format: 'der', type: 'pkcs8' })),
      signingTime: at,
    });
  }

  private signerFor(company: SignerCompany, at: Date): SignerCredential {
    return (
      this.keptSigner(company, at) ??
      this.keep(company, issueSignerCertificate(this.ca, company, { now: at }))
    );
  }

  /** signerFor with a new certificate's key pair made off this thread. */
  private async signerInBackground(company: SignerCompany, at: Date): Promise<SignerCredential> {
    const kept = this.keptSigner(company, at);
    if (kept !== null) return kept;
    const key = organizationIdentifier(company.vat);
    let pending = this.issuing.get(key);
    if (pending === undefined) {
      pending = issueSignerCertificateInBackground(this.ca, company, { now: at }).finally(() =>
        this.issuing.delete(key),
      );
      this.issuing.set(key, pending);
    }
    const shared = await pending;
    // The one shared was asked for with another name or time, which its certificate may not fit.
    return this.keep(
      company,
      certificateFits(shared.certificate, company, at)
        ? shared
        : await issueSignerCertificateInBackground(this.ca, company, { now: at }),
    );
  }

  private keptSigner(company: SignerCompany, at: Date): SignerCredential | null {
    const kept = this.signers.get(organizationIdentifier(company.vat));
    return kept !== undefined && certificateFits(kept.certificate, company, at) ? kept : null;
  }

  private keep(company: SignerCompany, signer: SignerCredential): SignerCredential {
    this.signers.set(organizationIdentifier(company.vat), signer);
    return signer;
  }
}
