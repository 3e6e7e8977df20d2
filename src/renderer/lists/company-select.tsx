import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCompaniesQuery } from '../data/companies.ts';

/** An optional company filter: the caller's companies by name and VAT; empty means all of them. */
export function CompanySelect({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (companyId: number | null) => void;
}) {
  const { t } = useTranslation();
  const companies = useCompaniesQuery();
  return (
    <Select
      label={t('company.label')}
      placeholder={companies.error ? t('company.unavailable') : t('company.all')}
      data-testid="company-filter"
      clearable
      searchable
      w={280}
      disabled={companies.data === undefined}
      value={value === null ? null : String(value)}
      onChange={(id) => onChange(id === null ? null : Number(id))}
      data={(companies.data ?? []).map((c) => ({
        value: String(c.id),
        label: `${c.name} (${c.vat})`,
      }))}
    />
  );
}
