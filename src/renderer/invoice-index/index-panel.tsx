import { Alert, Button, Card, Group, Modal, Progress, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../data/api.ts';
import { formatCount } from '../format/format.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { planRebuild, rebuildIndex, type RebuildPlan, type RebuildProgress } from './rebuild.ts';
import { useIndexVersion, useInvoiceIndex } from './use-invoice-index.ts';

type Phase =
  | { step: 'idle' }
  | { step: 'planning' }
  | { step: 'confirm'; plan: RebuildPlan }
  | { step: 'running'; progress: RebuildProgress }
  | { step: 'done'; count: number }
  | { step: 'failed'; message: string };

/**
 * The local invoice index of the active profile (`invoice-index`): what it holds, whether it is kept encrypted,
 * and `index-rebuild`, which first says what a rebuild reads and that it counts no operation
 * (`index-rebuild-confirm`, `index-rebuild-ok`), then shows its progress (`index-rebuild-progress`).
 */
export function IndexPanel() {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const index = useInvoiceIndex(gateway);
  useIndexVersion(index);
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const stop = useRef<AbortController | null>(null);
  useEffect(() => () => stop.current?.abort(), []);
  if (!index) return null;
  const count = (n: number) => formatCount(n, i18n.language);

  const plan = async () => {
    setPhase({ step: 'planning' });
    try {
      setPhase({ step: 'confirm', plan: await planRebuild(gateway) });
    } catch (e) {
      setPhase({ step: 'failed', message: messageOf(e) });
    }
  };
  const run = async (planned: RebuildPlan) => {
    const controller = new AbortController();
    stop.current = controller;
    setPhase({ step: 'running', progress: { done: 0, total: planned.sent + planned.receivedRead } });
    try {
      await rebuildIndex(
        gateway,
        index,
        planned,
        (progress) => !controller.signal.aborted && setPhase({ step: 'running', progress }),
        controller.signal,
      );
      if (!controller.signal.aborted) setPhase({ step: 'done', count: index.size });
    } catch (e) {
      if (!controller.signal.aborted) setPhase({ step: 'failed', message: messageOf(e) });
    }
  };

  return (
    <Card
      withBorder
      data-testid="invoice-index"
      data-sent={index.count('sent')}
      data-received={index.count('received')}
      data-persistent={index.persistent}
    >
      <Stack gap="xs">
        <Title order={3} fz="h4">
          {t('lists.index.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('lists.index.why')}
        </Text>
        <Text size="sm">
          {t('lists.index.summary', {
            sent: count(index.count('sent')),
            received: count(index.count('received')),
          })}
        </Text>
        {!index.persistent && (
          <Text size="sm" c="orange.8" data-testid="invoice-index-memory">
            {t('lists.index.memoryOnly')}
          </Text>
        )}
        {phase.step === 'running' && (
          <Stack gap={4} data-testid="index-rebuild-progress">
            <Progress
              value={phase.progress.total > 0 ? (100 * phase.progress.done) / phase.progress.total : 100}
              aria-label={t('lists.index.rebuild')}
            />
            <Text size="sm">
              {t('lists.index.progress', {
                done: count(phase.progress.done),
                total: count(phase.progress.total),
              })}
            </Text>
          </Stack>
        )}
        {phase.step === 'done' && (
          <Alert color="green" data-testid="index-rebuilt">
            {t('lists.index.done', { count: phase.count })}
          </Alert>
        )}
        {phase.step === 'failed' && (
          <Alert color="red" data-testid="index-rebuild-failed">
            {t('lists.index.failed', { message: phase.message })}
          </Alert>
        )}
        <Group>
          <Button
            variant="default"
            data-testid="index-rebuild"
            loading={phase.step === 'planning' || phase.step === 'running'}
            onClick={() => void plan()}
          >
            {t('lists.index.rebuild')}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={phase.step === 'confirm'}
        onClose={() => setPhase({ step: 'idle' })}
        title={t('lists.index.rebuild')}
        data-testid="index-rebuild-confirm"
      >
        {phase.step === 'confirm' && (
          <Stack>
            <Text>
              {t('lists.index.plan', { sent: count(phase.plan.sent), read: count(phase.plan.receivedRead) })}
            </Text>
            {phase.plan.receivedUnread > 0 && (
              <Text c="dimmed">{t('lists.index.planUnread', { count: phase.plan.receivedUnread })}</Text>
            )}
            <Group justify="end">
              <Button variant="default" onClick={() => setPhase({ step: 'idle' })}>
                {t('list.cancel')}
              </Button>
              <Button data-testid="index-rebuild-ok" onClick={() => void run(phase.plan)}>
                {t('lists.index.start')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Card>
  );
}
