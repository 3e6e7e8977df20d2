import { Alert, Anchor, Button, Code, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiProblem, clientOf, messageOf } from '../data/api.ts';
import { useCompaniesChanged } from '../data/companies.ts';
import {
  CompanyInputs,
  companyInput,
  companyLabels,
  FormProblemAlert,
  type CompanyField,
  type CompanyValues,
} from '../companies/company-fields.tsx';
import { formProblem, type FormProblem } from '../ui/form-problem.ts';
import { formatDateTimeSeconds } from '../format/format.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { href, screenAddress } from '../shell/routes.ts';
import type { HeldRow } from './sandbox-api.ts';
import { Section } from './section.tsx';

/**
 * Invoices SDI holds for a recipient nobody has registered, each with the VAT number (or fiscal code) that
 * releases it, and a way to register that company here and now.
 */
export function HeldPanel({ rows, onChanged }: { rows: HeldRow[] | null; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const [registering, setRegistering] = useState<string | null>(null);
  const [registered, setRegistered] = useState<string | null>(null);
  return (
    <Section title={t('console.heldTitle')} intro={t('console.heldIntro')}>
      {registered && (
        <Alert color="green" role="status" data-testid="held-registered">
          {t('console.registered', { name: registered })}{' '}
          <Anchor href={href(screenAddress('inbox'))} size="sm">
            {t('console.openInbox')}
          </Anchor>
        </Alert>
      )}
      <Table.ScrollContainer minWidth={440}>
        <Table striped data-testid="held-list" data-loading={rows === null || undefined}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('console.heldRecipient')}</Table.Th>
              <Table.Th>{t('console.heldFile')}</Table.Th>
              <Table.Th>{t('console.heldArrived')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(rows ?? []).map((row) => (
              <Table.Tr key={row.id} data-testid="held-row" data-recipient={row.recipient}>
                <Table.Td>
                  <Stack gap={6} align="flex-start">
                    <Code>{row.recipient}</Code>
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => {
                        setRegistered(null);
                        setRegistering(row.recipient);
                      }}
                      data-testid="held-register"
                    >
                      {t('console.heldRegister')}
                    </Button>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{row.file_name}</Text>
                  <Text size="xs" c="dimmed">
                    {t('console.heldIdentifier')}: {row.identifier}
                  </Text>
                </Table.Td>
                <Table.Td>{formatDateTimeSeconds(row.created, i18n.language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rows !== null && rows.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="held-empty">
          {t('console.heldEmpty')}
        </Text>
      )}
      <Modal
        opened={registering !== null}
        onClose={() => setRegistering(null)}
        title={t('console.registerTitle', { vat: registering ?? '' })}
      >
        {registering !== null && (
          <RegisterForm
            recipient={registering}
            onDone={(name) => {
              setRegistering(null);
              setRegistered(name);
              onChanged();
            }}
          />
        )}
      </Modal>
    </Section>
  );
}

/** What the held invoice says of its recipient, as the company form's starting values. */
function startingValues(recipient: string): CompanyValues {
  const vat = /^[A-Z]{2}[0-9A-Z]+$/.test(recipient) && !/^[A-Z]{6}\d/.test(recipient) ? recipient : '';
  const fiscalCode = vat.startsWith('IT') ? vat.slice(2) : vat ? '' : recipient;
  return { name: '', vat, fiscal_code: fiscalCode };
}

function RegisterForm({ recipient, onDone }: { recipient: string; onDone: (name: string) => void }) {
  const { t } = useTranslation();
  const gateway = useGateway();
  const companiesChanged = useCompaniesChanged();
  const [values, setValues] = useState<CompanyValues>(() => startingValues(recipient));
  const [problem, setProblem] = useState<FormProblem<CompanyField> | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const company = await clientOf(gateway).companies.create(companyInput(values));
      await companiesChanged();
      onDone(company.name);
    } catch (e) {
      setProblem(formProblem(e instanceof ApiProblem ? e.problem : null, messageOf(e), companyLabels(t), t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack
      component="form"
      data-testid="held-register-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Text size="sm">{t('console.registerIntro')}</Text>
      <CompanyInputs values={values} onChange={setValues} problem={problem} />
      <FormProblemAlert problem={problem} testId="held-register-problem" />
      <Button type="submit" loading={busy} data-testid="held-register-submit">
        {t('console.registerSubmit')}
      </Button>
    </Stack>
  );
}
