/**
 * Sending several drafts in one go, one after the other, as the composer sends one (compose/submit-draft.ts): each
 * with its own Idempotency-Key kept with the draft, so a batch stopped, failed or run again never stores an
 * invoice twice. A draft whose number is the app's own (blank, or the one it proposed) gets the next free number
 * just before it is sent, so five drafts written on the same morning do not all go out as number 7; a number the
 * user typed is kept, and refused if a sent invoice has it.
 */
import type { Send } from '../../shared/api/types.ts';
import { checkDraft, type DraftLanguage } from '../../shared/fatturapa/compose/index.ts';
import type { Gateway } from '../../shared/gateway/channels.ts';
import { contactName } from '../../shared/registry/index.ts';
import { messageOf } from '../data/api.ts';
import { listDrafts, saveDraft, type StoredDraft } from '../compose/draft-store.ts';
import { nextNumber, numberOwnerOf, seriesTemplateOf } from '../compose/next-number.ts';
import { submitDraft, type Signature } from '../compose/submit-draft.ts';

/**
 * Where one draft of a batch is: waiting its turn, being sent, sent (SDI has it), refused (it needs a change
 * first), failed (the service could not be reached: sending it again is safe), stopped before its turn, or gone
 * (no longer among the drafts: sent or discarded elsewhere).
 */
export type BatchState = 'waiting' | 'sending' | 'sent' | 'refused' | 'failed' | 'stopped' | 'gone';

/** Why a draft was refused, for the row to say. */
export type RefusalReason =
  | { kind: 'checks'; count: number }
  | { kind: 'numberUsed'; number: string; sendId: number }
  | { kind: 'service'; message: string; problems: string[] }
  | { kind: 'declined' };

export interface BatchRow {
  draftId: string;
  /** The number and customer as the row started, to name it after the draft is gone. */
  number: string;
  customer: string;
  state: BatchState;
  sent?: Send;
  refusal?: RefusalReason;
  /** A failure's words. */
  failure?: string;
}

/** A draft's number is the app's to give while it is blank or still the one the app proposed. */
export function numberIsTheApps(stored: StoredDraft): boolean {
  const number = stored.draft.document.number.trim();
  return number === '' || number === stored.proposedNumber;
}

/** How many errors the draft's own checks find; a blank number the app is to give is none. */
export function draftErrors(stored: StoredDraft, lang: DraftLanguage): number {
  const checked =
    stored.draft.document.number.trim() === '' && numberIsTheApps(stored)
      ? { ...stored.draft, document: { ...stored.draft.document, number: '1' } }
      : stored.draft;
  return checkDraft(checked, { lang }).filter((p) => p.severity === 'error').length;
}

export function customerName(stored: StoredDraft): string {
  return contactName(stored.draft.customer);
}

export function batchRowOf(stored: StoredDraft): BatchRow {
  return {
    draftId: stored.id,
    number: stored.draft.document.number,
    customer: customerName(stored),
    state: 'waiting',
  };
}

export interface BatchOptions {
  signature: Signature;
  lang: DraftLanguage;
  /** Aborted: the draft being sent finishes, the others are stopped. */
  signal: AbortSignal;
  /** Hears each row as it changes. */
  onRow: (row: BatchRow) => void;
}

/** Sends one draft of a batch and says how it went. Never throws: a failure is the row's state. */
async function sendOne(
  gateway: Gateway,
  profile: string,
  row: BatchRow,
  options: BatchOptions,
): Promise<BatchRow> {
  // Read again now: the draft may have been edited, sent or discarded since it was chosen.
  let stored = listDrafts(profile).find((d) => d.id === row.draftId);
  if (!stored) return { ...row, state: 'gone' };
  const errors = draftErrors(stored, options.lang);
  if (errors > 0) return { ...row, state: 'refused', refusal: { kind: 'checks', count: errors } };
  try {
    // A draft tried before keeps the number of that attempt: its key is for that file (submit-draft.ts).
    if (numberIsTheApps(stored) && stored.attempt === null) {
      const owner = numberOwnerOf(stored.draft, stored.companyId);
      const year = stored.draft.document.date.slice(0, 4);
      if (owner !== null && /^\d{4}$/.test(year)) {
        const template = seriesTemplateOf(profile, stored.companyId, stored.draft.document.type);
        const number = await nextNumber(gateway, owner, year, template);
        stored = {
          ...stored,
          proposedNumber: number,
          draft: { ...stored.draft, document: { ...stored.draft.document, number } },
        };
        saveDraft(profile, stored);
      }
    }
    const numbered = { ...row, number: stored.draft.document.number };
    const outcome = await submitDraft(gateway, profile, stored, { signature: options.signature });
    switch (outcome.kind) {
      case 'sent':
        return { ...numbered, state: 'sent', sent: outcome.send };
      case 'numberUsed':
        return {
          ...numbered,
          state: 'refused',
          refusal: { kind: 'numberUsed', number: outcome.use.number, sendId: outcome.use.sendId },
        };
      case 'refused':
        return {
          ...numbered,
          state: 'refused',
          refusal: {
            kind: 'service',
            message: outcome.message,
            problems: outcome.problems.map((p) => p.text),
          },
        };
      case 'declined':
        return { ...numbered, state: 'refused', refusal: { kind: 'declined' } };
    }
  } catch (error) {
    // The number given stays with the draft (its key was made for that file): the row says it.
    const number = listDrafts(profile).find((d) => d.id === row.draftId)?.draft.document.number ?? row.number;
    return { ...row, number, state: 'failed', failure: messageOf(error) };
  }
}

/**
 * Sends `rows`' drafts in order, telling each row's changes. A declined live submission stops the batch: the user
 * said no to sending, not to one invoice.
 */
export async function runBatch(
  gateway: Gateway,
  profile: string,
  rows: readonly BatchRow[],
  options: BatchOptions,
): Promise<BatchRow[]> {
  const done: BatchRow[] = [];
  let stop = false;
  for (const row of rows) {
    if (stop || options.signal.aborted) {
      const stopped = { ...row, state: 'stopped' as const };
      options.onRow(stopped);
      done.push(stopped);
      continue;
    }
    options.onRow({ ...row, state: 'sending' });
    const outcome = await sendOne(gateway, profile, row, options);
    options.onRow(outcome);
    done.push(outcome);
    if (outcome.refusal?.kind === 'declined') stop = true;
  }
  return done;
}

/** The rows a retry sends again: those stopped or failed (a refused one needs a change first). */
export function rowsToRetry(rows: readonly BatchRow[]): BatchRow[] {
  return rows
    .filter((r) => r.state === 'failed' || r.state === 'stopped')
    .map((r) => ({ ...r, state: 'waiting' }));
}
