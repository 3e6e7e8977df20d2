import {
  Alert,
  Anchor,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Send, SendState } from '../../shared/api/types.ts';
import { listReceived, listSent, messageOf } from '../data/api.ts';
import { queryKeys } from '../data/keys.ts';
import { useActiveProfileId } from '../data/profiles.ts';
import { formatCount, formatDate } from '../format/format.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { LoadDemoData } from '../demo-data/load-demo-data.tsx';
import { IndexPanel } from '../invoice-index/index-panel.tsx';
import { rejectionsToHandle, useCorrections } from '../sent/corrections.ts';
import { BooksCard } from './books-card.tsx';
import { MonthTotals } from './month-totals.tsx';
import { useReady } from '../shell/ready.ts';
import { address, href, screenAddress, sentAddress } from '../shell/routes.ts';
import { StateBadge } from '../ui/state-badge.tsx';
import { Welcome } from '../shell/welcome.tsx';

/** SDI outcomes that ask something of the accountant: fix and resend, or tell the customer where the invoice is. */
const ATTENTION: readonly SendState[] = [
  'Scartato',
  'NonConsegnato',
  'ImpossibilitaDiRecapito',
  'RifiutatoDalDestinatario',
];

interface Summary {
  sent: number;
  received: number;
  unread: number;
  latest: Send[];
  attention: { state: SendState; count: number }[];
}

export interface DashboardProps {
  /** The active profile's name: the local sandbox, or a remote service. */
  title: string;
  /** The sandbox clock's now where the local sandbox lives at another time: the month the totals add up. */
  today?: Date | null;
}

/** Counts and what needs attention; every card is a link to the list it counts (`#/sent?state=Scartato`). */
export function Dashboard({ title, today = null }: DashboardProps) {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const profile = useActiveProfileId();
  // Two queries, one per kind of invoice: a new state reads the sent counts again (the attention cards, the latest
  // invoices), an arrival or a read the received and unread counts. The counts stay on screen while read again.
  const sentSummary = useQuery({
    queryKey: queryKeys.sentList('dashboard', profile),
    enabled: profile !== null,
    queryFn: async () => {
      const latest = listSent(gateway, { page: 1, page_size: 5 });
      // One count per state, a page of one each: the server counts, the UI never pages through invoices. A
      // rejected invoice already corrected and resent is nothing to handle: those are read to leave them out.
      const [sent, attention] = await Promise.all([
        latest,
        Promise.all(
          ATTENTION.map((state) =>
            state === 'Scartato'
              ? latest.then((sent) =>
                  rejectionsToHandle(gateway, profile!, `${sent.total}:${sent.items[0]?.id ?? ''}`),
                )
              : listSent(gateway, { page_size: 1, latest_state: state }).then((page) => page.total),
          ),
        ),
      ]);
      return {
        sent: sent.total,
        latest: sent.items,
        attention: ATTENTION.map((state, i) => ({ state, count: attention[i]! })).filter((a) => a.count > 0),
      };
    },
  });
  const receivedSummary = useQuery({
    queryKey: queryKeys.receivedList('dashboard'),
    queryFn: async () => {
      const [received, unread] = await Promise.all([
        listReceived(gateway, { page_size: 1 }),
        listReceived(gateway, { page_size: 1, unread: true }),
      ]);
      return { received: received.total, unread: unread.total };
    },
  });
  const summary: Summary | null =
    sentSummary.data && receivedSummary.data ? { ...sentSummary.data, ...receivedSummary.data } : null;
  const failed = sentSummary.error ?? receivedSummary.error;
  const error = failed ? messageOf(failed) : null;
  useReady(summary !== null || error !== null);
  // A rejected invoice among the latest that was corrected and resent says so, as in the sent list.
  const corrections = useCorrections(summary?.latest ?? null);

  if (error) return <Alert color="red">{t('app.error', { message: error })}</Alert>;
  if (!summary) return <Loader role="status" aria-label={t('app.loading')} />;
  return (
    <Stack>
      <Title order={2}>{title}</Title>
      <Welcome empty={summary.sent === 0 && summary.received === 0} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <CountCard testId="sent-count" label={t('dashboard.sent')} to={screenAddress('sent')}>
          <Text fw={700} fz={32}>
            {formatCount(summary.sent, i18n.language)}
          </Text>
        </CountCard>
        <CountCard
          testId="received-count"
          label={t('dashboard.received')}
          to={address(screenAddress('inbox'), { unread: summary.unread > 0 })}
        >
          <Group align="baseline">
            <Text fw={700} fz={32}>
              {formatCount(summary.received, i18n.language)}
            </Text>
            <Text c="dimmed">{t('dashboard.unread', { count: summary.unread })}</Text>
          </Group>
        </CountCard>
      </SimpleGrid>
      <MonthTotals today={today} />
      <BooksCard today={today} />
      {summary.attention.length > 0 && (
        <Stack gap="xs" data-testid="attention">
          <Title order={3}>{t('dashboard.attention')}</Title>
          <Group>
            {summary.attention.map(({ state, count }) => (
              <UnstyledButton
                key={state}
                component="a"
                href={href(address(screenAddress('sent'), { state }))}
                data-testid="attention-state"
                data-state={state}
              >
                <Card withBorder padding="sm">
                  <Group gap="xs">
                    <Text fw={700}>{count}</Text>
                    <StateBadge state={state} />
                  </Group>
                </Card>
              </UnstyledButton>
            ))}
          </Group>
        </Stack>
      )}
      <Title order={3}>{t('dashboard.latest')}</Title>
      {summary.latest.length === 0 ? (
        <Text c="dimmed">{t('dashboard.empty')}</Text>
      ) : (
        <Table>
          <Table.Tbody>
            {summary.latest.map((invoice) => (
              <Table.Tr key={invoice.id}>
                <Table.Td>
                  <Anchor href={href(sentAddress(invoice.id))}>
                    {invoice.document_number ?? invoice.file_name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{formatDate(invoice.document_date, i18n.language)}</Table.Td>
                <Table.Td>{invoice.nome_committente}</Table.Td>
                <Table.Td>
                  <StateBadge state={invoice.latest_state} corrected={corrections.has(invoice.id)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <LoadDemoData empty={summary.sent === 0 && summary.received === 0} />
      <IndexPanel />
    </Stack>
  );
}

function CountCard(props: { testId: string; label: string; to: string; children: ReactNode }) {
  return (
    <UnstyledButton component="a" href={href(props.to)} data-testid={props.testId}>
      <Card withBorder>
        <Text c="dimmed" size="sm">
          {props.label}
        </Text>
        {props.children}
      </Card>
    </UnstyledButton>
  );
}
