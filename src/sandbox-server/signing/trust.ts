import { Certificate } from 'pkijs';

/**
 * Which signing certificates the simulated SDI trusts (00104). SDI trusts the qualified CAs of the EU trusted
 * lists, which an offline sandbox cannot consult: it trusts its own CA (sandbox-ca.ts, which signs what the
 * sandbox signs: `signature=Auto|Apply|Force`, the test kit, demo data) and the CA certificates its operator
 * names (`serve --trust-ca FILE.pem`), or, relaxed, every certificate (`serve --trust-any-certificate`).
 */
export interface TrustOptions {
  /** Every certificate is trusted: 00104 is never raised. */
  trustAnyCertificate?: boolean;
  /** More CA certificates (DER) to trust beside the sandbox CA, e.g. the test CA of a signing provider. */
  trustedCas?: readonly Uint8Array[];
}

export class SignatureTrust {
  /**
   * @param sandboxCa the sandbox CA's certificate (DER); asked for only when a signed file is checked, because
   *   a data folder's CA costs a key pair the first time.
   */
  constructor(
    private readonly sandboxCa: () => Uint8Array,
    private readonly options: TrustOptions = {},
  ) {}

  /** The CA certificates a signer's certificate must come from; undefined when any certificate will do. */
  anchors(): readonly Uint8Array[] | undefined {
    if (this.options.trustAnyCertificate) return undefined;
    return [this.sandboxCa(), ...(this.options.trustedCas ?? [])];
  }
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g;

/**
 * The certificates of a file given to `--trust-ca`: PEM with one or more certificates (a bundle), or one DER
 * certificate. Each is parsed, so that a wrong file is refused when the server starts rather than silently
 * trusting nothing. Throws a RangeError saying what is wrong.
 */
export function readTrustedCertificates(file: Uint8Array): Uint8Array[] {
  const text = new TextDecoder('latin1').decode(file);
  const blocks = [...text.matchAll(PEM_CERTIFICATE)].map(
    (match) => new Uint8Array(Buffer.from((match[1] ?? '').replace(/\s+/g, ''), 'base64')),
  );
  // A copy of a DER file: pkijs reads an ArrayBuffer-backed view (the package's DOM typings say so).
  const certificates = blocks.length > 0 ? blocks : text.includes('-----BEGIN') ? [] : [new Uint8Array(file)];
  if (certificates.length === 0) throw new RangeError('it holds no PEM "CERTIFICATE" block');
  for (const der of certificates) {
    try {
      Certificate.fromBER(der);
    } catch {
      throw new RangeError('it holds something that is not an X.509 certificate');
    }
  }
  return certificates;
}
