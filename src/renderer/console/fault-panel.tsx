import { ActionIcon, Alert, Button, Code, Group, Select, Table, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FaultRule, FaultRuleInput } from '../../shared/api/types.ts';
import { ApiProblem, clientOf, messageOf } from '../data/api.ts';
import { formatDateTimeSeconds } from '../format/format.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { Section } from './section.tsx';

const FAULT_RULES = ['sandbox', 'fault-rules'] as const;
const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
const ANY = 'any';

/**
 * The account's fault rules (`/_sandbox/faults`, docs/sandbox.md "Faults and latency"): each with what it injects
 * and for how long, a delete button, and a small form for a new one. Read again with the console (`refreshKey`).
 */
export function FaultPanel({ refreshKey }: { refreshKey: unknown }) {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const queryClient = useQueryClient();
  const [path, setPath] = useState('/v1/send*');
  const [method, setMethod] = useState<string>('POST');
  const [fault, setFault] = useState('status=503;retry-after=2');
  const [times, setTimes] = useState('2');
  const [expires, setExpires] = useState('');
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const rules = useQuery({
    queryKey: [...FAULT_RULES, refreshKey],
    queryFn: () => clientOf(gateway).sandbox.faults(),
    placeholderData: keepPreviousData,
  });
  const error = actionError ?? (rules.error ? messageOf(rules.error) : null);
  const reload = () => queryClient.invalidateQueries({ queryKey: FAULT_RULES });

  const act = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setActionError(null);
    try {
      await action();
      await reload();
    } catch (e) {
      // A refused rule says which field is wrong in its problem's list: shown with the problem's own words.
      const details = e instanceof ApiProblem ? (e.problem?.errors ?? []).map((p) => p.description) : [];
      setActionError([messageOf(e), ...details].join(' '));
    } finally {
      setBusy(false);
    }
  };

  const add = () => {
    // What the server checks, it says in the caller's language: the form sends the fields as typed.
    const rule: FaultRuleInput = { path: path.trim(), fault: fault.trim() };
    if (method !== ANY) rule.method = method;
    if (times.trim() !== '') rule.times = Number(times.trim());
    if (expires.trim() !== '') rule.expires_in = expires.trim();
    return act(() => clientOf(gateway).sandbox.addFault(rule));
  };

  const lifetime = (rule: FaultRule) => {
    const parts: string[] = [];
    if (rule.remaining !== null) parts.push(t('faults.remaining', { count: rule.remaining }));
    if (rule.expires_at !== null)
      parts.push(t('faults.expiresAt', { time: formatDateTimeSeconds(rule.expires_at, i18n.language) }));
    return parts.length > 0 ? parts.join(', ') : t('faults.untilDeleted');
  };

  const list = rules.data ?? null;
  return (
    <Section title={t('faults.title')} intro={t('faults.intro')} testId="fault-panel">
      {error && (
        <Alert color="red" data-testid="fault-error">
          {t('faults.failed', { message: error })}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={560}>
        <Table striped data-testid="fault-rules" data-loading={list === null || undefined}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('faults.method')}</Table.Th>
              <Table.Th>{t('faults.path')}</Table.Th>
              <Table.Th>{t('faults.fault')}</Table.Th>
              <Table.Th>{t('faults.hits')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(list ?? []).map((rule) => (
              <Table.Tr key={rule.id} data-testid="fault-rule" data-id={rule.id}>
                <Table.Td>{rule.method ?? t('faults.anyMethod')}</Table.Td>
                <Table.Td>
                  <Code>{rule.path}</Code>
                </Table.Td>
                <Table.Td>
                  <Code>{rule.fault}</Code>
                  <Text size="xs" c="dimmed">
                    {lifetime(rule)}
                  </Text>
                </Table.Td>
                <Table.Td>{rule.hits}</Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('faults.removeOf', { id: rule.id })}
                    title={t('faults.remove')}
                    disabled={busy}
                    onClick={() => void act(() => clientOf(gateway).sandbox.removeFault(rule.id))}
                    data-testid="fault-remove"
                  >
                    ×
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list !== null && list.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="fault-empty">
          {t('faults.empty')}
        </Text>
      )}
      <Group
        component="form"
        align="flex-end"
        gap="sm"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <Select
          label={t('faults.method')}
          allowDeselect={false}
          value={method}
          onChange={(value) => value && setMethod(value)}
          data={[
            { value: ANY, label: t('faults.anyMethod') },
            ...METHODS.map((m) => ({ value: m, label: m })),
          ]}
          w={120}
          data-testid="fault-method"
        />
        <TextInput
          label={t('faults.path')}
          description={t('faults.pathHint')}
          value={path}
          onChange={(e) => setPath(e.currentTarget.value)}
          w={200}
          data-testid="fault-path"
        />
        <TextInput
          label={t('faults.fault')}
          description={t('faults.faultHint')}
          value={fault}
          onChange={(e) => setFault(e.currentTarget.value)}
          miw={260}
          style={{ flex: 1 }}
          data-testid="fault-spec"
        />
        <TextInput
          label={t('faults.times')}
          description={t('faults.timesHint')}
          value={times}
          onChange={(e) => setTimes(e.currentTarget.value)}
          w={150}
          inputMode="numeric"
          data-testid="fault-times"
        />
        <TextInput
          label={t('faults.expires')}
          description={t('faults.expiresHint')}
          value={expires}
          onChange={(e) => setExpires(e.currentTarget.value)}
          w={150}
          data-testid="fault-expires"
        />
        <Button type="submit" loading={busy} data-testid="fault-add">
          {t('faults.add')}
        </Button>
      </Group>
    </Section>
  );
}
