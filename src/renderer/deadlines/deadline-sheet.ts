/**
 * The deadlines as a spreadsheet (lists/list-export.ts writes it as CSV or XLSX): the filtered rows in the order
 * shown, with what a cash-flow plan or a reconciliation asks for: due date, kind, state, the counterparty and its
 * tax ids, the document and instalment, method and IBAN, then the amounts as plain decimals (the original, what
 * credit notes took off, what is owed, paid and outstanding). A credit note's amounts are negative, as on screen.
 */
import type { TFunction } from 'i18next';
import type { Deadline } from '../../shared/books/index.ts';
import { documentKey } from '../../shared/books/index.ts';
import { DOCUMENT_TYPES, PAYMENT_METHODS } from '../../shared/fatturapa/code-labels/index.ts';
import { decimalOfCents } from '../format/cents.ts';
import type { Cell, Sheet } from '../lists/list-export.ts';
import { calendarDay } from '../lists/list-sheet.ts';
import { instalmentCounts, statusKey } from './deadline-view.ts';

/** A code's name in the language, without the code (the code has its own column where it matters). */
export function codeName(
  labels: Record<string, { it: string; en: string; de: string }>,
  code: string,
  language: string,
): string {
  const entry = labels[code];
  if (!entry) return code;
  return language === 'en' || language === 'de' ? entry[language] : entry.it;
}

export function deadlineSheet(
  rows: readonly Deadline[],
  context: {
    t: TFunction;
    language: string;
    /** Every deadline, for "instalment 1 of 2" (the filter may leave one of them out). */
    all: readonly Deadline[];
    /** A company's name by its VAT number or tax code. */
    companyName: (row: Deadline) => string | null;
  },
): Sheet {
  const { t, language, companyName } = context;
  const counts = instalmentCounts(context.all);
  const columns: { header: string; kind: Sheet['kinds'][number]; value: (row: Deadline) => Cell }[] = [
    { header: t('deadlines.sheet.due'), kind: 'date', value: (r) => calendarDay(r.due) },
    {
      header: t('deadlines.sheet.kind'),
      kind: 'text',
      value: (r) => (r.direction === 'receivable' ? t('deadlines.receivable') : t('deadlines.payable')),
    },
    { header: t('deadlines.sheet.status'), kind: 'text', value: (r) => t(statusKey(r)) },
    { header: t('deadlines.sheet.counterparty'), kind: 'text', value: (r) => r.counterparty.name },
    { header: t('deadlines.sheet.vat'), kind: 'text', value: (r) => r.counterparty.vat },
    { header: t('deadlines.sheet.fiscalCode'), kind: 'text', value: (r) => r.counterparty.fiscalCode },
    {
      header: t('deadlines.sheet.company'),
      kind: 'text',
      value: (r) => companyName(r) ?? r.company.vat ?? r.company.fiscalCode,
    },
    {
      header: t('deadlines.sheet.type'),
      kind: 'text',
      value: (r) => `${r.type} ${codeName(DOCUMENT_TYPES, r.type, language)}`,
    },
    { header: t('deadlines.sheet.number'), kind: 'text', value: (r) => r.number },
    { header: t('deadlines.sheet.date'), kind: 'date', value: (r) => calendarDay(r.date) },
    {
      header: t('deadlines.sheet.instalment'),
      kind: 'text',
      value: (r) => `${r.position}/${counts.get(documentKey(r.document)) ?? r.position}`,
    },
    {
      header: t('deadlines.sheet.method'),
      kind: 'text',
      value: (r) => (r.method ? `${r.method} ${codeName(PAYMENT_METHODS, r.method, language)}` : null),
    },
    { header: t('deadlines.sheet.iban'), kind: 'text', value: (r) => r.iban },
    { header: t('deadlines.sheet.currency'), kind: 'text', value: (r) => r.currency },
    { header: t('deadlines.sheet.original'), kind: 'amount', value: (r) => decimalOfCents(r.original) },
    {
      header: t('deadlines.sheet.netted'),
      kind: 'amount',
      value: (r) => decimalOfCents(r.amount - r.original),
    },
    { header: t('deadlines.sheet.amount'), kind: 'amount', value: (r) => decimalOfCents(r.amount) },
    { header: t('deadlines.sheet.paid'), kind: 'amount', value: (r) => decimalOfCents(r.paid) },
    { header: t('deadlines.sheet.outstanding'), kind: 'amount', value: (r) => decimalOfCents(r.outstanding) },
  ];
  return {
    name: t('deadlines.sheet.name'),
    headers: columns.map((c) => c.header),
    kinds: columns.map((c) => c.kind),
    rows: rows.map((row) => columns.map((c) => c.value(row) ?? null)),
    total: {
      label: t('deadlines.sheet.total'),
      currencyColumn: columns.findIndex((c) => c.header === t('deadlines.sheet.currency')),
    },
  };
}
