import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState, type DragEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Company, ProblemDetails, Send, SendState } from '../../shared/api/types.ts';
import { toBase64 } from '../../shared/gateway/api-fetch.ts';
import type { ApiResponse, PickedFile } from '../../shared/gateway/channels.ts';
import { ApiProblem, clientOf, getCompany, listSent, messageOf, problemOf } from '../data/api.ts';
import { useCompaniesChanged } from '../data/companies.ts';
import { queryKeys } from '../data/keys.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { ProblemList } from '../ui/problem-list.tsx';
import { href, screenAddress, sentAddress } from '../shell/routes.ts';
import { StateBadge } from '../ui/state-badge.tsx';
import { submissionRequests, type SubmissionRequests } from './submission.ts';

type Phase =
  | { kind: 'checking' }
  | { kind: 'valid' }
  | { kind: 'invalid'; problem: ProblemDetails | null; message: string }
  | { kind: 'sending' }
  | { kind: 'sent'; send: Send }
  /** The user declined the host's confirmation for a live key: nothing left the machine. */
  | { kind: 'declined' }
  | { kind: 'failed'; problem: ProblemDetails | null; message: string };

interface Submission {
  id: string;
  name: string;
  requests: SubmissionRequests;
  phase: Phase;
}

const PHASE_COLORS: Record<Phase['kind'], string> = {
  checking: 'gray',
  valid: 'teal',
  invalid: 'red',
  sending: 'blue',
  sent: 'green',
  declined: 'orange',
  failed: 'red',
};

/** States after which SDI says nothing more about an invoice (`Consegnato` is one only for a B2B invoice). */
const FINAL_STATES: readonly SendState[] = [
  'Scartato',
  'ImpossibilitaDiRecapito',
  'AccettatoDalDestinatario',
  'RifiutatoDalDestinatario',
  'DecorrenzaTermini',
  'AttestazioneTrasmissioneFattura',
];

export function isFinalState(send: Send): boolean {
  const state = send.latest_state;
  if (!state) return false;
  return FINAL_STATES.includes(state) || (state === 'Consegnato' && send.format !== 'FPA12');
}

function rejection(kind: 'invalid' | 'failed', response: ApiResponse): Phase {
  return { kind, problem: problemOf(response), message: new ApiProblem(response).message };
}

/** Pick invoice files, see every problem SDI would find in each, and send the ones that pass. */
export function SendInvoices() {
  const { t } = useTranslation();
  const gateway = useGateway();
  const companiesChanged = useCompaniesChanged();
  const [submissions, setSubmissions] = useState<Submission[]>([]);
  const [busy, setBusy] = useState(false);
  // Companies the server registered by itself for the suppliers of the invoices just sent.
  const [registered, setRegistered] = useState<Company[]>([]);

  const update = useCallback(
    (id: string, phase: Phase) =>
      setSubmissions((list) => list.map((s) => (s.id === id ? { ...s, phase } : s))),
    [],
  );

  const check = useCallback(
    async (submission: Submission) => {
      try {
        const response = await gateway.api.request(submission.requests.validate);
        update(submission.id, response.status === 204 ? { kind: 'valid' } : rejection('invalid', response));
      } catch (e) {
        update(submission.id, { kind: 'invalid', problem: null, message: messageOf(e) });
      }
    },
    [gateway, update],
  );

  const add = async (files: PickedFile[]) => {
    const picked = files.map((file): Submission => {
      const id = crypto.randomUUID();
      return { id, name: file.name, requests: submissionRequests(file, id), phase: { kind: 'checking' } };
    });
    setSubmissions((list) => [...list, ...picked]);
    await Promise.all(picked.map(check));
  };
  const pick = async () => add(await gateway.dialog.pickFiles({ extensions: ['xml', 'p7m'] }));

  // Files dropped on the screen join the same checks as picked ones; the page reads them itself, so dropping
  // works alike in the window and in a browser.
  const [dragging, setDragging] = useState(false);
  const drop = async (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (busy) return;
    const dropped = [...event.dataTransfer.files].filter((file) => /\.(xml|p7m)$/i.test(file.name));
    await add(
      await Promise.all(
        dropped.map(async (file) => ({
          name: file.name,
          contentBase64: toBase64(new Uint8Array(await file.arrayBuffer())),
        })),
      ),
    );
  };

  const sendValid = async () => {
    setBusy(true);
    setRegistered([]);
    // The companies before sending: a sent invoice whose company is not among them registered it.
    const before = await clientOf(gateway)
      .companies.readAll({ sort: 'id' })
      .then((all) => new Set(all.items.map((c) => c.id)))
      .catch(() => null);
    const sentCompanies = new Set<number>();
    try {
      const ready = submissions.filter((s) => s.phase.kind === 'valid' || s.phase.kind === 'declined');
      for (const submission of ready) {
        update(submission.id, { kind: 'sending' });
        let sent: Send;
        try {
          sent = (await submission.requests.send(clientOf(gateway))).send;
        } catch (e) {
          if (e instanceof ApiProblem && e.response.cancelled === 'live-send') {
            // The user said no for a live key: ask no more in this round; the rest stay ready to send.
            update(submission.id, { kind: 'declined' });
            break;
          }
          update(
            submission.id,
            e instanceof ApiProblem
              ? rejection('failed', e.response)
              : { kind: 'failed', problem: null, message: messageOf(e) },
          );
          continue;
        }
        sentCompanies.add(sent.company_id);
        update(submission.id, { kind: 'sent', send: sent });
      }
      if (before) {
        const added = [...sentCompanies].filter((id) => !before.has(id));
        const companies = await Promise.all(added.map((id) => getCompany(gateway, id).catch(() => null)));
        setRegistered(companies.filter((c): c is Company => c !== null));
        if (added.length > 0) void companiesChanged();
      }
    } finally {
      setBusy(false);
    }
  };

  // Each sent invoice's result follows it to its final SDI state: read again when SDI records a state for one
  // of them (pushed, or polled from a remote service), and once as each one is sent.
  const following = submissions.flatMap((s) =>
    s.phase.kind === 'sent' && !isFinalState(s.phase.send) ? [s.phase.send.id] : [],
  );
  const followKey = following.join(',');
  const followed = useQuery({
    queryKey: queryKeys.sentList('following', followKey),
    queryFn: () => listSent(gateway, { ids: followKey, page_size: 100 }),
    enabled: followKey !== '',
  });
  useEffect(() => {
    if (!followed.data) return;
    const byId = new Map(followed.data.items.map((send) => [send.id, send]));
    setSubmissions((list) =>
      list.map((s) => {
        if (s.phase.kind !== 'sent') return s;
        const fresh = byId.get(s.phase.send.id);
        return fresh && fresh.latest_state !== s.phase.send.latest_state
          ? { ...s, phase: { kind: 'sent', send: fresh } }
          : s;
      }),
    );
  }, [followed.data]);

  const count = (kind: Phase['kind']) => submissions.filter((s) => s.phase.kind === kind).length;
  const ready = count('valid') + count('declined');
  return (
    <Stack
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => void drop(event)}
      data-testid="send-drop"
      data-dragging={dragging || undefined}
      style={
        dragging ? { outline: '2px dashed var(--mantine-primary-color-filled)', outlineOffset: 8 } : undefined
      }
    >
      <Title order={2}>{t('send.title')}</Title>
      <Text c="dimmed">{t('send.intro')}</Text>
      <Group>
        <Button onClick={() => void pick()} disabled={busy} data-testid="pick-files">
          {t('send.pick')}
        </Button>
        <Button
          color="green"
          onClick={() => void sendValid()}
          disabled={busy || ready === 0}
          loading={busy}
          data-testid="send-valid"
        >
          {t('send.sendValid', { count: ready })}
        </Button>
        {submissions.length > 0 && (
          <Button variant="subtle" onClick={() => setSubmissions([])} disabled={busy}>
            {t('send.clear')}
          </Button>
        )}
      </Group>
      {registered.length > 0 && (
        <Alert color="blue" data-testid="registered-companies" title={t('send.registeredTitle')}>
          <Text size="sm">
            {t('send.registered', {
              count: registered.length,
              names: registered.map((c) => `${c.name} (${c.vat})`).join(', '),
            })}
          </Text>
          <Anchor href={href(screenAddress('companies'))} size="sm">
            {t('send.registeredLink')}
          </Anchor>
        </Alert>
      )}
      {submissions.length === 0 && <Text c="dimmed">{t('send.empty')}</Text>}
      {submissions.map((submission) => (
        <SubmissionCard key={submission.id} submission={submission} />
      ))}
    </Stack>
  );
}

function SubmissionCard({ submission }: { submission: Submission }) {
  const { t } = useTranslation();
  const { phase } = submission;
  return (
    <Paper withBorder p="sm" data-testid="submission" data-phase={phase.kind}>
      <Group justify="space-between" mb={phase.kind === 'checking' || phase.kind === 'valid' ? 0 : 'xs'}>
        <Text fw={600}>{submission.name}</Text>
        <Badge color={PHASE_COLORS[phase.kind]} variant="light">
          {t(`send.phase.${phase.kind}`)}
        </Badge>
      </Group>
      {(phase.kind === 'invalid' || phase.kind === 'failed') &&
        (phase.problem ? (
          <ProblemList problem={phase.problem} testId="submission-problems" />
        ) : (
          <Alert color="red">{t('app.error', { message: phase.message })}</Alert>
        ))}
      {phase.kind === 'declined' && (
        <Alert color="orange" data-testid="not-sent">
          {t('send.declined')}
        </Alert>
      )}
      {phase.kind === 'sent' && (
        <Group
          gap="xs"
          data-testid="sent-result"
          data-state={phase.send.latest_state ?? 'none'}
          data-final={isFinalState(phase.send) || undefined}
        >
          <Anchor size="sm" href={href(sentAddress(phase.send.id))}>
            {t('send.sentAs', { id: phase.send.id, file: phase.send.file_name ?? '' })}
          </Anchor>
          <StateBadge state={phase.send.latest_state} />
        </Group>
      )}
    </Paper>
  );
}
