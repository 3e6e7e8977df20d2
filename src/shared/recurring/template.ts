/**
 * A recurring invoice: an invoice written once (a sent one, or a draft) kept as a template with its schedule. On
 * each occurrence the app prepares a draft from it (prepare.ts); nothing is sent without the user's click.
 */
import type { InvoiceDraft } from '../fatturapa/compose/draft.ts';
import { periodWordsOf } from './prepare.ts';
import {
  MONTHS_OF,
  occurrencesBetween,
  shiftByMonths,
  type RecurringEvery,
  type RecurringSchedule,
} from './schedule.ts';

export interface RecurringTemplate {
  id: string;
  /** What the user calls it ("Canone mensile Studio Bianchi"). */
  name: string;
  /** The supplier company (GET /company), as the draft's. */
  companyId: number | null;
  /** The invoice repeated, number blank: each occurrence gets the next number of its year when it is sent. */
  draft: InvoiceDraft;
  schedule: RecurringSchedule;
  /** The latest occurrence prepared as a draft; null: none yet. */
  prepared: string | null;
  /** Paused: no draft is prepared until resumed (the occurrences missed meanwhile are not caught up). */
  paused: boolean;
  created: string;
  /** Where it was made from: a sent invoice, or a draft. */
  source: { kind: 'sent'; sendId: number } | { kind: 'draft' };
}

/**
 * The schedule proposed for an invoice dated `date`: on its day of the month, starting one step later (the
 * invoice itself is this period's).
 */
export function proposedSchedule(date: string, every: RecurringEvery = 'month'): RecurringSchedule {
  return {
    every,
    day: Number(date.slice(8, 10)) || 1,
    start: shiftByMonths(date, MONTHS_OF[every]),
    end: null,
  };
}

/** A template of a draft: a copy, its number blank. */
export function templateOf(
  draft: InvoiceDraft,
  fields: Pick<RecurringTemplate, 'id' | 'name' | 'companyId' | 'schedule' | 'source' | 'created'>,
): RecurringTemplate {
  const copy = structuredClone(draft);
  copy.document.number = '';
  // "Canone novembre 2026" becomes "Canone {mese} {anno}": each occurrence names its own month (prepare.ts).
  const date = copy.document.date;
  copy.document.reasons = copy.document.reasons.map((reason) => periodWordsOf(reason, date));
  for (const line of copy.lines) line.description = periodWordsOf(line.description, date);
  // Each prepared draft gets its own ProgressivoInvio: the template's would name two files alike.
  copy.transmission.progressive = '';
  return { ...fields, draft: copy, prepared: null, paused: false };
}

/**
 * A template's occurrences after a change of schedule: what was prepared before the new start is forgotten, so the
 * new start's occurrence is prepared even when an older one was.
 */
export function reschedule(template: RecurringTemplate, schedule: RecurringSchedule): RecurringTemplate {
  const prepared =
    template.prepared !== null && template.prepared >= schedule.start ? template.prepared : null;
  return { ...template, schedule, prepared };
}

/**
 * A paused template resumed on `today`: the occurrences it missed while paused are counted as prepared, so only
 * the ones from now on are.
 */
export function resumed(template: RecurringTemplate, today: string): RecurringTemplate {
  const missed = occurrencesBetween(template.schedule, template.prepared, today).at(-1) ?? template.prepared;
  return { ...template, paused: false, prepared: missed };
}
