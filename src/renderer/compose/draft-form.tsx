/**
 * The composer's form: every typed field of a draft, each with its label and the problems found at it. The parts
 * with rows of their own (lines, withholdings and funds, instalments) have their own modules.
 */
import {
  ActionIcon,
  Anchor,
  Autocomplete,
  Button,
  FileInput,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addDeliveryNote,
  lineNumbersText,
  parseLineNumbers,
  removeDeliveryNote,
  setRegime,
  type DraftAddress,
  type DraftCustomer,
  type DraftParty,
  type InvoiceDraft,
} from '../../shared/fatturapa/compose/index.ts';
import { codeLabel, DOCUMENT_TYPES, FISCAL_REGIMES } from '../../shared/fatturapa/code-labels/index.ts';
import { toBase64 } from '../../shared/gateway/api-fetch.ts';
import { DateField } from '../inputs/date-field.tsx';
import { knownCustomers } from './draft-store.ts';
import { formatDate } from '../format.ts';
import { href, sentAddress } from '../routes.ts';
import { errorAt, hasProblem, problemColor, RowProblems, type FieldProblems } from './field-problems.tsx';
import { codeOptions, Field, RemoveButton, Section, type FormProps, type NumberUse } from './form-parts.tsx';
import { LinesFields } from './lines-fields.tsx';
import { PaymentFields } from './payment-fields.tsx';
import {
  linkedIndex,
  paReferenceIndex,
  showsDeliveryNotes,
  showsLinked,
  showsPaFields,
  showsPec,
  showsRecipientCode,
} from './placement.ts';
import { ProfessionalFields } from './professional-fields.tsx';
import './compose.css';

type Props = FormProps;

const DOCUMENT_TYPE_CODES = ['TD01', 'TD04', 'TD05', 'TD06', 'TD24'];

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
      <Section title={t('compose.professional')}>
        <ProfessionalFields {...props} />
      </Section>
      <Section title={t('compose.payment')}>
        <PaymentFields {...props} />
      </Section>
      <Section title={t('compose.attachments')}>
        <AttachmentFields {...props} />
      </Section>
    </Stack>
  );
}

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
  const reference = paReferenceIndex(draft);
  const setReference = (key: 'id' | 'cig' | 'cup', value: string) =>
    change((d) => {
      let i = paReferenceIndex(d);
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
            // Split payment is the rule for a PA's purchases (art. 17-ter DPR 633/72), except fees subject to a
            // withholding (excluded since July 2018): proposed on, and the switch stays the user's.
            if (v === 'pa' && channel !== 'pa' && d.withholdings.length === 0) d.chargeability = 'S';
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
      {showsRecipientCode(draft) && (
        <Field
          label={channel === 'pa' ? t('compose.officeCode') : t('compose.recipientCode')}
          value={c.delivery.code}
          maxLength={channel === 'pa' ? 6 : 7}
          onChange={(v) => change((d) => (d.customer.delivery.code = v.trim().toUpperCase()))}
          error={errorAt(problems, 'customer.delivery.code')}
        />
      )}
      {showsPec(draft) && (
        <Field
          label={t('compose.pec')}
          type="email"
          value={c.delivery.pec}
          onChange={(v) => change((d) => (d.customer.delivery.pec = v.trim()))}
          error={errorAt(problems, 'customer.delivery.pec')}
        />
      )}
      {showsPaFields(draft) && (
        <>
          <Group gap="xs" align="flex-start" wrap="wrap">
            <Field
              label={t('compose.orderId')}
              style={{ flex: '2 1 12rem' }}
              value={reference >= 0 ? draft.references[reference]!.id : ''}
              onChange={(v) => setReference('id', v)}
              error={errorAt(problems, `references[${Math.max(reference, 0)}].id`)}
            />
            <Field
              label={t('compose.cig')}
              style={{ flex: '1 1 8rem' }}
              value={reference >= 0 ? draft.references[reference]!.cig : ''}
              onChange={(v) => setReference('cig', v.trim().toUpperCase())}
              error={errorAt(problems, `references[${Math.max(reference, 0)}].cig`)}
            />
            <Field
              label={t('compose.cup')}
              style={{ flex: '1 1 9rem' }}
              value={reference >= 0 ? draft.references[reference]!.cup : ''}
              onChange={(v) => setReference('cup', v.trim().toUpperCase())}
              error={errorAt(problems, `references[${Math.max(reference, 0)}].cup`)}
            />
          </Group>
          <Switch
            label={t('compose.splitPayment')}
            checked={draft.chargeability === 'S'}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              change((d) => (d.chargeability = on ? 'S' : ''));
            }}
            data-testid="compose-split-payment"
            error={errorAt(problems, 'chargeability')}
          />
        </>
      )}
    </Stack>
  );
}

/** A document type's name inside a sentence: "la fattura", "the credit note", German nouns keep their capital. */
function typeName(type: string, language: string): string {
  const label = codeLabel(DOCUMENT_TYPES, type, language).replace(/^\S+ · /, '');
  return language === 'de' ? label : label.toLowerCase();
}

/** The sent invoice that already has the number, with a link to it: SDI would discard this one as 00404. */
function NumberUsed({ use }: { use: NumberUse }) {
  const { t, i18n } = useTranslation();
  return (
    <span
      data-testid="compose-number-used"
      data-send-id={use.sendId}
      style={{ display: 'block', color: problemColor('error') }}
    >
      {t('compose.numberUsed', {
        number: use.number,
        type: typeName(use.type, i18n.language),
        date: formatDate(use.date, i18n.language),
        customer: use.customer ? ` (${use.customer})` : '',
      })}{' '}
      <Anchor href={href(sentAddress(use.sendId))} size="sm" inherit>
        {t('compose.numberUsedOpen')}
      </Anchor>
    </span>
  );
}

function DocumentFields({
  draft,
  change,
  problems,
  suggestedNumber,
  suggestedFromSeries,
  numberUsed,
}: Props) {
  const { t, i18n } = useTranslation();
  const doc = draft.document;
  const linked = linkedIndex(draft);
  const setLinked = (key: 'id' | 'date', value: string) =>
    change((d) => {
      let i = linkedIndex(d);
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
          onChange={(v) =>
            change((d) => {
              d.document.type = v ?? 'TD01';
              // A deferred invoice lists its delivery notes: the first one is ready to fill in.
              if (d.document.type === 'TD24' && d.deliveryNotes.length === 0) addDeliveryNote(d);
            })
          }
          data={codeOptions(DOCUMENT_TYPES, i18n.language, types)}
          error={errorAt(problems, 'document.type')}
          data-testid="compose-type"
        />
        <DateField
          field="document.date"
          label={t('compose.date')}
          value={doc.date}
          onChange={(v) => change((d) => (d.document.date = v))}
          error={errorAt(problems, 'document.date')}
        />
        <Field
          label={t('compose.number')}
          value={doc.number}
          onChange={(v) => change((d) => (d.document.number = v))}
          description={
            suggestedNumber
              ? t(suggestedFromSeries ? 'compose.numberSeries' : 'compose.numberSuggested', {
                  number: suggestedNumber,
                })
              : undefined
          }
          error={
            numberUsed ? (
              <>
                {errorAt(problems, 'document.number')}
                <NumberUsed use={numberUsed} />
              </>
            ) : (
              errorAt(problems, 'document.number')
            )
          }
          data-testid="compose-number"
        />
        <Field
          label={t('compose.currency')}
          value={doc.currency}
          maxLength={3}
          onChange={(v) => change((d) => (d.document.currency = v.toUpperCase()))}
          error={errorAt(problems, 'document.currency')}
        />
      </SimpleGrid>
      {showsLinked(draft) && (
        <SimpleGrid cols={2}>
          <Field
            label={t('compose.linkedNumber')}
            value={linked >= 0 ? draft.references[linked]!.id : ''}
            onChange={(v) => setLinked('id', v)}
            error={errorAt(problems, `references[${Math.max(linked, 0)}].id`)}
          />
          <DateField
            field={`references[${Math.max(linked, 0)}].date`}
            label={t('compose.linkedDate')}
            value={linked >= 0 ? draft.references[linked]!.date : ''}
            onChange={(v) => setLinked('date', v)}
            error={errorAt(problems, `references[${Math.max(linked, 0)}].date`)}
          />
        </SimpleGrid>
      )}
      {showsDeliveryNotes(draft) && <DeliveryNotes draft={draft} change={change} problems={problems} />}
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

/** DatiDDT: the delivery notes a deferred invoice (TD24) refers to, each with the lines it delivered. */
function DeliveryNotes({
  draft,
  change,
  problems,
}: {
  draft: InvoiceDraft;
  change: Props['change'];
  problems: FieldProblems;
}) {
  const { t } = useTranslation();
  const labels = {
    number: t('compose.ddtNumber'),
    date: t('compose.ddtDate'),
    lines: t('compose.ddtLines'),
  };
  return (
    <Stack gap="xs">
      {draft.deliveryNotes.map((note, i) => {
        const p = `deliveryNotes[${i}]`;
        const n = i + 1;
        const set = (edit: (note: InvoiceDraft['deliveryNotes'][number]) => void) =>
          change((d) => edit(d.deliveryNotes[i]!));
        return (
          <Paper
            key={i}
            withBorder
            p="xs"
            role="group"
            aria-label={t('compose.ddtN', { n })}
            data-testid="compose-ddt"
          >
            <Group gap="xs" align="flex-end" wrap="wrap">
              <Field
                label={labels.number}
                w={200}
                value={note.number}
                onChange={(v) => set((x) => (x.number = v))}
                error={hasProblem(problems, `${p}.number`)}
              />
              <DateField
                field={`${p}.date`}
                label={labels.date}
                w="10rem"
                value={note.date}
                onChange={(v) => set((x) => (x.date = v))}
                error={hasProblem(problems, `${p}.date`)}
              />
              <Field
                label={labels.lines}
                style={{ flex: '1 1 12rem' }}
                inputMode="numeric"
                value={lineNumbersText(note.lines)}
                onChange={(v) => set((x) => (x.lines = parseLineNumbers(v)))}
                error={hasProblem(problems, `${p}.lines`)}
              />
              <RemoveButton
                label={t('compose.ddtRemove', { n })}
                onClick={() => change((d) => removeDeliveryNote(d, i))}
              />
            </Group>
            <RowProblems problems={problems} prefix={p} labels={labels} />
          </Paper>
        );
      })}
      <Group>
        <Button
          variant="light"
          size="compact-sm"
          onClick={() => change((d) => void addDeliveryNote(d))}
          data-testid="compose-add-ddt"
        >
          {t('compose.ddtAdd')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Allegati: PDFs picked from disk, carried in the file as Base64, each with an optional description. */
function AttachmentFields({ draft, change, problems }: Props) {
  const { t, i18n } = useTranslation();
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
  const labels = {
    name: t('compose.attachmentName'),
    description: t('compose.attachmentDescription'),
    contentBase64: t('compose.attachmentContent'),
  };
  return (
    <Stack gap="xs">
      <FileInput
        label={t('compose.attachmentPick')}
        accept="application/pdf"
        multiple
        w={360}
        value={[]}
        onChange={(files) => void add(files)}
        data-testid="compose-attachments"
      />
      {draft.attachments.map((a, i) => {
        const p = `attachments[${i}]`;
        // Base64 carries 3 bytes in 4 characters.
        const kb = Math.max(1, Math.round((a.contentBase64.length * 3) / 4 / 1024));
        return (
          <Paper key={`${a.name}-${i}`} withBorder p="xs" data-testid="compose-attachment">
            <Group gap="xs" align="flex-end" wrap="wrap">
              <Text size="sm" fw={600} mb={8} style={{ overflowWrap: 'anywhere' }}>
                {a.name}
              </Text>
              <Text size="sm" mb={8}>
                {t('compose.attachmentSize', { size: kb.toLocaleString(i18n.language) })}
              </Text>
              <Field
                label={labels.description}
                style={{ flex: '1 1 14rem' }}
                value={a.description}
                onChange={(v) => change((d) => (d.attachments[i]!.description = v))}
                error={hasProblem(problems, `${p}.description`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mb={1}
                aria-label={t('compose.attachmentRemove', { name: a.name })}
                title={t('compose.attachmentRemove', { name: a.name })}
                onClick={() => change((d) => d.attachments.splice(i, 1))}
              >
                ✕
              </ActionIcon>
            </Group>
            <RowProblems problems={problems} prefix={p} labels={labels} />
          </Paper>
        );
      })}
    </Stack>
  );
}
