/**
 * Drafts (`#/drafts`): every invoice written and not sent yet (compose/draft-store.ts), the recurring ones prepared
 * on their day among them, each with its checks and total. Select some (`drafts-select`) and send them in one
 * batch (`drafts-send-selected`, batch.ts), or delete them.
 */
import { Anchor, Badge, Button, Checkbox, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { computeTotals, type DraftLanguage } from '../../shared/fatturapa/compose/index.ts';
import { removeDraft, type StoredDraft } from '../compose/draft-store.ts';
import { queryKeys } from '../data/keys.ts';
import { useActiveProfileId } from '../data/profiles.ts';
import { formatAmount, formatDate } from '../format/format.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { useRecurring } from '../recurring/saved-recurring.ts';
import { useReady } from '../shell/ready.ts';
import { href } from '../shell/routes.ts';
import { batchRowOf, customerName, draftErrors, numberIsTheApps } from './batch.ts';
import { BatchPanel } from './batch-panel.tsx';
import { closeBatch, retryBatch, startBatch, stopBatch, useBatchView } from './batch-store.ts';
import { useDrafts } from './use-drafts.ts';

/** What the screen shows of a draft, worked out once per change of the drafts. */
interface DraftLine {
  stored: StoredDraft;
  customer: string;
  errors: number;
  total: string;
  currency: string;
}

export default function DraftsScreen() {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const client = useQueryClient();
  const profile = useActiveProfileId();
  const drafts = useDrafts(profile);
  const { templates } = useRecurring();
  const batch = useBatchView();
  const lang = (['it', 'en', 'de'].includes(i18n.language) ? i18n.language : 'en') as DraftLanguage;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirmDelete, setConfirmDelete] = useState(false);
  useReady(profile !== null);

  const lines = useMemo(
    (): DraftLine[] =>
      drafts.map((stored) => {
        const totals = computeTotals(stored.draft);
        return {
          stored,
          customer: customerName(stored),
          errors: draftErrors(stored, lang),
          total: totals.declaredTotal || totals.documentTotal,
          currency: stored.draft.document.currency || 'EUR',
        };
      }),
    [drafts, lang],
  );
  // Only drafts still here count as selected (one sent or deleted meanwhile drops out).
  const chosen = lines.filter((l) => selected.has(l.stored.id));
  const allChosen = lines.length > 0 && chosen.length === lines.length;
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const batchOptions = {
    gateway,
    profile: profile ?? '',
    signature: 'Auto' as const,
    lang,
    // The lists and the next numbers are read again once the batch is over.
    finished: () => void client.invalidateQueries({ queryKey: queryKeys.sentLists }),
  };
  const send = () => {
    if (!profile) return;
    // Sent in the order of their dates, oldest first, as their numbers must follow (art. 21 DPR 633/72).
    const rows = [...chosen]
      .sort((a, b) => a.stored.draft.document.date.localeCompare(b.stored.draft.document.date))
      .map((l) => batchRowOf(l.stored));
    if (startBatch({ ...batchOptions, rows })) setSelected(new Set());
  };
  const deleteChosen = () => {
    if (!profile) return;
    for (const line of chosen) removeDraft(profile, line.stored.id);
    setSelected(new Set());
    setConfirmDelete(false);
  };

  const origin = (stored: StoredDraft): string => {
    if (stored.recurring) {
      const name = templates?.find((tpl) => tpl.id === stored.recurring!.templateId)?.name ?? '';
      return `${t('drafts.originRecurring', { name })} · ${formatDate(stored.recurring.occurrence, i18n.language)}`;
    }
    if (stored.integrates) return t('drafts.originSelfInvoice', { kind: stored.integrates.kind });
    if (stored.source?.mode === 'correct') return t('drafts.originCorrection', { id: stored.source.sendId });
    return '';
  };

  return (
    <Stack data-testid="drafts-screen">
      <Title order={2}>{t('drafts.title')}</Title>
      <Text size="sm" c="dimmed" maw={900}>
        {t('drafts.intro')}
      </Text>
      {batch.rows.length > 0 && (
        <BatchPanel
          view={batch}
          onStop={stopBatch}
          onRetry={() => void retryBatch(batchOptions)}
          onClose={closeBatch}
        />
      )}
      {lines.length === 0 ? (
        <Text c="dimmed" data-testid="drafts-empty">
          {t('drafts.empty')}
        </Text>
      ) : (
        <Stack gap="xs">
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" data-testid="drafts-count" data-count={lines.length}>
              {t('drafts.count', { count: lines.length })}
            </Text>
            <Group gap="xs">
              {confirmDelete ? (
                <>
                  <Text size="sm">{t('drafts.deleteConfirm', { count: chosen.length })}</Text>
                  <Button color="red" size="xs" onClick={deleteChosen} data-testid="drafts-delete-confirm">
                    {t('drafts.deleteYes')}
                  </Button>
                  <Button variant="default" size="xs" onClick={() => setConfirmDelete(false)}>
                    {t('drafts.deleteNo')}
                  </Button>
                </>
              ) : (
                <Button
                  variant="subtle"
                  color="red"
                  disabled={chosen.length === 0 || batch.running}
                  onClick={() => setConfirmDelete(true)}
                  data-testid="drafts-delete-selected"
                >
                  {t('drafts.deleteSelected')}
                </Button>
              )}
              <Button
                disabled={chosen.length === 0 || batch.running}
                onClick={send}
                data-testid="drafts-send-selected"
                data-count={chosen.length}
              >
                {chosen.length === 0
                  ? t('drafts.sendNone')
                  : t('drafts.sendSelected', { count: chosen.length })}
              </Button>
            </Group>
          </Group>
          <Table highlightOnHover striped data-testid="drafts-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t('drafts.selectAll')}
                    checked={allChosen}
                    indeterminate={chosen.length > 0 && !allChosen}
                    onChange={(event) =>
                      setSelected(
                        event.currentTarget.checked ? new Set(lines.map((l) => l.stored.id)) : new Set(),
                      )
                    }
                    data-testid="drafts-select-all"
                  />
                </Table.Th>
                <Table.Th>{t('drafts.column.number')}</Table.Th>
                <Table.Th>{t('drafts.column.date')}</Table.Th>
                <Table.Th>{t('drafts.column.customer')}</Table.Th>
                <Table.Th>{t('drafts.column.type')}</Table.Th>
                <Table.Th ta="right">{t('drafts.column.total')}</Table.Th>
                <Table.Th>{t('drafts.column.checks')}</Table.Th>
                <Table.Th>{t('drafts.column.origin')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line) => {
                const { stored } = line;
                const number = stored.draft.document.number;
                const name = number || line.customer || t('drafts.untitled');
                return (
                  <Table.Tr
                    key={stored.id}
                    data-testid="draft-row"
                    data-id={stored.id}
                    data-total={line.total}
                    data-errors={line.errors}
                    data-recurring={stored.recurring ? stored.recurring.templateId : undefined}
                  >
                    <Table.Td>
                      <Checkbox
                        aria-label={t('drafts.select', { name })}
                        checked={selected.has(stored.id)}
                        onChange={(event) => toggle(stored.id, event.currentTarget.checked)}
                        data-testid="drafts-select"
                      />
                    </Table.Td>
                    <Table.Td>
                      {number === '' ? (
                        <Text span size="sm" c="dimmed">
                          {t('drafts.numberOnSend')}
                        </Text>
                      ) : numberIsTheApps(stored) ? (
                        t('drafts.numberProposed', { number })
                      ) : (
                        number
                      )}
                    </Table.Td>
                    <Table.Td>{formatDate(stored.draft.document.date, i18n.language)}</Table.Td>
                    <Table.Td>{line.customer}</Table.Td>
                    <Table.Td>{stored.draft.document.type}</Table.Td>
                    <Table.Td ta="right">{formatAmount(line.total, line.currency, i18n.language)}</Table.Td>
                    <Table.Td>
                      {line.errors === 0 ? (
                        <Badge color="teal.9" variant="filled" tt="none">
                          {t('drafts.ready')}
                        </Badge>
                      ) : (
                        <Badge color="red.8" variant="filled" tt="none">
                          {t('drafts.errors', { count: line.errors })}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{origin(stored)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Anchor href={href(`/compose?draft=${stored.id}`)} size="sm" data-testid="draft-open">
                        {t('drafts.open')}
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Stack>
  );
}
