import { detectPayloadKind } from '../../shared/fatturapa/index.ts';
import type { SdiLookups, SdiLookupSource } from '../domain/invoice-validation.ts';
import type { SignatureTrust } from '../signing/trust.ts';
import type { Store } from '../store/store.ts';

export interface SdiLookupOptions {
  /** `serve --lenient-ipa`: FPA12 office codes are not checked against the directory. */
  lenientIpa?: boolean;
}

/**
 * SDI's lookups as this sandbox holds them: the directory of public administration offices (store/pa-offices.ts)
 * and the CAs it trusts (signing/trust.ts). Validation and SDI's own checks ask the same source, so that
 * `/send/validate*` and a send agree.
 */
export function sdiLookups(
  store: Store,
  trust: SignatureTrust,
  options: SdiLookupOptions = {},
): SdiLookupSource {
  return (scope, bytes) => {
    const lookups: SdiLookups = {};
    // The directory is the sandbox's own, kept by test keys: a live key's FPA12 goes to a real office, which an
    // offline copy cannot look up, so it is not judged.
    if (scope.environment === 'test' && !options.lenientIpa) lookups.paOffices = store.paOffices.statuses();
    // Only a signed file has a certificate to judge; asking for the anchors of any other would make the sandbox CA
    // of a new data folder (a key pair) for nothing.
    const kind = detectPayloadKind(bytes);
    if (kind === 'p7m-der' || kind === 'p7m-base64') {
      const anchors = trust.anchors();
      if (anchors !== undefined) lookups.trustedCas = anchors;
    }
    return lookups;
  };
}
