import { Group, Input, SegmentedControl, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../inputs/date-field.tsx';
import { CompanySelect } from '../lists/company-select.tsx';
import type { DeadlineFilters, KindFilter, StateFilter } from './deadline-view.ts';
import { KIND_FILTERS, STATE_FILTERS } from './deadline-view.ts';
import { monthName } from './month-totals.tsx';

const KIND_KEYS: Record<KindFilter, string> = {
  all: 'deadlines.kind.all',
  receivable: 'deadlines.kind.receivable',
  payable: 'deadlines.kind.payable',
};

const STATE_KEYS: Record<StateFilter, string> = {
  all: 'deadlines.state.all',
  unsettled: 'deadlines.state.unsettled',
  overdue: 'deadlines.state.overdue',
  upcoming: 'deadlines.state.upcoming',
  partial: 'deadlines.state.partial',
  paid: 'deadlines.state.paid',
};

const ANY = 'any';

/**
 * The deadlines' filters: receivables or payables (`deadlines-kind`), customer or supplier by name, tax id or
 * invoice number (`deadlines-search`), company (`company-filter`), the due date (`deadlines-period`: a month, a
 * quarter, a year, or from… to… with `deadlines-from` and `deadlines-to`) and the state (`deadlines-state`).
 */
export function DeadlineFiltersBar({
  filters,
  onChange,
  periods,
  actions,
}: {
  filters: DeadlineFilters;
  /** Shown at the end of the bar, on the right (the export buttons). */
  actions?: ReactNode;
  /** A change of some filters: the others stay as they are now (not as this render saw them). */
  onChange: (patch: Partial<DeadlineFilters>) => void;
  periods: { months: string[]; quarters: string[]; years: string[] };
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [text, setText] = useState(filters.q);
  const [debounced] = useDebouncedValue(text, 250);
  // The latest filters and handler, for the debounced search to change only the text.
  const latest = useRef({ filters, onChange });
  latest.current = { filters, onChange };
  useEffect(() => {
    const { filters: current, onChange: change } = latest.current;
    if (debounced.trim() !== current.q.trim()) change({ q: debounced });
  }, [debounced]);

  const quarterLabel = (period: string) =>
    t('deadlines.period.quarter', { quarter: period.slice(-1), year: period.slice(0, 4) });
  const first = [
    { value: ANY, label: t('deadlines.period.all') },
    { value: 'range', label: t('deadlines.period.range') },
  ];
  const groups = [
    {
      group: t('deadlines.period.months'),
      items: periods.months.map((m) => ({ value: m, label: monthName(m, language) })),
    },
    {
      group: t('deadlines.period.quarters'),
      items: periods.quarters.map((q) => ({ value: q, label: quarterLabel(q) })),
    },
    { group: t('deadlines.period.years'), items: periods.years.map((y) => ({ value: y, label: y })) },
  ];
  // A period from the address that no deadline falls in any more is still offered, so the filter reads right.
  const known = [...first, ...groups.flatMap((group) => group.items)].some(
    (item) => item.value === filters.period,
  );
  if (filters.period !== null && !known) first.push({ value: filters.period, label: filters.period });

  return (
    <Group align="end" gap="sm" wrap="wrap">
      <Input.Wrapper label={t('deadlines.kind.label')} id="deadlines-kind-label">
        <div>
          <SegmentedControl
            data-testid="deadlines-kind"
            aria-labelledby="deadlines-kind-label"
            value={filters.kind}
            onChange={(value) => onChange({ kind: KIND_FILTERS.find((k) => k === value) ?? 'all' })}
            data={KIND_FILTERS.map((kind) => ({ value: kind, label: t(KIND_KEYS[kind]) }))}
          />
        </div>
      </Input.Wrapper>
      <TextInput
        label={t('deadlines.search')}
        placeholder={t('deadlines.searchPlaceholder')}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        data-testid="deadlines-search"
        w={260}
      />
      <CompanySelect value={filters.companyId} onChange={(companyId) => onChange({ companyId })} />
      <Select
        label={t('deadlines.period.label')}
        data-testid="deadlines-period"
        w={190}
        allowDeselect={false}
        value={filters.period ?? ANY}
        onChange={(value) => onChange({ period: value === ANY || value === null ? null : value })}
        data={[...first, ...groups.filter((group) => group.items.length > 0)]}
        maxDropdownHeight={320}
      />
      {filters.period === 'range' && (
        <>
          <DateField
            label={t('deadlines.period.from')}
            value={filters.from ?? ''}
            onChange={(from) => onChange({ from: from || null })}
            data-testid="deadlines-from"
            w={150}
          />
          <DateField
            label={t('deadlines.period.to')}
            value={filters.to ?? ''}
            onChange={(to) => onChange({ to: to || null })}
            data-testid="deadlines-to"
            w={150}
          />
        </>
      )}
      <Select
        label={t('deadlines.state.label')}
        data-testid="deadlines-state"
        w={190}
        allowDeselect={false}
        value={filters.state}
        onChange={(value) => onChange({ state: STATE_FILTERS.find((s) => s === value) ?? 'all' })}
        data={STATE_FILTERS.map((state) => ({ value: state, label: t(STATE_KEYS[state]) }))}
      />
      {actions && <div style={{ marginLeft: 'auto' }}>{actions}</div>}
    </Group>
  );
}
