/**
 * One contact's fields, as the user saves them: who it is, its address, how SDI reaches it, and what a new invoice
 * to it proposes (payment method, days and IBAN, the Natura and wording of its lines), and notes. The check digits
 * of the VAT number, the tax code and the IBAN are checked by the shared registry (checkContact); the problems show
 * at their fields once Save was pressed, and nothing with a problem is saved.
 */
import { Button, Checkbox, Group, Select, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NATURES, PAYMENT_METHODS } from '../../shared/fatturapa/code-labels/index.ts';
import type { DeliveryChannel, DraftParty } from '../../shared/fatturapa/compose/index.ts';
import {
  checkContact,
  contactKey,
  type ContactFields,
  type ContactProblem,
  type ContactRole,
  type SavedContact,
} from '../../shared/registry/index.ts';
import { errorAt, type FieldProblems } from '../compose/field-problems.tsx';
import { codeOptions, Field, NATURE_CODES } from '../compose/form-parts.tsx';
import { AddressFields, IdentityFields } from '../compose/party-fields.tsx';

const CHANNELS: DeliveryChannel[] = ['code', 'pec', 'pa', 'foreign', 'none'];
const ROLES: ContactRole[] = ['customer', 'supplier'];

/** The composer's field names are prefixed by the party: the form shows the contact as a customer's fields. */
const PREFIX = 'customer';

export interface ContactDraft {
  fields: ContactFields;
  roles: ContactRole[];
}

export function ContactForm({
  initial,
  originalKey,
  saving,
  justSaved = false,
  onSave,
}: {
  initial: ContactDraft;
  /** Shown as saved: a new contact, once saved, opens again as itself (a form of its own). */
  justSaved?: boolean;
  /** The key it was listed under (null for a new contact): saved over it even when the VAT number changed. */
  originalKey: string | null;
  saving: boolean;
  onSave: (contact: SavedContact, previousKey: string | null) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const [fields, setFields] = useState<ContactFields>(() => structuredClone(initial.fields));
  const [roles, setRoles] = useState<ContactRole[]>(initial.roles);
  const [tried, setTried] = useState(false);
  const [saved, setSaved] = useState(justSaved);
  const change = (edit: (f: ContactFields) => void) => {
    setSaved(false);
    setFields((current) => {
      const next = structuredClone(current);
      edit(next);
      return next;
    });
  };
  const found = useMemo(() => checkContact(fields), [fields]);
  const problems: FieldProblems = tried ? found.map((p) => shown(p, t(PROBLEM_TEXT[p.code]))) : [];
  const party: DraftParty = { ...fields, title: '', eori: '' };
  const channel = fields.delivery.channel;

  const save = async () => {
    setTried(true);
    if (found.length > 0) return;
    // Saved over the key it was listed under: invoices still arriving under its old VAT number stay with it.
    const key = originalKey ?? contactKey(fields);
    await onSave({ ...fields, key, roles, saved: new Date().toISOString() }, originalKey);
    setSaved(true);
  };

  return (
    <Stack
      component="form"
      gap="sm"
      data-testid="contact-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Title order={3} fz="h5">
        {t('contacts.form.identity')}
      </Title>
      <IdentityFields
        party={party}
        prefix={PREFIX}
        problems={problems}
        set={(edit) =>
          change((f) => {
            const p: DraftParty = { ...f, title: '', eori: '' };
            edit(p);
            Object.assign(f, {
              name: p.name,
              firstName: p.firstName,
              lastName: p.lastName,
              vat: p.vat,
              fiscalCode: p.fiscalCode,
            });
          })
        }
      />
      <AddressFields
        address={fields.address}
        prefix={`${PREFIX}.address`}
        problems={problems}
        set={(edit) => change((f) => edit(f.address))}
      />
      <Checkbox.Group
        label={t('contacts.form.role')}
        value={roles}
        onChange={(value) => setRoles(ROLES.filter((r) => value.includes(r)))}
      >
        <Group mt={4}>
          <Checkbox value="customer" label={t(ROLE_LABELS.customer)} data-testid="contact-role-customer" />
          <Checkbox value="supplier" label={t(ROLE_LABELS.supplier)} data-testid="contact-role-supplier" />
        </Group>
      </Checkbox.Group>

      <Title order={3} fz="h5">
        {t('contacts.form.deliveryTitle')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label={t('compose.delivery')}
          allowDeselect={false}
          value={channel}
          onChange={(v) => change((f) => (f.delivery.channel = (v ?? 'none') as DeliveryChannel))}
          data={CHANNELS.map((c) => ({ value: c, label: t(CHANNEL_LABELS[c]) }))}
          data-testid="contact-delivery"
        />
        {(channel === 'code' || channel === 'pa') && (
          <Field
            label={channel === 'pa' ? t('compose.officeCode') : t('compose.recipientCode')}
            value={fields.delivery.code}
            maxLength={channel === 'pa' ? 6 : 7}
            onChange={(v) => change((f) => (f.delivery.code = v.trim().toUpperCase()))}
            error={errorAt(problems, `${PREFIX}.delivery.code`)}
          />
        )}
        {(channel === 'code' || channel === 'pec') && (
          <Field
            label={t('compose.pec')}
            value={fields.delivery.pec}
            onChange={(v) => change((f) => (f.delivery.pec = v.trim()))}
            error={errorAt(problems, `${PREFIX}.delivery.pec`)}
          />
        )}
      </SimpleGrid>

      <Title order={3} fz="h5">
        {t('contacts.form.defaults')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label={t('contacts.form.paymentMethod')}
          clearable
          value={fields.payment.method || null}
          onChange={(v) => change((f) => (f.payment.method = v ?? ''))}
          data={codeOptions(PAYMENT_METHODS, i18n.language)}
        />
        <Field
          label={t('contacts.form.paymentDays')}
          value={fields.payment.days}
          inputMode="numeric"
          onChange={(v) => change((f) => (f.payment.days = v.replace(/\D/g, '')))}
          error={undefined}
        />
        <Field
          label={t('contacts.form.iban')}
          value={fields.payment.iban}
          onChange={(v) => change((f) => (f.payment.iban = v.replace(/\s+/g, '').toUpperCase()))}
          error={errorAt(problems, `${PREFIX}.payment.iban`)}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('contacts.form.nature')}
          clearable
          value={fields.nature || null}
          onChange={(v) => change((f) => (f.nature = v ?? ''))}
          data={codeOptions(NATURES, i18n.language, NATURE_CODES)}
        />
        <Field
          label={t('contacts.form.legalReference')}
          value={fields.legalReference}
          onChange={(v) => change((f) => (f.legalReference = v))}
          error={undefined}
        />
      </SimpleGrid>
      <Textarea
        label={t('contacts.form.notes')}
        autosize
        minRows={2}
        value={fields.notes}
        onChange={(event) => {
          const value = event.currentTarget.value;
          change((f) => (f.notes = value));
        }}
      />
      <Group>
        <Button type="submit" loading={saving} data-testid="contact-save">
          {t('contacts.form.save')}
        </Button>
        {saved && (
          <Text size="sm" c="teal.8" data-testid="contact-saved">
            {t('contacts.form.saved')}
          </Text>
        )}
      </Group>
    </Stack>
  );
}

const CHANNEL_LABELS: Record<DeliveryChannel, string> = {
  code: 'compose.deliveryCode',
  pec: 'compose.deliveryPec',
  pa: 'compose.deliveryPa',
  foreign: 'compose.deliveryForeign',
  none: 'compose.deliveryNone',
};

const PROBLEM_TEXT: Record<ContactProblem['code'], string> = {
  name: 'contacts.problem.name',
  vat: 'contacts.problem.vat',
  fiscalCode: 'contacts.problem.fiscalCode',
  iban: 'contacts.problem.iban',
  recipientCode: 'contacts.problem.recipientCode',
  pec: 'contacts.problem.pec',
};

export const ROLE_LABELS: Record<ContactRole, string> = {
  customer: 'contacts.roles.customer',
  supplier: 'contacts.roles.supplier',
};

/** A registry problem as the composer's fields show one (their `customer.…` names). */
function shown(problem: ContactProblem, text: string) {
  return { field: `${PREFIX}.${problem.field}`, element: '', code: problem.code, text };
}
