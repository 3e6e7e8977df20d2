/** What the supplier and the customer both have: a name or a person's, VAT number and tax code, and an address. */
import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DraftAddress, DraftParty } from '../../shared/fatturapa/compose/index.ts';
import { errorAt, type FieldProblems } from './field-problems.tsx';
import { Field } from './form-parts.tsx';

export function IdentityFields({
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

export function AddressFields({
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
