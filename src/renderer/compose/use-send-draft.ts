/**
 * Sending the draft from the composer. It is checked first: an input not understood, an error of the draft's own
 * checks or a number a sent invoice already has stops it, and the first problem is focused. Then submit-draft.ts
 * validates and submits it (one Idempotency-Key per draft and content); the server's problems go to their fields.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { checkDraft, type DraftLanguage } from '../../shared/fatturapa/compose/index.ts';
import type { Gateway } from '../../shared/gateway/channels.ts';
import { messageOf } from '../data/api.ts';
import { sentAddress } from '../shell/routes.ts';
import { focusFirstProblem } from './field-problems.tsx';
import { submitDraft, type Signature } from './submit-draft.ts';
import type { DocumentNumber } from './use-document-number.ts';
import type { DraftChecks } from './use-draft-checks.ts';
import type { DraftSession } from './use-draft-session.ts';

export type { Signature } from './submit-draft.ts';

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
      const outcome = await submitDraft(gateway, profile, stored, { signature, keyed: setStored });
      if (outcome.kind === 'numberUsed') {
        number.setUsed(outcome.use);
        setSendError(t('compose.sendBlocked', { count: 1 }));
        setFocusPending(true);
      } else if (outcome.kind === 'declined') setSendError(t('compose.declined'));
      else if (outcome.kind === 'refused') {
        setServerProblems(outcome.problems);
        setSendError(outcome.problems.length > 0 ? t('compose.sendRefused') : outcome.message);
      } else navigate(sentAddress(outcome.send.id));
    } catch (e) {
      setSendError(t('compose.sendFailed', { message: messageOf(e) }));
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  };

  return { signature, setSignature, busy: sending, error: sendError, setError: setSendError, send };
}
