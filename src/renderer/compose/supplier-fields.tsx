/**
 * The supplier (CedentePrestatore): the company chosen, whose registry data the draft remembers, its fiscal regime
 * and its REA registration.
 */
import { SimpleGrid, Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { setRegime, type InvoiceDraft } from '../../shared/fatturapa/compose/index.ts';
import { FISCAL_REGIMES } from '../../shared/fatturapa/code-labels/index.ts';
import { errorAt } from './field-problems.tsx';
import { codeOptions, Field, type FormProps } from './form-parts.tsx';
import { AddressFields, IdentityFields } from './party-fields.tsx';

export function SupplierFields({ draft, change, problems, companies, companyId, onCompany }: FormProps) {
  const { t, i18n } = useTranslation();
  const s = draft.supplier;
  return (
    <Stack gap="xs">
      <Select
        label={t('compose.supplierCompany')}
        description={t('compose.supplierRemembered')}
        data={companies.map((c) => ({ value: String(c.id), label: `${c.name} (${c.vat})` }))}
        value={companyId === null ? null : String(companyId)}
        onChange={(v) => onCompany(v === null ? null : Number(v))}
        searchable
        data-testid="compose-supplier-company"
      />
      <IdentityFields
        party={s}
        prefix="supplier"
        problems={problems}
        set={(edit) => change((d) => edit(d.supplier))}
      />
      <Select
        label={t('compose.regime')}
        allowDeselect={false}
        searchable
        value={s.regime}
        // The flat-rate and minimum schemes move the lines to N2.2 with their wording (edits.ts setRegime).
        onChange={(v) => change((d) => setRegime(d, v ?? 'RF01'))}
        data={codeOptions(FISCAL_REGIMES, i18n.language)}
        error={errorAt(problems, 'supplier.regime')}
        description={
          s.regime === 'RF19'
            ? t('compose.regimeNote')
            : s.regime === 'RF02'
              ? t('compose.regimeNoteMinimum')
              : undefined
        }
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        data-testid="compose-regime"
      />
      <AddressFields
        address={s.address}
        prefix="supplier.address"
        problems={problems}
        set={(edit) => change((d) => edit(d.supplier.address))}
      />
      <SimpleGrid cols={2}>
        <Field
          label={t('compose.reaOffice')}
          value={s.rea?.office ?? ''}
          onChange={(v) => change((d) => setRea(d, 'office', v.toUpperCase()))}
          error={errorAt(problems, 'supplier.rea.office')}
        />
        <Field
          label={t('compose.reaNumber')}
          value={s.rea?.number ?? ''}
          onChange={(v) => change((d) => setRea(d, 'number', v))}
          error={errorAt(problems, 'supplier.rea.number')}
        />
      </SimpleGrid>
    </Stack>
  );
}

function setRea(d: InvoiceDraft, key: 'office' | 'number', value: string) {
  const rea = d.supplier.rea ?? {
    office: '',
    number: '',
    shareCapital: '',
    soleShareholder: '' as const,
    liquidation: 'LN' as const,
  };
  rea[key] = value;
  d.supplier.rea = rea.office === '' && rea.number === '' ? null : rea;
}
