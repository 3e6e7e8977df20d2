/**
 * The spreadsheet of an invoice list, for filing: what the list shows, plus what an accountant's software or VAT
 * register asks for: the other party's VAT number and fiscal code, taxable amount, VAT, withholding, net to pay,
 * first due date, SDI identifier and the date sent or received. Amounts are signed for totals (a credit note's
 * are negative, see TURNOVER_SIGNS) and come from the invoice index, i.e. from the files the app has read; an
 * unread received invoice has only what the API lists.
 */
import type { TFunction } from 'i18next';
import type { Receive, Send } from '../../shared/api/types.ts';
import type { IndexEntry, InvoiceKind } from '../invoice-index/entry.ts';
import type { Cell, Sheet } from './list-export.ts';
import { italianDay } from '../format/italian-day.ts';

/** A calendar date `YYYY-MM-DD…` as the spreadsheet date of that day (UTC midnight, as Excel serials count). */
export function calendarDay(value: string | null | undefined): Date | null {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
}

/**
 * The Italian calendar day of a moment (SDI's delivery, a submission): the day that counts for the VAT register,
 * e.g. 2026-03-31T23:30:00Z is 1 April in Rome.
 */
export function romeDay(value: string | null | undefined): Date | null {
  return calendarDay(italianDay(value));
}

/** A fiscal code of a person (16 characters): what the API's committente/prestatore holds when it is no VAT number. */
const PERSON_CODE = /^[A-Z]{6}\d{2}[A-Z]\d{2}[A-Z]\d{3}[A-Z]$/i;

/** The other party's VAT number and fiscal code: from the file when read, else what the API lists (one of them). */
function partyIds(entry: IndexEntry | undefined, listed: string | null | undefined) {
  if (entry && (entry.partyVat || entry.partyFiscalCode))
    return { vat: entry.partyVat, fiscalCode: entry.partyFiscalCode };
  if (!listed) return { vat: null, fiscalCode: null };
  return PERSON_CODE.test(listed) ? { vat: null, fiscalCode: listed } : { vat: listed, fiscalCode: null };
}

export interface SheetContext<T> {
  entryOf: (row: T) => IndexEntry | undefined;
  companies: Map<number, string>;
  t: TFunction;
}

/** The columns both lists export, in order, for a sent (`kind` sent) or received list. */
export function invoiceSheet<T extends Send | Receive>(
  kind: InvoiceKind,
  rows: T[],
  context: SheetContext<T>,
): Sheet {
  const { entryOf, companies, t } = context;
  const sent = kind === 'sent';
  const columns: {
    header: string;
    kind: Sheet['kinds'][number];
    value: (row: T, entry?: IndexEntry) => Cell;
  }[] = [
    { header: t('list.type'), kind: 'text', value: (_, e) => e?.amount?.type ?? null },
    {
      header: t(sent ? 'sent.number' : 'inbox.number'),
      kind: 'text',
      value: (r) => r.document_number ?? null,
    },
    {
      header: t(sent ? 'sent.date' : 'inbox.date'),
      kind: 'date',
      value: (r) => calendarDay(r.document_date),
    },
    {
      header: t(sent ? 'sent.customer' : 'inbox.supplier'),
      kind: 'text',
      value: (r, e) =>
        (sent ? (r as Send).nome_committente : (r as Receive).nome_prestatore) ??
        e?.party ??
        (sent ? r.committente : r.prestatore),
    },
    {
      header: sent ? t('lists.columns.customerVat') : t('lists.columns.supplierVat'),
      kind: 'text',
      value: (r, e) => partyIds(e, sent ? r.committente : r.prestatore).vat,
    },
    {
      header: sent ? t('lists.columns.customerFiscalCode') : t('lists.columns.supplierFiscalCode'),
      kind: 'text',
      value: (r, e) => partyIds(e, sent ? r.committente : r.prestatore).fiscalCode,
    },
    {
      header: t('list.company'),
      kind: 'text',
      value: (r) => companies.get(r.company_id) ?? String(r.company_id),
    },
    { header: t('lists.columns.taxable'), kind: 'amount', value: (_, e) => e?.figures?.taxable ?? null },
    { header: t('lists.columns.vat'), kind: 'amount', value: (_, e) => e?.figures?.vat ?? null },
    { header: t('list.amount'), kind: 'amount', value: (_, e) => e?.amount?.signed ?? null },
    {
      header: t('lists.columns.withholding'),
      kind: 'amount',
      value: (_, e) => e?.figures?.withholding ?? null,
    },
    { header: t('lists.columns.netToPay'), kind: 'amount', value: (_, e) => e?.figures?.netToPay ?? null },
    { header: t('list.currency'), kind: 'text', value: (_, e) => e?.amount?.currency ?? null },
    { header: t('lists.columns.firstDue'), kind: 'date', value: (_, e) => calendarDay(e?.figures?.firstDue) },
    sent
      ? {
          header: t('sent.state'),
          kind: 'text',
          value: (r) => ((r as Send).latest_state ? t(`state.${(r as Send).latest_state}`) : null),
        }
      : {
          header: t('inbox.readState'),
          kind: 'text',
          value: (r) => ((r as Receive).is_read ? t('list.read') : t('inbox.new')),
        },
    { header: t('lists.columns.identifier'), kind: 'text', value: (r) => r.identifier ?? null },
    {
      header: t(sent ? 'list.dateSent' : 'list.dateReceived'),
      kind: 'date',
      value: (r) => romeDay(r.date_sent),
    },
    { header: t(sent ? 'sent.file' : 'inbox.file'), kind: 'text', value: (r) => r.file_name ?? null },
  ];
  const currencyColumn = columns.findIndex((c) => c.header === t('list.currency'));
  const stateColumn = sent ? columns.findIndex((c) => c.header === t('sent.state')) : -1;
  return {
    name: t(sent ? 'sent.title' : 'inbox.title'),
    headers: columns.map((c) => c.header),
    kinds: columns.map((c) => c.kind),
    rows: rows.map((row) => {
      const entry = entryOf(row);
      return columns.map((c) => c.value(row, entry) ?? null);
    }),
    total: {
      label: t('lists.columns.total'),
      currencyColumn,
      // What SDI rejected was never issued: left out of the total, as on screen.
      ...(sent ? { exclude: { column: stateColumn, value: t('state.Scartato') } } : {}),
    },
  };
}
