/**
 * Recurring invoices (`#/recurring`): each template with its schedule (`recurring-row`), its next date and the
 * latest prepared; pause, resume, change the schedule, delete. The drafts themselves are in Drafts.
 */
import { Badge, Button, Group, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { computeTotals } from '../../shared/fatturapa/compose/index.ts';
import { nextOccurrence, reschedule, resumed, type RecurringTemplate } from '../../shared/recurring/index.ts';
import { contactName } from '../../shared/registry/index.ts';
import { formatAmount, formatDate } from '../format/format.ts';
import { useNotifyChoice } from '../shell/notify-choice.ts';
import { useReady } from '../shell/ready.ts';
import { EVERY_TEXT, RecurringForm } from './recurring-form.tsx';
import { useRecurring } from './saved-recurring.ts';
import { useToday } from '../shell/use-today.ts';

export default function RecurringScreen() {
  const { t, i18n } = useTranslation();
  const { templates, change, changing } = useRecurring();
  const today = useToday();
  const notify = useNotifyChoice('recurring');
  const [editing, setEditing] = useState<RecurringTemplate | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  useReady(templates !== null);
  const date = (value: string) => formatDate(value, i18n.language);

  const scheduleText = (template: RecurringTemplate) => {
    const { every, day, end } = template.schedule;
    const words =
      day >= 31
        ? t('recurring.scheduleLastDay', { every: t(EVERY_TEXT[every]) })
        : t('recurring.scheduleText', { every: t(EVERY_TEXT[every]), day });
    return end ? `${words}, ${t('recurring.until', { date: date(end) })}` : words;
  };
  const save = (template: RecurringTemplate) => change({ kind: 'save', templates: [template] });

  return (
    <Stack data-testid="recurring-screen">
      <Group justify="space-between" align="start" wrap="wrap">
        <div style={{ flex: '1 1 420px', maxWidth: 700 }}>
          <Title order={2}>{t('recurring.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('recurring.intro')}
          </Text>
          <Text size="sm" c="dimmed" mt={4}>
            {t('recurring.tokens')}
          </Text>
        </div>
        <Switch
          label={t('recurring.notify')}
          description={
            notify.allowed === 'unsupported'
              ? t('deadlines.notify.unsupported')
              : notify.allowed === 'denied'
                ? t('deadlines.notify.denied')
                : t('recurring.notifyHint')
          }
          checked={notify.on}
          disabled={notify.allowed === 'unsupported' || notify.allowed === 'denied'}
          onChange={(e) => void notify.toggle(e.currentTarget.checked)}
          data-testid="recurring-notify"
          maw={360}
        />
      </Group>
      {templates !== null && templates.length === 0 && (
        <Text c="dimmed" data-testid="recurring-empty">
          {t('recurring.empty')}
        </Text>
      )}
      {templates !== null && templates.length > 0 && (
        <Table.ScrollContainer minWidth={980}>
          <Table highlightOnHover striped data-testid="recurring-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('recurring.column.name')}</Table.Th>
                <Table.Th>{t('recurring.column.customer')}</Table.Th>
                <Table.Th ta="right">{t('recurring.column.amount')}</Table.Th>
                <Table.Th>{t('recurring.column.schedule')}</Table.Th>
                <Table.Th>{t('recurring.column.next')}</Table.Th>
                <Table.Th>{t('recurring.column.prepared')}</Table.Th>
                <Table.Th>{t('recurring.column.state')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {templates.map((template) => {
                const { draft } = template;
                const totals = computeTotals(draft);
                const amount = totals.declaredTotal || totals.documentTotal;
                const next = template.paused ? null : nextOccurrence(template.schedule, template.prepared);
                const customer = contactName(draft.customer);
                return (
                  <Table.Tr
                    key={template.id}
                    data-testid="recurring-row"
                    data-id={template.id}
                    data-next={next ?? ''}
                    data-prepared={template.prepared ?? ''}
                    data-paused={template.paused}
                  >
                    <Table.Td>{template.name}</Table.Td>
                    <Table.Td>{customer}</Table.Td>
                    <Table.Td ta="right">
                      {formatAmount(amount, draft.document.currency || 'EUR', i18n.language)}
                    </Table.Td>
                    <Table.Td>{scheduleText(template)}</Table.Td>
                    <Table.Td>{template.paused ? '—' : next ? date(next) : t('recurring.ended')}</Table.Td>
                    <Table.Td>{template.prepared ? date(template.prepared) : t('recurring.never')}</Table.Td>
                    <Table.Td>
                      <Badge
                        color={template.paused ? 'gray.7' : 'teal.9'}
                        variant="filled"
                        tt="none"
                        style={{ flexShrink: 0, overflow: 'visible' }}
                      >
                        {template.paused ? t('recurring.paused') : t('recurring.active')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {removing === template.id ? (
                        <Group gap="xs" wrap="nowrap">
                          <Text size="sm">{t('recurring.removeConfirm', { name: template.name })}</Text>
                          <Button
                            size="xs"
                            color="red"
                            loading={changing}
                            onClick={() => void change({ kind: 'remove', ids: [template.id] })}
                            data-testid="recurring-remove-confirm"
                          >
                            {t('recurring.removeYes')}
                          </Button>
                          <Button size="xs" variant="default" onClick={() => setRemoving(null)}>
                            {t('recurring.removeNo')}
                          </Button>
                        </Group>
                      ) : (
                        <Group gap={4}>
                          <Button size="xs" variant="default" onClick={() => setEditing(template)}>
                            {t('recurring.edit')}
                          </Button>
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() =>
                              void save(
                                template.paused ? resumed(template, today) : { ...template, paused: true },
                              )
                            }
                            data-testid="recurring-pause"
                          >
                            {template.paused ? t('recurring.resume') : t('recurring.pause')}
                          </Button>
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            onClick={() => setRemoving(template.id)}
                          >
                            {t('recurring.remove')}
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && (
        <RecurringForm
          title={t('recurring.form.titleEdit', { name: editing.name })}
          name={editing.name}
          schedule={editing.schedule}
          onSave={async (name, schedule) => {
            await save({ ...reschedule(editing, schedule), name });
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
