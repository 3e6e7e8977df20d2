/**
 * Sending the draft. It is checked first: an input not understood, an error of the draft's own checks or a number
 * a sent invoice already has stops it, and the first problem is focused. Then it is validated as it will be sent
 * and submitted with one Idempotency-Key per draft and content, so a second click or a retry never stores it
 * twice; the server's problems go to their fields. A sent draft is removed, its parties remembered.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Send } from '../../shared/api/types.ts';
import {
  checkDraft,
  composeInvoice,
  draftFieldOf,
  type DraftLanguage,
} from '../../shared/fatturapa/compose/index.ts';
import { invoiceToXml } from '../../shared/fatturapa/model/to-xml.ts';
import type { ApiResponse, Gateway } from '../../shared/gateway/channels.ts';
import { ApiProblem, messageOf, problemOf, sendInvoiceXml, validateInvoiceXml } from '../data/api.ts';
import { sentAddress } from '../shell/routes.ts';
import { rememberCustomer, rememberResend, rememberSupplier, removeDraft, saveDraft } from './draft-store.ts';
import { focusFirstProblem, withHint, type ShownProblem } from './field-problems.tsx';
import { findNumberUse } from './sent-numbers.ts';
import type { DocumentNumber } from './use-document-number.ts';
import type { DraftChecks } from './use-draft-checks.ts';
import type { DraftSession } from './use-draft-session.ts';

export type Signature = 'None' | 'Apply' | 'Auto';

export interface SendDraft {
  /** How the file is signed: SDI's query parameter `signature`. */
  signature: Signature;
  setSignature: (signature: Signature) => void;
  /** A submission is under way: Send and Discard wait. */
  busy: boolean;
  /** Why the last Send did not send, in a sentence. */
  error: string | null;
  setError: (error: string | null) => void;
  send: () => Promise<void>;
}

/** A short hash of the XML: a new Idempotency-Key whenever what is sent changed since the last attempt. */
function hashOf(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return `${text.length}:${h.toString(16)}`;
}

export function useSendDraft(
  gateway: Gateway,
  profile: string | null,
  lang: DraftLanguage,
  session: DraftSession,
  checks: DraftChecks,
  number: DocumentNumber,
): SendDraft {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { stored, debounced, setStored } = session;
  const { setServerProblems } = checks;
  const [signature, setSignature] = useState<Signature>('Auto');
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [focusPending, setFocusPending] = useState(false);

  // After a Send stopped by problems: once they are on the screen, the first one is focused.
  useEffect(() => {
    if (!focusPending || debounced !== stored) return;
    setFocusPending(false);
    requestAnimationFrame(focusFirstProblem);
  }, [focusPending, debounced, stored]);

  const send = async () => {
    if (!stored || !profile || sendingRef.current) return;
    // Never sent with a field the user has not been understood in: it holds nothing, or less than was typed.
    if (checks.typedPending()) {
      setSendError(t('inputs.unanswered'));
      focusFirstProblem();
      return;
    }
    // Send checks every field: every problem shows, and an error stops the sending at the first one.
    checks.revealed.setRevealAll(true);
    const errors = checkDraft(stored.draft, { lang }).filter((p) => p.severity === 'error');
    if (errors.length > 0) {
      setSendError(t('compose.sendBlocked', { count: errors.length }));
      setFocusPending(true);
      return;
    }
    sendingRef.current = true;
    setSending(true);
    setSendError(null);
    setServerProblems([]);
    try {
      // Asked again now, not trusted from a minute ago: SDI would discard a number already used (00404).
      const used = await findNumberUse(gateway, stored.draft).catch(() => null);
      if (used) {
        number.setUsed(used);
        setSendError(t('compose.sendBlocked', { count: 1 }));
        setFocusPending(true);
        return;
      }
      const composed = composeInvoice(stored.draft);
      const xml = invoiceToXml(composed.json);
      const hash = hashOf(xml);
      // One key per draft and content: a second click or a retry of the same file never stores it twice.
      const key = stored.attempt?.hash === hash ? stored.idempotencyKey : crypto.randomUUID();
      const withKey = { ...stored, idempotencyKey: key, attempt: { hash } };
      setStored(withKey);
      saveDraft(profile, withKey);
      const headers = { 'content-type': 'application/xml' };
      const refused = (response: ApiResponse) => {
        const problem = problemOf(response);
        const mapped = (problem?.errors ?? []).map((e): ShownProblem => ({
          field: e.path ? draftFieldOf(composed.fieldMap, e.path) : '',
          element: e.path ?? '',
          code: e.code ?? '',
          text: withHint(e.description, e.hint),
        }));
        setServerProblems(mapped);
        setSendError(mapped.length > 0 ? t('compose.sendRefused') : new ApiProblem(response).message);
      };
      // Checked as it will be sent: a PA invoice (FPA12) must be signed, which "sign when required" does.
      const check = await validateInvoiceXml(gateway, xml, { query: { signature }, headers });
      if (check.status !== 204) return refused(check);
      const response = await sendInvoiceXml(gateway, xml, {
        query: { signature },
        headers: { ...headers, 'Idempotency-Key': key },
      });
      if (response.cancelled === 'live-send') return setSendError(t('compose.declined'));
      if (response.status !== 201) return refused(response);
      const sent = response.body as Send;
      rememberCustomer(profile, stored.draft.customer);
      if (stored.source?.mode === 'correct') rememberResend(profile, sent.id, stored.source.sendId);
      if (stored.companyId !== null) rememberSupplier(profile, stored.companyId, stored.draft.supplier);
      removeDraft(profile, stored.id);
      navigate(sentAddress(sent.id));
    } catch (e) {
      setSendError(t('compose.sendFailed', { message: messageOf(e) }));
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  };

  return { signature, setSignature, busy: sending, error: sendError, setError: setSendError, send };
}
