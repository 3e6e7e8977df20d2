/**
 * On a dashboard with nothing to count yet: the first steps, as links. "Register your company" while the account
 * has none (`#/companies`), then "Write your first invoice" (`#/compose`). Gone once an invoice is sent or received.
 */
import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCompaniesQuery } from '../data/companies.ts';
import { COMPOSE_ADDRESS, href, screenAddress } from './routes.ts';

/** `empty`: the account has neither sent nor received an invoice. */
export function Welcome({ empty }: { empty: boolean }) {
  const { t } = useTranslation();
  const query = useCompaniesQuery();
  // Unknown (the read failed): both steps are offered.
  const companies = query.error ? 0 : (query.data?.length ?? null);
  if (!empty || companies === null) return null;

  const steps = [
    ...(companies === 0
      ? [
          {
            testId: 'welcome-company',
            to: screenAddress('companies'),
            label: t('shell.welcome.company'),
            hint: t('shell.welcome.companyHint'),
          },
        ]
      : []),
    {
      testId: 'welcome-compose',
      to: COMPOSE_ADDRESS,
      label: t('shell.welcome.compose'),
      hint: t('shell.welcome.composeHint'),
    },
  ];
  return (
    <Card withBorder data-testid="welcome">
      <Stack gap="sm">
        <Title order={3}>{t('shell.welcome.title')}</Title>
        <SimpleGrid cols={{ base: 1, sm: steps.length }}>
          {steps.map((step, i) => (
            <Stack key={step.testId} gap={6} align="flex-start">
              <Button
                component="a"
                href={href(step.to)}
                variant={i === 0 ? 'filled' : 'light'}
                data-testid={step.testId}
              >
                {`${steps.length > 1 ? `${i + 1}. ` : ''}${step.label}`}
              </Button>
              <Text size="sm" c="dimmed">
                {step.hint}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
