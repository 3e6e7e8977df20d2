/**
 * Recurring invoices (issue 29 §3): when they fall, what each occurrence's draft says, and what is due on a day.
 * The expected dates are worked out by hand from the calendar.
 */
import { describe, expect, it } from 'vitest';
import { emptyDraft, emptyPaymentDetail } from '../../../src/shared/fatturapa/compose/draft.ts';
import {
  checkSchedule,
  draftForOccurrence,
  dueOccurrences,
  fillPeriodWords,
  nextOccurrence,
  occurrencesBetween,
  proposedSchedule,
  reschedule,
  resumed,
  shiftByMonths,
  templateOf,
  type RecurringSchedule,
  type RecurringTemplate,
} from '../../../src/shared/recurring/index.ts';

const monthly = (day: number, start: string, end: string | null = null): RecurringSchedule => ({
  every: 'month',
  day,
  start,
  end,
});

function template(schedule: RecurringSchedule, date = '2026-11-30'): RecurringTemplate {
  const draft = emptyDraft(date);
  draft.document.number = 'FT/2026/0007';
  draft.transmission.progressive = 'ABC';
  draft.lines[0]!.description = 'Canone {mese} {anno}';
  draft.lines[0]!.periodStart = '2026-11-01';
  draft.lines[0]!.periodEnd = '2026-11-30';
  draft.document.reasons = ['Servizio di assistenza, {trimestre}° trimestre {anno}'];
  draft.payments = [
    {
      conditions: 'TP02',
      details: [{ ...emptyPaymentDetail(), method: 'MP05', due: '2026-12-31', termsStart: '2026-11-30' }],
    },
  ];
  return templateOf(draft, {
    id: 't1',
    name: 'Canone',
    companyId: 3,
    schedule,
    source: { kind: 'draft' },
    created: '2026-11-30T10:00:00Z',
  });
}

describe('the schedule', () => {
  it('falls on the day of each month, on the last day when the month is shorter', () => {
    expect(occurrencesBetween(monthly(31, '2027-01-01'), null, '2027-05-31')).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
    ]);
    // 2028 is a leap year.
    expect(occurrencesBetween(monthly(30, '2028-02-01'), null, '2028-03-31')).toEqual([
      '2028-02-29',
      '2028-03-30',
    ]);
  });

  it('every quarter and every year, from the start month', () => {
    const quarterly: RecurringSchedule = { every: 'quarter', day: 15, start: '2026-11-01', end: null };
    expect(occurrencesBetween(quarterly, null, '2027-12-31')).toEqual([
      '2026-11-15',
      '2027-02-15',
      '2027-05-15',
      '2027-08-15',
      '2027-11-15',
    ]);
    const yearly: RecurringSchedule = { every: 'year', day: 29, start: '2028-02-01', end: null };
    expect(occurrencesBetween(yearly, null, '2030-12-31')).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
    ]);
  });

  it('not before the start day, not after the end, not again after the latest prepared', () => {
    // Started on the 20th: the 10th of that month is before it.
    expect(occurrencesBetween(monthly(10, '2026-11-20'), null, '2027-01-31')).toEqual([
      '2026-12-10',
      '2027-01-10',
    ]);
    expect(occurrencesBetween(monthly(1, '2026-12-01', '2027-02-01'), null, '2027-12-31')).toEqual([
      '2026-12-01',
      '2027-01-01',
      '2027-02-01',
    ]);
    expect(occurrencesBetween(monthly(1, '2026-12-01'), '2027-01-01', '2027-03-01')).toEqual([
      '2027-02-01',
      '2027-03-01',
    ]);
  });

  it('catches up at most three years at once', () => {
    expect(occurrencesBetween(monthly(1, '2020-01-01'), null, '2026-12-31')).toHaveLength(36);
  });

  it('says the next occurrence, or none once ended', () => {
    expect(nextOccurrence(monthly(5, '2026-12-01'), null)).toBe('2026-12-05');
    expect(nextOccurrence(monthly(5, '2026-12-01'), '2026-12-05')).toBe('2027-01-05');
    expect(nextOccurrence(monthly(5, '2026-12-01', '2026-12-31'), '2026-12-05')).toBeNull();
  });

  it('names what is wrong with a typed schedule', () => {
    expect(checkSchedule(monthly(1, '2026-12-01'))).toEqual([]);
    expect(checkSchedule(monthly(0, '2026-02-30', '2026-13-01'))).toEqual(['day', 'start', 'end']);
    expect(checkSchedule(monthly(1, '2026-12-01', '2026-11-01'))).toEqual(['endBeforeStart']);
  });

  it('moves a date by months, keeping a month end a month end', () => {
    expect(shiftByMonths('2026-11-30', 1)).toBe('2026-12-31');
    expect(shiftByMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(shiftByMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(shiftByMonths('2026-11-15', -11)).toBe('2025-12-15');
    expect(shiftByMonths('', 1)).toBe('');
  });

  it('proposes the same day one step after the invoice', () => {
    expect(proposedSchedule('2026-11-27')).toEqual({
      every: 'month',
      day: 27,
      start: '2026-12-27',
      end: null,
    });
    expect(proposedSchedule('2026-11-30', 'quarter').start).toBe('2027-02-28');
  });
});

describe('the draft of an occurrence', () => {
  it('is the template dated on the occurrence, its periods and due dates moved, its period words filled', () => {
    const t = template(monthly(31, '2026-12-01'));
    expect(t.draft.document.number).toBe('');
    const draft = draftForOccurrence(t, '2026-12-31', 'P1');
    expect(draft.document.date).toBe('2026-12-31');
    expect(draft.document.number).toBe('');
    expect(draft.transmission.progressive).toBe('P1');
    expect(draft.lines[0]!.description).toBe('Canone dicembre 2026');
    expect([draft.lines[0]!.periodStart, draft.lines[0]!.periodEnd]).toEqual(['2026-12-01', '2026-12-31']);
    expect(draft.document.reasons).toEqual(['Servizio di assistenza, 4° trimestre 2026']);
    expect(draft.payments[0]!.details[0]!.due).toBe('2027-01-31');
    expect(draft.payments[0]!.details[0]!.termsStart).toBe('2026-12-31');
    // The template itself is untouched.
    expect(t.draft.lines[0]!.description).toBe('Canone {mese} {anno}');
  });

  it('turns the invoice’s own month into period words when it becomes a template', () => {
    const draft = emptyDraft('2026-11-27');
    draft.lines[0]!.description = 'Canone novembre 2026, sede di Bologna';
    draft.lines.push({ ...draft.lines[0]!, description: 'Support November 2026' });
    draft.lines.push({ ...draft.lines[0]!, description: 'Ordine 2026/11, novembrete' });
    draft.document.reasons = ['Servizi di Novembre'];
    const t = templateOf(draft, {
      id: 't',
      name: 'n',
      companyId: null,
      schedule: proposedSchedule('2026-11-27'),
      source: { kind: 'draft' },
      created: '',
    });
    expect(t.draft.lines.map((l) => l.description)).toEqual([
      'Canone {mese} {anno}, sede di Bologna',
      // November is English and German alike: the first language that has the word (it, en, de) names it.
      'Support {Month} {year}',
      'Ordine 2026/11, novembrete',
    ]);
    expect(t.draft.document.reasons).toEqual(['Servizi di {Mese}']);
    const december = draftForOccurrence(t, '2026-12-27', 'P');
    expect(december.lines.map((l) => l.description)).toEqual([
      'Canone dicembre 2026, sede di Bologna',
      'Support December 2026',
      'Ordine 2026/11, novembrete',
    ]);
    expect(december.document.reasons).toEqual(['Servizi di Dicembre']);
  });

  it('fills the period words in each language', () => {
    expect(fillPeriodWords('{Month} {year} / {monat} {jahr} / Q{quarter}', '2027-03-01')).toBe(
      'March 2027 / März 2027 / Q1',
    );
    expect(fillPeriodWords('{mese} {unknown}', '2027-08-01')).toBe('agosto {unknown}');
  });
});

describe('what is due today', () => {
  it('each template not paused, from its latest prepared up to today', () => {
    const a = template(monthly(1, '2026-12-01'));
    const b = { ...template(monthly(15, '2026-12-01')), id: 't2', prepared: '2026-12-15' };
    const c = { ...template(monthly(1, '2026-12-01')), id: 't3', paused: true };
    expect(dueOccurrences([a, b, c], '2027-01-20')).toEqual([
      { templateId: 't1', date: '2026-12-01' },
      { templateId: 't1', date: '2027-01-01' },
      { templateId: 't2', date: '2027-01-15' },
    ]);
    expect(dueOccurrences([a], '2026-11-30')).toEqual([]);
  });

  it('a resumed template does not catch up what it missed while paused', () => {
    const paused = { ...template(monthly(1, '2026-12-01')), paused: true, prepared: '2026-12-01' };
    const again = resumed(paused, '2027-03-10');
    expect(again.paused).toBe(false);
    expect(dueOccurrences([again], '2027-03-10')).toEqual([]);
    expect(dueOccurrences([again], '2027-04-01')).toEqual([{ templateId: 't1', date: '2027-04-01' }]);
  });

  it('a new start forgets what was prepared before it', () => {
    const t = { ...template(monthly(1, '2026-12-01')), prepared: '2027-01-01' };
    expect(reschedule(t, monthly(10, '2027-01-01')).prepared).toBe('2027-01-01');
    expect(reschedule(t, monthly(10, '2027-02-01')).prepared).toBeNull();
  });
});
