/**
 * Submitting one draft, as the composer's Send and a batch (drafts/) both do: the file composed, its number asked
 * again (SDI would discard one already used, 00404), validated as it will be sent, then submitted with one
 * Idempotency-Key per draft and content, kept with the draft before the call, so a second click, a retry or a batch
 * run again never stores it twice. A sent draft is removed and its parties remembered. A network failure throws:
 * the draft and its key stay, and sending it again is safe.
 */
import type { Send } from '../../shared/api/types.ts';
import { composeInvoice, draftFieldOf } from '../../shared/fatturapa/compose/index.ts';
import { invoiceToXml } from '../../shared/fatturapa/model/to-xml.ts';
import type { ApiResponse, Gateway } from '../../shared/gateway/channels.ts';
import { ApiProblem, problemOf, sendInvoiceXml, validateInvoiceXml } from '../data/api.ts';
import {
  rememberCustomer,
  rememberResend,
  rememberSupplier,
  removeDraft,
  saveDraft,
  type StoredDraft,
} from './draft-store.ts';
import { withHint, type ShownProblem } from './field-problems.tsx';
import type { NumberUse } from './form-parts.tsx';
import { findNumberUse } from './sent-numbers.ts';

/** How the file is signed: SDI's query parameter `signature`. */
export type Signature = 'None' | 'Apply' | 'Auto';

export type SubmitOutcome =
  | { kind: 'sent'; send: Send }
  /** A sent invoice already has the draft's number (same supplier, type and year). */
  | { kind: 'numberUsed'; use: NumberUse }
  /** Validation or submission refused it: the problems at their fields, or the answer's own words. */
  | { kind: 'refused'; problems: ShownProblem[]; message: string }
  /** On a live profile, the user said no to the submission. */
  | { kind: 'declined' };

/** A short hash of the XML: a new Idempotency-Key whenever what is sent changed since the last attempt. */
function hashOf(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return `${text.length}:${h.toString(16)}`;
}

/**
 * Submits `stored`. `keyed` hears the draft as kept with its key (before anything is submitted), so the caller
 * holds what storage holds. Throws on a failure to reach the service: nothing is lost, sending again is safe.
 */
export async function submitDraft(
  gateway: Gateway,
  profile: string,
  stored: StoredDraft,
  options: { signature: Signature; keyed?: (stored: StoredDraft) => void },
): Promise<SubmitOutcome> {
  const composed = composeInvoice(stored.draft);
  const xml = invoiceToXml(composed.json);
  const hash = hashOf(xml);
  // The same file tried before (its answer lost, or the batch stopped): its own key again, and no asking for its
  // number, which that earlier attempt may have taken; the service answers the first attempt's outcome again.
  const again = stored.attempt?.hash === hash && stored.idempotencyKey !== '';
  if (!again) {
    // Asked again now, not trusted from a minute ago.
    const used = await findNumberUse(gateway, stored.draft).catch(() => null);
    if (used) return { kind: 'numberUsed', use: used };
  }
  const key = again ? stored.idempotencyKey : crypto.randomUUID();
  const withKey: StoredDraft = { ...stored, idempotencyKey: key, attempt: { hash } };
  saveDraft(profile, withKey);
  options.keyed?.(withKey);

  const refused = (response: ApiResponse): SubmitOutcome => {
    const problems = (problemOf(response)?.errors ?? []).map((e): ShownProblem => ({
      field: e.path ? draftFieldOf(composed.fieldMap, e.path) : '',
      element: e.path ?? '',
      code: e.code ?? '',
      text: withHint(e.description, e.hint),
    }));
    return { kind: 'refused', problems, message: new ApiProblem(response).message };
  };
  const headers = { 'content-type': 'application/xml' };
  const query = { signature: options.signature };
  // Checked as it will be sent: a PA invoice (FPA12) must be signed, which "sign when required" does.
  const check = await validateInvoiceXml(gateway, xml, { query, headers });
  if (check.status !== 204) return refused(check);
  const response = await sendInvoiceXml(gateway, xml, {
    query,
    headers: { ...headers, 'Idempotency-Key': key },
  });
  if (response.cancelled === 'live-send') return { kind: 'declined' };
  if (response.status !== 201) return refused(response);
  const send = response.body as Send;
  rememberCustomer(profile, stored.draft.customer);
  if (stored.source?.mode === 'correct') rememberResend(profile, send.id, stored.source.sendId);
  if (stored.companyId !== null) rememberSupplier(profile, stored.companyId, stored.draft.supplier);
  removeDraft(profile, stored.id);
  return { kind: 'sent', send };
}
