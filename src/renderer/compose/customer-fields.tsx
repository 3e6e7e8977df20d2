/**
 * The customer (CessionarioCommittente): found among the customers invoiced from here and the companies, or typed;
 * how the invoice reaches it, and for a public administration its order, CIG, CUP and split payment.
 */
import { Autocomplete, Group, Select, Stack, Switch } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { referenceAt, type InvoiceDraft } from '../../shared/fatturapa/compose/index.ts';
import { contactName } from '../../shared/registry/contact.ts';
import { fillCustomer } from '../../shared/registry/fill-customer.ts';
import { SaveCustomerButton } from '../contacts/save-customer-button.tsx';
import { useKnownContacts } from '../contacts/use-registry.ts';
import { knownCustomers } from './draft-store.ts';
import { errorAt } from './field-problems.tsx';
import { Field, type FormProps } from './form-parts.tsx';
import { AddressFields, IdentityFields } from './party-fields.tsx';
import { paReferenceIndex, showsPaFields, showsPec, showsRecipientCode } from './placement.ts';

export function CustomerFields({ draft, change, problems, companies, profile }: FormProps) {
  const { t } = useTranslation();
  const c = draft.customer;
  const contacts = useKnownContacts();
  const known = useMemo(() => {
    const list: { label: string; fill: (draft: InvoiceDraft) => void }[] = [];
    // The registry's customers first (saved or learned from any invoice), then its suppliers, then what this
    // machine's composer remembered before the registry existed, then the companies.
    const ordered = [...contacts].sort(
      (a, b) => Number(!a.roles.includes('customer')) - Number(!b.roles.includes('customer')),
    );
    for (const contact of ordered) {
      list.push({
        label: `${contactName(contact)} (${contact.vat.code ? `${contact.vat.country}${contact.vat.code}` : contact.fiscalCode})`,
        fill: (draft) => fillCustomer(draft, contact),
      });
    }
    for (const saved of knownCustomers(profile)) {
      const name = saved.name || `${saved.firstName} ${saved.lastName}`.trim();
      const label = `${name} (${saved.vat.country}${saved.vat.code || saved.fiscalCode})`;
      if (list.some((k) => k.label === label)) continue;
      list.push({ label, fill: (draft) => Object.assign(draft.customer, structuredClone(saved)) });
    }
    for (const company of companies) {
      const label = `${company.name} (${company.vat})`;
      if (list.some((k) => k.label === label)) continue;
      list.push({
        label,
        fill: ({ customer }) => {
          customer.name = company.name;
          customer.vat = { country: company.vat.slice(0, 2), code: company.vat.slice(2) };
          customer.fiscalCode = company.fiscal_code === company.vat.slice(2) ? '' : company.fiscal_code;
        },
      });
    }
    return list;
  }, [companies, profile, contacts]);
  const channel = c.delivery.channel;
  const reference = paReferenceIndex(draft);
  const setReference = (key: 'id' | 'cig' | 'cup', value: string) =>
    change((d) => {
      referenceAt(d, paReferenceIndex(d), 'order')[key] = value;
    });
  return (
    <Stack gap="xs">
      <Autocomplete
        label={t('compose.customerSearch')}
        description={t('compose.customerSearchHint')}
        data={known.map((k) => k.label)}
        onOptionSubmit={(label) => {
          const found = known.find((k) => k.label === label);
          if (found) change((d) => found.fill(d));
        }}
        data-testid="compose-customer-search"
      />
      <SaveCustomerButton draft={draft} />
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
        error={errorAt(problems, 'customer.delivery.channel')}
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
