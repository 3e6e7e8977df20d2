/** The composer's form: every typed field of a draft, each with its label and the problems found at it. */
import {
  ActionIcon,
  Autocomplete,
  Button,
  Checkbox,
  FileInput,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Company } from '../../shared/api/types.ts';
import {
  computeTotals,
  emptyLine,
  emptyPaymentDetail,
  type DraftAddress,
  type DraftCustomer,
  type DraftLine,
  type DraftParty,
  type InvoiceDraft,
} from '../../shared/fatturapa/compose/index.ts';
import { codeLabel, DOCUMENT_TYPES, PAYMENT_METHODS } from '../../shared/fatturapa/code-labels.ts';
import {
  FISCAL_REGIMES,
  FUND_TYPES,
  NATURES,
  PAYMENT_CONDITIONS,
  PAYMENT_REASONS,
  WITHHOLDING_TYPES,
} from '../../shared/fatturapa/reading/code-labels.ts';
import { toBase64 } from '../../shared/gateway/api-fetch.ts';
import { formatAmount } from '../format.ts';
import { knownCustomers } from './draft-store.ts';
import { errorAt, type FieldProblems } from './field-problems.tsx';

type Change = (edit: (draft: InvoiceDraft) => void) => void;

const DOCUMENT_TYPE_CODES = ['TD01', 'TD04', 'TD05', 'TD06', 'TD24'];
const VAT_RATES = ['22.00', '10.00', '5.00', '4.00', '0.00'];
/** Natures with sub-codes in force since 2021 (N2, N3, N6 without sub-code are obsolete). */
const NATURE_CODES = Object.keys(NATURES).filter((c) => !['N2', 'N3', 'N6'].includes(c));

interface Props {
  draft: InvoiceDraft;
  change: Change;
  problems: FieldProblems;
  companies: Company[];
  companyId: number | null;
  onCompany: (id: number | null) => void;
  profile: string;
  suggestedNumber: string | null;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="sm" component="section" aria-label={title}>
      <Title order={3} fz="md" mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

export function DraftForm(props: Props) {
  const { t } = useTranslation();
  return (
    <Stack data-testid="compose-form" component="form" onSubmit={(e) => e.preventDefault()}>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Section title={t('compose.supplier')}>
          <SupplierFields {...props} />
        </Section>
        <Section title={t('compose.customer')}>
          <CustomerFields {...props} />
        </Section>
      </SimpleGrid>
      <Section title={t('compose.document')}>
        <DocumentFields {...props} />
      </Section>
      <Section title={t('compose.lines')}>
        <LinesFields {...props} />
      </Section>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Section title={t('compose.professional')}>
          <ProfessionalFields {...props} />
        </Section>
        <Section title={t('compose.payment')}>
          <PaymentFields {...props} />
        </Section>
      </SimpleGrid>
      <Section title={t('compose.attachments')}>
        <AttachmentFields {...props} />
      </Section>
    </Stack>
  );
}

/** A text input bound to a draft field, showing the field's problems. */
function Field({
  label,
  value,
  onChange,
  error,
  ...rest
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: ReactNode;
  type?: string;
  maxLength?: number;
  description?: ReactNode;
  w?: number | string;
}) {
  return (
    <TextInput
      label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      size="sm"
      {...rest}
    />
  );
}

/** Name, VAT number and fiscal code of a party: the same fields, checks and clean-up for supplier and customer. */
function IdentityFields({
  party,
  prefix,
  problems,
  set,
}: {
  party: DraftParty;
  prefix: 'supplier' | 'customer';
  problems: FieldProblems;
  set: (edit: (party: DraftParty) => void) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field
        label={t('compose.name')}
        value={party.name}
        onChange={(v) => set((p) => (p.name = v))}
        error={errorAt(problems, `${prefix}.name`)}
      />
      <SimpleGrid cols={2}>
        <Field
          label={t('compose.firstName')}
          value={party.firstName}
          onChange={(v) => set((p) => (p.firstName = v))}
          error={errorAt(problems, `${prefix}.firstName`)}
        />
        <Field
          label={t('compose.lastName')}
          value={party.lastName}
          onChange={(v) => set((p) => (p.lastName = v))}
          error={errorAt(problems, `${prefix}.lastName`)}
        />
      </SimpleGrid>
      <SimpleGrid cols={3}>
        <Field
          label={t('compose.vatCountry')}
          value={party.vat.country}
          onChange={(v) => set((p) => (p.vat.country = v.toUpperCase()))}
          error={undefined}
        />
        <Field
          label={t('compose.vatCode')}
          value={party.vat.code}
          onChange={(v) => set((p) => (p.vat.code = v.trim()))}
          error={errorAt(problems, `${prefix}.vat`)}
        />
        <Field
          label={t('compose.fiscalCode')}
          value={party.fiscalCode}
          onChange={(v) => set((p) => (p.fiscalCode = v.trim().toUpperCase()))}
          error={errorAt(problems, `${prefix}.fiscalCode`)}
        />
      </SimpleGrid>
    </>
  );
}

function AddressFields({
  address,
  prefix,
  problems,
  set,
}: {
  address: DraftAddress;
  prefix: string;
  problems: FieldProblems;
  set: (edit: (address: DraftAddress) => void) => void;
}) {
  const { t } = useTranslation();
  const field = (key: keyof DraftAddress, label: string) => (
    <Field
      label={label}
      value={address[key]}
      onChange={(v) => set((a) => (a[key] = key === 'province' || key === 'country' ? v.toUpperCase() : v))}
      error={errorAt(problems, `${prefix}.${key}`)}
    />
  );
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }}>
      {field('street', t('compose.street'))}
      {field('number', t('compose.streetNumber'))}
      {field('postcode', t('compose.postcode'))}
      {field('town', t('compose.town'))}
      {field('province', t('compose.province'))}
      {field('country', t('compose.country'))}
    </SimpleGrid>
  );
}

function SupplierFields({ draft, change, problems, companies, companyId, onCompany }: Props) {
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
        onChange={(v) => change((d) => (d.supplier.regime = v ?? 'RF01'))}
        data={Object.keys(FISCAL_REGIMES).map((code) => ({
          value: code,
          label: codeLabel(FISCAL_REGIMES, code, i18n.language),
        }))}
        error={errorAt(problems, 'supplier.regime')}
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

function CustomerFields({ draft, change, problems, companies, profile }: Props) {
  const { t } = useTranslation();
  const c = draft.customer;
  const known = useMemo(() => {
    const list: { label: string; fill: (customer: DraftCustomer) => void }[] = [];
    for (const saved of knownCustomers(profile)) {
      const name = saved.name || `${saved.firstName} ${saved.lastName}`.trim();
      list.push({
        label: `${name} (${saved.vat.country}${saved.vat.code || saved.fiscalCode})`,
        fill: (customer) => Object.assign(customer, structuredClone(saved)),
      });
    }
    for (const company of companies) {
      const label = `${company.name} (${company.vat})`;
      if (list.some((k) => k.label === label)) continue;
      list.push({
        label,
        fill: (customer) => {
          customer.name = company.name;
          customer.vat = { country: company.vat.slice(0, 2), code: company.vat.slice(2) };
          customer.fiscalCode = company.fiscal_code === company.vat.slice(2) ? '' : company.fiscal_code;
        },
      });
    }
    return list;
  }, [companies, profile]);
  const channel = c.delivery.channel;
  const reference = draft.references.findIndex((r) => r.kind === 'order' || r.kind === 'contract');
  const setReference = (key: 'id' | 'cig' | 'cup', value: string) =>
    change((d) => {
      let i = d.references.findIndex((r) => r.kind === 'order' || r.kind === 'contract');
      if (i < 0) {
        d.references.push({
          kind: 'order',
          id: '',
          date: '',
          lines: [],
          itemNumber: '',
          jobCode: '',
          cup: '',
          cig: '',
        });
        i = d.references.length - 1;
      }
      d.references[i]![key] = value;
    });
  return (
    <Stack gap="xs">
      <Autocomplete
        label={t('compose.customerSearch')}
        description={t('compose.customerSearchHint')}
        data={known.map((k) => k.label)}
        onOptionSubmit={(label) => {
          const found = known.find((k) => k.label === label);
          if (found) change((d) => found.fill(d.customer));
        }}
        data-testid="compose-customer-search"
      />
      <IdentityFields
        party={c}
        prefix="customer"
        problems={problems}
        set={(edit) => change((d) => edit(d.customer))}
      />
      <AddressFields
        address={c.address}
        prefix="customer.address"
        problems={problems}
        set={(edit) => change((d) => edit(d.customer.address))}
      />
      <Select
        label={t('compose.delivery')}
        allowDeselect={false}
        value={channel}
        onChange={(v) =>
          change((d) => {
            d.customer.delivery.channel = (v ?? 'none') as typeof channel;
            if (v !== 'pa' && d.chargeability === 'S') d.chargeability = '';
            if (v === 'foreign')
              d.customer.address.country =
                d.customer.address.country === 'IT' ? '' : d.customer.address.country;
          })
        }
        data={[
          { value: 'code', label: t('compose.deliveryCode') },
          { value: 'pec', label: t('compose.deliveryPec') },
          { value: 'pa', label: t('compose.deliveryPa') },
          { value: 'foreign', label: t('compose.deliveryForeign') },
          { value: 'none', label: t('compose.deliveryNone') },
        ]}
        data-testid="compose-delivery"
      />
      {(channel === 'code' || channel === 'pa') && (
        <Field
          label={channel === 'pa' ? t('compose.officeCode') : t('compose.recipientCode')}
          value={c.delivery.code}
          maxLength={channel === 'pa' ? 6 : 7}
          onChange={(v) => change((d) => (d.customer.delivery.code = v.trim().toUpperCase()))}
          error={errorAt(problems, 'customer.delivery.code')}
        />
      )}
      {(channel === 'pec' || channel === 'code') && (
        <Field
          label={t('compose.pec')}
          type="email"
          value={c.delivery.pec}
          onChange={(v) => change((d) => (d.customer.delivery.pec = v.trim()))}
          error={errorAt(problems, 'customer.delivery.pec')}
        />
      )}
      {channel === 'pa' && (
        <>
          <SimpleGrid cols={3}>
            <Field
              label={t('compose.orderId')}
              value={reference >= 0 ? draft.references[reference]!.id : ''}
              onChange={(v) => setReference('id', v)}
              error={errorAt(problems, `references[${Math.max(reference, 0)}].id`)}
            />
            <Field
              label={t('compose.cig')}
              value={reference >= 0 ? draft.references[reference]!.cig : ''}
              onChange={(v) => setReference('cig', v.trim().toUpperCase())}
              error={errorAt(problems, `references[${Math.max(reference, 0)}].cig`)}
            />
            <Field
              label={t('compose.cup')}
              value={reference >= 0 ? draft.references[reference]!.cup : ''}
              onChange={(v) => setReference('cup', v.trim().toUpperCase())}
              error={errorAt(problems, `references[${Math.max(reference, 0)}].cup`)}
            />
          </SimpleGrid>
          <Switch
            label={t('compose.splitPayment')}
            checked={draft.chargeability === 'S'}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              change((d) => (d.chargeability = on ? 'S' : ''));
            }}
            data-testid="compose-split-payment"
          />
        </>
      )}
    </Stack>
  );
}

function DocumentFields({ draft, change, problems, suggestedNumber }: Props) {
  const { t, i18n } = useTranslation();
  const doc = draft.document;
  const linked = draft.references.findIndex((r) => r.kind === 'linkedInvoice');
  const setLinked = (key: 'id' | 'date', value: string) =>
    change((d) => {
      let i = d.references.findIndex((r) => r.kind === 'linkedInvoice');
      if (i < 0) {
        d.references.push({
          kind: 'linkedInvoice',
          id: '',
          date: '',
          lines: [],
          itemNumber: '',
          jobCode: '',
          cup: '',
          cig: '',
        });
        i = d.references.length - 1;
      }
      d.references[i]![key] = value;
    });
  const note = draft.deliveryNotes[0];
  const setNote = (key: 'number' | 'date', value: string) =>
    change((d) => {
      const first = d.deliveryNotes[0] ?? { number: '', date: '', lines: [] };
      first[key] = value;
      d.deliveryNotes = first.number === '' && first.date === '' ? [] : [first, ...d.deliveryNotes.slice(1)];
    });
  const types = DOCUMENT_TYPE_CODES.includes(doc.type)
    ? DOCUMENT_TYPE_CODES
    : [...DOCUMENT_TYPE_CODES, doc.type];
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Select
          label={t('compose.type')}
          allowDeselect={false}
          value={doc.type}
          onChange={(v) => change((d) => (d.document.type = v ?? 'TD01'))}
          data={types.map((code) => ({ value: code, label: codeLabel(DOCUMENT_TYPES, code, i18n.language) }))}
          error={errorAt(problems, 'document.type')}
          data-testid="compose-type"
        />
        <Field
          label={t('compose.date')}
          type="date"
          value={doc.date}
          onChange={(v) => change((d) => (d.document.date = v))}
          error={errorAt(problems, 'document.date')}
        />
        <Field
          label={t('compose.number')}
          value={doc.number}
          onChange={(v) => change((d) => (d.document.number = v))}
          description={
            suggestedNumber ? t('compose.numberSuggested', { number: suggestedNumber }) : undefined
          }
          error={errorAt(problems, 'document.number')}
        />
        <Field
          label={t('compose.currency')}
          value={doc.currency}
          maxLength={3}
          onChange={(v) => change((d) => (d.document.currency = v.toUpperCase()))}
          error={errorAt(problems, 'document.currency')}
        />
      </SimpleGrid>
      {(doc.type === 'TD04' || doc.type === 'TD05' || linked >= 0) && (
        <SimpleGrid cols={2}>
          <Field
            label={t('compose.linkedNumber')}
            value={linked >= 0 ? draft.references[linked]!.id : ''}
            onChange={(v) => setLinked('id', v)}
            error={errorAt(problems, `references[${Math.max(linked, 0)}].id`)}
          />
          <Field
            label={t('compose.linkedDate')}
            type="date"
            value={linked >= 0 ? draft.references[linked]!.date : ''}
            onChange={(v) => setLinked('date', v)}
            error={errorAt(problems, `references[${Math.max(linked, 0)}].date`)}
          />
        </SimpleGrid>
      )}
      {(doc.type === 'TD24' || note) && (
        <SimpleGrid cols={2}>
          <Field
            label={t('compose.ddtNumber')}
            value={note?.number ?? ''}
            onChange={(v) => setNote('number', v)}
            error={errorAt(problems, 'deliveryNotes[0].number')}
          />
          <Field
            label={t('compose.ddtDate')}
            type="date"
            value={note?.date ?? ''}
            onChange={(v) => setNote('date', v)}
            error={errorAt(problems, 'deliveryNotes[0].date')}
          />
        </SimpleGrid>
      )}
      <Textarea
        label={t('compose.reason')}
        autosize
        minRows={1}
        value={doc.reasons.join('')}
        onChange={(event) => {
          const text = event.currentTarget.value;
          // Causale holds 200 characters per element: a longer text is cut into several.
          change((d) => (d.document.reasons = text === '' ? [] : (text.match(/[\s\S]{1,200}/g) ?? [])));
        }}
        error={errorAt(problems, 'document.reasons')}
      />
    </Stack>
  );
}

function LinesFields({ draft, change, problems }: Props) {
  const { t, i18n } = useTranslation();
  const totals = useMemo(() => computeTotals(draft), [draft]);
  const currency = draft.document.currency || 'EUR';
  const withholding = draft.withholdings.length > 0;
  const setLine = (i: number, edit: (line: DraftLine) => void) => change((d) => edit(d.lines[i]!));
  return (
    <Stack gap="xs">
      {draft.lines.map((line, i) => {
        const n = i + 1;
        const p = `lines[${i}]`;
        const total = totals.lines[i] ?? '0';
        const discount = line.adjustments[0]?.type === 'SC' ? line.adjustments[0].percentage : '';
        const exempt = line.vatRate === '0.00' || line.vatRate === '0' || line.nature !== '';
        return (
          <Paper key={i} withBorder p="xs" data-testid="compose-line" aria-label={t('compose.line', { n })}>
            <Group gap="xs" align="flex-start" wrap="wrap">
              <Text size="sm" fw={600} w={24} mt={28}>
                {n}
              </Text>
              <Textarea
                label={t('compose.description')}
                autosize
                minRows={1}
                style={{ flex: '3 1 240px' }}
                value={line.description}
                onChange={(e) => {
                  const v = e.currentTarget.value;
                  setLine(i, (l) => (l.description = v));
                }}
                error={errorAt(problems, `${p}.description`)}
              />
              <Field
                label={t('compose.quantity')}
                w={90}
                value={line.quantity}
                onChange={(v) => setLine(i, (l) => (l.quantity = v))}
                error={errorAt(problems, `${p}.quantity`)}
              />
              <Field
                label={t('compose.unit')}
                w={80}
                value={line.unit}
                onChange={(v) => setLine(i, (l) => (l.unit = v))}
                error={errorAt(problems, `${p}.unit`)}
              />
              <Field
                label={t('compose.unitPrice')}
                w={120}
                value={line.unitPrice}
                onChange={(v) => setLine(i, (l) => (l.unitPrice = v))}
                error={errorAt(problems, `${p}.unitPrice`)}
              />
              <Field
                label={t('compose.discount')}
                w={90}
                value={discount}
                onChange={(v) =>
                  setLine(
                    i,
                    (l) => (l.adjustments = v === '' ? [] : [{ type: 'SC', percentage: v, amount: '' }]),
                  )
                }
                error={errorAt(problems, `${p}.adjustments`)}
              />
              <Select
                label={t('compose.vat')}
                w={150}
                allowDeselect={false}
                value={exempt ? '0.00' : VAT_RATES.includes(line.vatRate) ? line.vatRate : line.vatRate}
                onChange={(v) =>
                  setLine(i, (l) => {
                    l.vatRate = v ?? '22.00';
                    if (l.vatRate !== '0.00') {
                      l.nature = '';
                      l.legalReference = '';
                    }
                  })
                }
                data={[...new Set([...VAT_RATES, exempt ? '0.00' : line.vatRate])].map((rate) => ({
                  value: rate,
                  label: rate === '0.00' ? t('compose.exempt') : `${Number(rate)} %`,
                }))}
                error={errorAt(problems, `${p}.vatRate`)}
              />
              <Stack gap={0} w={130} align="flex-end">
                <Text size="sm" c="dimmed">
                  {t('compose.lineTotal')}
                </Text>
                <Text fw={600} mt={6} data-testid="compose-line-total" data-value={total}>
                  {formatAmount(Number(total), currency, i18n.language)}
                </Text>
              </Stack>
              <ActionIcon
                variant="subtle"
                color="red"
                mt={28}
                aria-label={t('compose.removeLine', { n })}
                disabled={draft.lines.length === 1}
                onClick={() => change((d) => d.lines.splice(i, 1))}
              >
                ✕
              </ActionIcon>
            </Group>
            {(exempt || withholding) && (
              <Group gap="xs" mt="xs" ml={32} align="flex-start">
                {exempt && (
                  <>
                    <Select
                      label={t('compose.nature')}
                      w={320}
                      searchable
                      value={line.nature || null}
                      onChange={(v) => setLine(i, (l) => (l.nature = v ?? ''))}
                      data={NATURE_CODES.map((code) => ({
                        value: code,
                        label: codeLabel(NATURES, code, i18n.language),
                      }))}
                      error={errorAt(problems, `${p}.nature`)}
                    />
                    <Field
                      label={t('compose.legalReference')}
                      w={320}
                      value={line.legalReference}
                      onChange={(v) => setLine(i, (l) => (l.legalReference = v))}
                      error={errorAt(problems, `${p}.legalReference`)}
                    />
                  </>
                )}
                {withholding && (
                  <Checkbox
                    mt={30}
                    label={t('compose.lineWithholding')}
                    checked={line.withholding}
                    onChange={(e) => {
                      const on = e.currentTarget.checked;
                      setLine(i, (l) => (l.withholding = on));
                    }}
                  />
                )}
              </Group>
            )}
            {errorAt(problems, p) && (
              <Text size="sm" c="red" mt={4}>
                {errorAt(problems, p)}
              </Text>
            )}
          </Paper>
        );
      })}
      <Group>
        <Button
          variant="light"
          onClick={() =>
            change((d) => {
              const line = emptyLine();
              line.withholding = d.withholdings.length > 0 && d.lines.some((l) => l.withholding);
              d.lines.push(line);
            })
          }
          data-testid="compose-add-line"
        >
          {t('compose.addLine')}
        </Button>
      </Group>
    </Stack>
  );
}

function ProfessionalFields({ draft, change, problems }: Props) {
  const { t, i18n } = useTranslation();
  const w = draft.withholdings[0];
  const f = draft.funds[0];
  const options = (labels: Record<string, unknown>, table: Parameters<typeof codeLabel>[0]) =>
    Object.keys(labels).map((code) => ({ value: code, label: codeLabel(table, code, i18n.language) }));
  return (
    <Stack gap="xs">
      <Switch
        label={t('compose.withholding')}
        checked={w !== undefined}
        onChange={(e) => {
          const on = e.currentTarget.checked;
          change((d) => {
            d.withholdings = on
              ? [{ type: 'RT01', rate: '20', reason: 'A', basePercent: '', amount: '' }]
              : [];
            // A professional's fees are the lines subject to the withholding, as a rule all of them.
            d.lines.forEach((l) => (l.withholding = on && l.nature === ''));
          });
        }}
        data-testid="compose-withholding"
      />
      {w && (
        <SimpleGrid cols={3}>
          <Select
            label={t('compose.withholdingType')}
            allowDeselect={false}
            value={w.type}
            onChange={(v) => change((d) => (d.withholdings[0]!.type = v ?? 'RT01'))}
            data={options(WITHHOLDING_TYPES, WITHHOLDING_TYPES)}
            error={errorAt(problems, 'withholdings[0].type')}
          />
          <Field
            label={t('compose.withholdingRate')}
            value={w.rate}
            onChange={(v) => change((d) => (d.withholdings[0]!.rate = v))}
            error={errorAt(problems, 'withholdings[0].rate')}
          />
          <Select
            label={t('compose.withholdingReason')}
            searchable
            value={w.reason || null}
            onChange={(v) => change((d) => (d.withholdings[0]!.reason = v ?? ''))}
            data={options(PAYMENT_REASONS, PAYMENT_REASONS)}
            error={errorAt(problems, 'withholdings[0].reason')}
          />
        </SimpleGrid>
      )}
      <Switch
        label={t('compose.fund')}
        checked={f !== undefined}
        onChange={(e) => {
          const on = e.currentTarget.checked;
          change(
            (d) =>
              (d.funds = on
                ? [
                    {
                      type: 'TC22',
                      rate: '4',
                      base: '',
                      vatRate: '22.00',
                      nature: '',
                      legalReference: '',
                      withholding: false,
                      administrationReference: '',
                    },
                  ]
                : []),
          );
        }}
        data-testid="compose-fund"
      />
      {f && (
        <SimpleGrid cols={3}>
          <Select
            label={t('compose.fundType')}
            allowDeselect={false}
            searchable
            value={f.type}
            onChange={(v) => change((d) => (d.funds[0]!.type = v ?? 'TC22'))}
            data={options(FUND_TYPES, FUND_TYPES)}
            error={errorAt(problems, 'funds[0].type')}
          />
          <Field
            label={t('compose.fundRate')}
            value={f.rate}
            onChange={(v) => change((d) => (d.funds[0]!.rate = v))}
            error={errorAt(problems, 'funds[0].rate')}
          />
          <Select
            label={t('compose.fundVat')}
            allowDeselect={false}
            value={f.vatRate}
            onChange={(v) =>
              change((d) => {
                d.funds[0]!.vatRate = v ?? '22.00';
                if (v !== '0.00') d.funds[0]!.nature = '';
              })
            }
            data={VAT_RATES.map((rate) => ({
              value: rate,
              label: rate === '0.00' ? t('compose.exempt') : `${Number(rate)} %`,
            }))}
            error={errorAt(problems, 'funds[0].vatRate')}
          />
          {f.vatRate === '0.00' && (
            <Select
              label={t('compose.nature')}
              searchable
              value={f.nature || null}
              onChange={(v) => change((d) => (d.funds[0]!.nature = v ?? ''))}
              data={NATURE_CODES.map((code) => ({
                value: code,
                label: codeLabel(NATURES, code, i18n.language),
              }))}
              error={errorAt(problems, 'funds[0].nature')}
            />
          )}
          <Checkbox
            mt="md"
            label={t('compose.fundWithholding')}
            checked={f.withholding}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              change((d) => (d.funds[0]!.withholding = on));
            }}
          />
        </SimpleGrid>
      )}
      <Select
        label={t('compose.stamp')}
        allowDeselect={false}
        value={draft.stamp.mode}
        onChange={(v) => change((d) => (d.stamp.mode = (v ?? 'auto') as 'auto' | 'yes' | 'no'))}
        data={[
          { value: 'auto', label: t('compose.stampAuto') },
          { value: 'yes', label: t('compose.stampYes') },
          { value: 'no', label: t('compose.stampNo') },
        ]}
      />
    </Stack>
  );
}

function PaymentFields({ draft, change, problems }: Props) {
  const { t, i18n } = useTranslation();
  const payment = draft.payments[0];
  const detail = payment?.details[0];
  const totals = useMemo(() => computeTotals(draft), [draft]);
  const proposed = totals.payments[0]?.[0] ?? totals.netToPay;
  const ensure = (d: InvoiceDraft) => {
    if (!d.payments[0]) d.payments = [{ conditions: 'TP02', details: [emptyPaymentDetail()] }];
    if (!d.payments[0]!.details[0]) d.payments[0]!.details = [emptyPaymentDetail()];
    return d.payments[0]!.details[0]!;
  };
  return (
    <Stack gap="xs">
      <SimpleGrid cols={2}>
        <Select
          label={t('compose.paymentConditions')}
          value={payment?.conditions ?? null}
          placeholder={t('compose.noPayment')}
          onChange={(v) =>
            change((d) => {
              if (v === null) d.payments = [];
              else {
                ensure(d);
                d.payments[0]!.conditions = v;
              }
            })
          }
          data={['TP01', 'TP02', 'TP03'].map((code) => ({
            value: code,
            label: codeLabel(PAYMENT_CONDITIONS, code, i18n.language),
          }))}
          error={errorAt(problems, 'payments[0].conditions')}
          data-testid="compose-payment-conditions"
        />
        <Select
          label={t('compose.paymentMethod')}
          searchable
          allowDeselect={false}
          value={detail?.method ?? null}
          disabled={!payment}
          onChange={(v) => change((d) => (ensure(d).method = v ?? 'MP05'))}
          data={Object.keys(PAYMENT_METHODS).map((code) => ({
            value: code,
            label: codeLabel(PAYMENT_METHODS, code, i18n.language),
          }))}
          error={errorAt(problems, 'payments[0].details[0].method')}
        />
      </SimpleGrid>
      {payment && (
        <>
          <Field
            label={t('compose.iban')}
            value={detail?.iban ?? ''}
            onChange={(v) => change((d) => (ensure(d).iban = v.toUpperCase()))}
            error={errorAt(problems, 'payments[0].details[0].iban')}
          />
          <SimpleGrid cols={2}>
            <Field
              label={t('compose.dueDate')}
              type="date"
              value={detail?.due ?? ''}
              onChange={(v) => change((d) => (ensure(d).due = v))}
              error={errorAt(problems, 'payments[0].details[0].due')}
            />
            <Field
              label={t('compose.paymentAmount')}
              value={detail?.amount ?? ''}
              onChange={(v) => change((d) => (ensure(d).amount = v))}
              description={t('compose.paymentAmountProposed', {
                amount: formatAmount(Number(proposed), draft.document.currency || 'EUR', i18n.language),
              })}
              error={errorAt(problems, 'payments[0].details[0].amount')}
            />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

function AttachmentFields({ draft, change }: Props) {
  const { t } = useTranslation();
  const add = async (files: File[]) => {
    const read = await Promise.all(
      files.map(async (file) => ({
        name: file.name,
        compression: '',
        format: 'PDF',
        description: '',
        contentBase64: toBase64(new Uint8Array(await file.arrayBuffer())),
      })),
    );
    change((d) => d.attachments.push(...read));
  };
  return (
    <Stack gap="xs">
      <FileInput
        label={t('compose.attachmentPick')}
        accept="application/pdf"
        multiple
        value={[]}
        onChange={(files) => void add(files)}
        data-testid="compose-attachments"
      />
      {draft.attachments.map((a, i) => (
        <Group key={`${a.name}-${i}`} gap="xs">
          <Text size="sm">{a.name}</Text>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('compose.attachmentRemove', { name: a.name })}
            onClick={() => change((d) => d.attachments.splice(i, 1))}
          >
            ✕
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}
