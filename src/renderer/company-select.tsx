import { Select } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { listCompanies } from './api.ts';
import { useGateway } from './gateway-context.ts';
import { useLoad } from './loading.tsx';

/** An optional company filter: the caller's companies by name and VAT; empty means all of them. */
export function CompanySelect({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (companyId: number | null) => void;
}) {
  const { t } = useTranslation();
  const gateway = useGateway();
  const companies = useLoad(
    useCallback(() => listCompanies(gateway, { page_size: 200, sort: 'name' }), [gateway]),
  );
  return (
    <Select
      label={t('company.label')}
      placeholder={companies.error ? t('company.unavailable') : t('company.all')}
      data-testid="company-filter"
      clearable
      searchable
      w={280}
      disabled={companies.value === null}
      value={value === null ? null : String(value)}
      onChange={(id) => onChange(id === null ? null : Number(id))}
      data={(companies.value?.items ?? []).map((c) => ({
        value: String(c.id),
        label: `${c.name} (${c.vat})`,
      }))}
    />
  );
}
