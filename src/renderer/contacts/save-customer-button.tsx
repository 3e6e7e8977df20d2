/**
 * In the composer: a customer typed by hand is offered for saving into the registry, with what this invoice
 * proposes for the next one (its payment method, days and IBAN, the Natura of its lines). Once saved, or when the
 * customer is a saved contact already, it says so instead.
 */
import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceDraft } from '../../shared/fatturapa/compose/index.ts';
import { contactKey, emptyContactFields, type ContactFields } from '../../shared/registry/contact.ts';
import { useSavedContacts } from './saved-contacts.ts';

/** The registry's fields of a draft's customer, with the draft's payment and Natura as its defaults. */
function contactOfDraft(draft: InvoiceDraft): ContactFields {
  const c = draft.customer;
  const detail = draft.payments[0]?.details[0];
  const exempt = draft.lines.find((line) => line.nature !== '');
  return {
    ...emptyContactFields(),
    name: c.name.trim(),
    firstName: c.firstName.trim(),
    lastName: c.lastName.trim(),
    vat: { country: c.vat.country.trim().toUpperCase(), code: c.vat.code.trim() },
    fiscalCode: c.fiscalCode.trim().toUpperCase(),
    address: { ...c.address },
    delivery: { ...c.delivery },
    payment: { method: detail?.method ?? '', days: detail?.termsDays ?? '', iban: detail?.iban ?? '' },
    nature: exempt?.nature ?? '',
    legalReference: exempt?.legalReference ?? '',
  };
}

export function SaveCustomerButton({ draft }: { draft: InvoiceDraft }) {
  const { t } = useTranslation();
  const { saved, change, changing } = useSavedContacts();
  const fields = contactOfDraft(draft);
  const named = [fields.name, fields.firstName, fields.lastName].some((v) => v !== '');
  const identified = fields.vat.code !== '' || fields.fiscalCode !== '';
  if (saved === null || !named || !identified) return null;
  const key = contactKey(fields);
  if (saved.some((contact) => contact.key === key))
    return (
      <Text size="xs" c="dimmed" data-testid="compose-customer-saved">
        {t('contacts.compose.saved')}
      </Text>
    );
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      loading={changing}
      onClick={() =>
        void change({
          kind: 'save',
          contacts: [{ ...fields, key, roles: ['customer'], saved: new Date().toISOString() }],
        })
      }
      data-testid="compose-customer-save"
    >
      {t('contacts.compose.save')}
    </Button>
  );
}
