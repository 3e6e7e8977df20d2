import { Autocomplete, type ComboboxItem, type ComboboxItemGroup } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type RefObject } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { searchEverything, type SearchResults } from '../data/api.ts';
import { centsOf, decimalOfCents } from '../format/cents.ts';
import { formatAmount, formatDate } from '../format/format.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { useInvoiceIndex } from '../invoice-index/use-invoice-index.ts';
import { companyAddress, receivedAddress, sentAddress } from './routes.ts';

/** The server searches from three characters on (`q`), like the lists' own search boxes. */
const MIN_LENGTH = 3;

/**
 * One search across sent invoices, received invoices and companies, in the header (`/` focuses it): typing
 * shows a few of each, grouped; picking one goes to its address (the invoice's drawer, the company's form). The
 * server searches names, numbers, VAT numbers and files; the local invoice index adds what only the files say:
 * amounts (`1.506,09`) and descriptions.
 */
export function GlobalSearch({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const [, navigate] = useLocation();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), 250);
  const index = useInvoiceIndex(gateway);
  // What the service finds, kept while the next text is asked (a failed search finds nothing).
  const results = useQuery({
    queryKey: ['search', debounced],
    queryFn: () =>
      searchEverything(gateway, debounced).catch((): SearchResults => ({
        sent: [],
        received: [],
        companies: [],
      })),
    enabled: debounced.length >= MIN_LENGTH,
    placeholderData: keepPreviousData,
  });

  const found = debounced.length >= MIN_LENGTH ? (results.data ?? null) : null;
  const groups: ComboboxItemGroup<ComboboxItem>[] = [];
  if (found) {
    const date = (value: string | null | undefined) => formatDate(value, i18n.language);
    const join = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');
    // As the lists show it: exact cents, a credit note below zero.
    const money = (amount: string, currency: string) => {
      const cents = centsOf(amount);
      return cents === null ? amount : formatAmount(decimalOfCents(cents), currency, i18n.language);
    };
    const group = (label: string, items: ComboboxItem[]) =>
      items.length && groups.push({ group: label, items });
    group(
      t('globalSearch.sent'),
      found.sent.map((s) => ({
        value: sentAddress(s.id),
        label: join(s.document_number ?? s.file_name, date(s.document_date), s.nome_committente),
      })),
    );
    group(
      t('globalSearch.received'),
      found.received.map((r) => ({
        value: receivedAddress(r.id),
        label: join(
          r.document_number ?? r.file_name,
          date(r.document_date),
          r.nome_prestatore ?? r.prestatore,
        ),
      })),
    );
    const listed = new Set(groups.flatMap((g) => g.items.map((item) => item.value)));
    group(
      t('lists.search.content'),
      (index?.search(debounced) ?? [])
        .map((entry) => ({
          entry,
          value: entry.kind === 'sent' ? sentAddress(entry.id) : receivedAddress(entry.id),
        }))
        .filter(({ value }) => !listed.has(value))
        .map(({ entry, value }) => ({
          value,
          label: join(
            entry.number,
            date(entry.date),
            entry.party,
            entry.amount && money(entry.amount.signed, entry.amount.currency),
            entry.kind === 'sent' ? t('lists.search.sent') : t('lists.search.received'),
          ),
        })),
    );
    group(
      t('globalSearch.companies'),
      found.companies.map((c) => ({ value: companyAddress(c.id), label: join(c.name, c.vat) })),
    );
    if (groups.length === 0)
      groups.push({ group: '', items: [{ value: '', label: t('globalSearch.nothing'), disabled: true }] });
  }

  return (
    <Autocomplete
      ref={inputRef}
      aria-label={t('globalSearch.label')}
      placeholder={t('globalSearch.placeholder')}
      data-testid="global-search"
      // The header's one flexible part: it gives way to the clock and the selects at 1024 px.
      miw={150}
      maw={320}
      style={{ flex: '1 1 320px' }}
      value={text}
      onChange={setText}
      data={groups}
      // The server already chose: the box shows all it found, not only labels containing the typed text.
      filter={({ options }) => options}
      onOptionSubmit={(value) => {
        navigate(value);
        setText('');
        inputRef.current?.blur();
      }}
      comboboxProps={{ width: 420, position: 'bottom-start' }}
    />
  );
}
