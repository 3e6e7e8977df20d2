/**
 * The composer's form: every typed field of a draft, each with its label and the problems found at it, a section
 * per part of the invoice. Each section is a module of its own (supplier-fields.tsx, customer-fields.tsx,
 * document-fields.tsx, lines-fields.tsx…); what they share is in form-parts.tsx.
 */
import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AttachmentFields } from './attachment-fields.tsx';
import { CustomerFields } from './customer-fields.tsx';
import { DocumentFields } from './document-fields.tsx';
import { Section, type FormProps } from './form-parts.tsx';
import { LinesFields } from './lines-fields.tsx';
import { PaymentFields } from './payment-fields.tsx';
import { ProfessionalFields } from './professional-fields.tsx';
import { SupplierFields } from './supplier-fields.tsx';
import './compose.css';

export function DraftForm(props: FormProps) {
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
