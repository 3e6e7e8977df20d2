import { Alert, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Send } from '../../shared/api/types.ts';
import { listReceived, listSent } from '../api.ts';
import { useGateway } from '../gateway-context.ts';
import { StateBadge } from '../state-badge.tsx';

interface Summary {
  sent: number;
  received: number;
  unread: number;
  latest: Send[];
}

export function Dashboard({ onLoaded }: { onLoaded: () => void }) {
  const { t } = useTranslation();
  const gateway = useGateway();
  const [summary, setSummary] = useState<Summary | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all([
      listSent(gateway, { page: 1, page_size: 5 }),
      listReceived(gateway, { page_size: 1 }),
      listReceived(gateway, { page_size: 1, unread: true }),
    ]).then(
      ([sent, received, unread]) => {
        if (!live) return;
        setSummary({ sent: sent.total, received: received.total, unread: unread.total, latest: sent.items });
        onLoaded();
      },
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [gateway, onLoaded]);

  if (error) return <Alert color="red">{t('app.error', { message: error })}</Alert>;
  if (!summary) return <Loader aria-label={t('app.loading')} />;
  return (
    <Stack>
      <Title order={2}>{t('dashboard.title')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder data-testid="sent-count">
          <Text c="dimmed" size="sm">
            {t('dashboard.sent')}
          </Text>
          <Text fw={700} fz={32}>
            {summary.sent}
          </Text>
        </Card>
        <Card withBorder data-testid="received-count">
          <Text c="dimmed" size="sm">
            {t('dashboard.received')}
          </Text>
          <Group align="baseline">
            <Text fw={700} fz={32}>
              {summary.received}
            </Text>
            <Text c="dimmed">{t('dashboard.unread', { count: summary.unread })}</Text>
          </Group>
        </Card>
      </SimpleGrid>
      <Title order={3}>{t('dashboard.latest')}</Title>
      {summary.latest.length === 0 ? (
        <Text c="dimmed">{t('dashboard.empty')}</Text>
      ) : (
        <Table>
          <Table.Tbody>
            {summary.latest.map((invoice) => (
              <Table.Tr key={invoice.id}>
                <Table.Td>{invoice.document_number ?? invoice.file_name}</Table.Td>
                <Table.Td>{invoice.nome_committente}</Table.Td>
                <Table.Td>
                  <StateBadge state={invoice.latest_state} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
