/** Recurring invoices: a template with its schedule, and the draft of each occurrence. */
export {
  MAX_OCCURRENCES,
  MONTHS_OF,
  RECURRING_EVERY,
  checkSchedule,
  dayInMonth,
  isIsoDate,
  lastDayOf,
  monthsBetween,
  nextOccurrence,
  occurrencesBetween,
  shiftByMonths,
} from './schedule.ts';
export type { RecurringEvery, RecurringSchedule, ScheduleProblem } from './schedule.ts';
export { proposedSchedule, reschedule, resumed, templateOf } from './template.ts';
export type { RecurringTemplate } from './template.ts';
export { PERIOD_TOKENS, draftForOccurrence, fillPeriodWords, periodWordsOf } from './prepare.ts';
export { dueOccurrences } from './due.ts';
export type { DueOccurrence } from './due.ts';
