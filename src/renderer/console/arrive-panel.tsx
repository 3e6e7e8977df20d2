import {
  Alert,
  Anchor,
  Button,
  Group,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Company, ProblemDetails } from '../../shared/api/types.ts';
import { checkSdiFileName } from '../../shared/fatturapa/file-name.ts';
import type { PickedFile } from '../../shared/gateway/channels.ts';
import { ApiProblem, messageOf } from '../data/api.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { ProblemList } from '../ui/problem-list.tsx';
import { href, screenAddress } from '../shell/routes.ts';
import { makeArrive, type InboundInvoice } from './sandbox-api.ts';
import { Section } from './section.tsx';

type Source = 'generated' | 'file';
type Target = 'company' | 'vat';
type Outcome =
  | { kind: 'delivered' | 'held'; vat: string }
  | { kind: 'problem'; problem: ProblemDetails | null; message: string };

/**
 * An outside supplier's invoice arrives through SDI: one the sandbox makes up for one of the user's companies or
 * for any VAT number (held while nobody has registered it), or a file the user picks, routed by its own recipient.
 */
export function ArrivePanel({
  companies,
  onArrived,
}: {
  companies: Company[] | null;
  onArrived: () => void;
}) {
  const { t } = useTranslation();
  const gateway = useGateway();
  const [source, setSource] = useState<Source>('generated');
  const [target, setTarget] = useState<Target>('company');
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [vat, setVat] = useState('');
  const [format, setFormat] = useState<'FPR12' | 'FPA12'>('FPR12');
  const [file, setFile] = useState<PickedFile | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const company = companies?.find((c) => String(c.id) === (companyId ?? String(companies[0]?.id)));
  const toVat = target === 'company' ? (company?.vat ?? '') : vat.trim().toUpperCase();
  const invoice: InboundInvoice | null =
    source === 'generated'
      ? toVat
        ? { generate: { to_vat: toVat, format } }
        : null
      : file
        ? {
            payload: file.contentBase64,
            ...(checkSdiFileName(file.name) === 'ok' ? { file_name: file.name } : {}),
          }
        : null;

  const pick = async () => {
    const [picked] = await gateway.dialog.pickFiles({ extensions: ['xml', 'p7m'] });
    if (picked) setFile(picked);
  };

  const send = async () => {
    if (!invoice) return;
    setBusy(true);
    setOutcome(null);
    try {
      const result = await makeArrive(gateway, invoice);
      setOutcome(
        'held' in result
          ? { kind: 'held', vat: result.held.recipient }
          : { kind: 'delivered', vat: result.delivered.committente ?? toVat },
      );
      onArrived();
    } catch (error) {
      setOutcome({
        kind: 'problem',
        problem: error instanceof ApiProblem ? error.problem : null,
        message: messageOf(error),
      });
    } finally {
      setBusy(false);
    }
  };

  const vatProblem =
    outcome?.kind === 'problem'
      ? outcome.problem?.errors?.find((e) => e.path === 'generate.to_vat')?.description
      : undefined;
  return (
    <Section title={t('console.arriveTitle')} intro={t('console.arriveIntro')} testId="make-arrive">
      <SegmentedControl
        aria-label={t('console.arriveSource')}
        value={source}
        onChange={(value) => setSource(value as Source)}
        data={[
          { value: 'generated', label: t('console.generated') },
          { value: 'file', label: t('console.uploaded') },
        ]}
        data-testid="make-arrive-source"
      />
      {source === 'generated' ? (
        <Stack gap="sm">
          <Radio.Group
            label={t('console.arriveTo')}
            value={target}
            onChange={(value) => setTarget(value as Target)}
          >
            <Group mt={4}>
              <Radio value="company" label={t('console.toCompany')} data-testid="make-arrive-to-company" />
              <Radio value="vat" label={t('console.toVat')} data-testid="make-arrive-to-vat" />
            </Group>
          </Radio.Group>
          {target === 'company' ? (
            companies !== null && companies.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('console.arriveCompanyNone')}
              </Text>
            ) : (
              <Select
                label={t('console.arriveCompany')}
                searchable
                allowDeselect={false}
                value={company ? String(company.id) : null}
                onChange={setCompanyId}
                data={(companies ?? []).map((c) => ({ value: String(c.id), label: `${c.name} (${c.vat})` }))}
                data-testid="make-arrive-company"
              />
            )
          ) : (
            <TextInput
              label={t('console.arriveVat')}
              description={t('console.arriveVatHint')}
              placeholder="IT01234567897"
              value={vat}
              error={vatProblem}
              onChange={(e) => setVat(e.currentTarget.value)}
              data-testid="make-arrive-vat"
            />
          )}
          <Radio.Group
            label={t('console.arriveFormat')}
            value={format}
            onChange={(value) => setFormat(value as 'FPR12' | 'FPA12')}
          >
            <Group mt={4}>
              <Radio value="FPR12" label={t('console.b2b')} />
              <Radio value="FPA12" label={t('console.pa')} data-testid="make-arrive-pa" />
            </Group>
          </Radio.Group>
        </Stack>
      ) : (
        <Stack gap={4}>
          <Group gap="sm">
            <Button variant="default" onClick={() => void pick()} data-testid="make-arrive-file">
              {t('console.pickFile')}
            </Button>
            <Text size="sm">{file?.name ?? t('console.noFile')}</Text>
          </Group>
          <Text size="xs" c="dimmed">
            {t('console.fileHint')}
          </Text>
        </Stack>
      )}
      <Group>
        <Button onClick={() => void send()} loading={busy} disabled={!invoice} data-testid="make-arrive-send">
          {t('console.arrive')}
        </Button>
      </Group>
      {outcome?.kind === 'delivered' && (
        <Alert color="green" role="status" data-testid="arrived" data-outcome="delivered">
          {t('console.delivered', { vat: outcome.vat })}{' '}
          <Anchor href={href(screenAddress('inbox'))} size="sm">
            {t('console.openInbox')}
          </Anchor>
        </Alert>
      )}
      {outcome?.kind === 'held' && (
        <Alert color="yellow" role="status" data-testid="arrived" data-outcome="held">
          {t('console.held', { vat: outcome.vat })}
        </Alert>
      )}
      {outcome?.kind === 'problem' &&
        !vatProblem &&
        (outcome.problem ? (
          <ProblemList problem={outcome.problem} testId="make-arrive-problem" />
        ) : (
          <Alert color="red" role="alert" data-testid="make-arrive-problem">
            {t('console.failed', { message: outcome.message })}
          </Alert>
        ))}
    </Section>
  );
}
