/**
 * The composer (`#/compose`): write an invoice field by field, see every problem SDI would find at its field
 * while typing, the computed totals and a preview of the document, then send it. Drafts are kept on this machine
 * (draft-store.ts) until sent or discarded. `#/compose?from=sent/42&mode=correct|creditNote|duplicate` opens a
 * sent invoice to correct and resend it, credit it, or copy it.
 */
import { Alert, Anchor, Badge, Button, Group, List, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import type { DraftLanguage } from '../../shared/fatturapa/compose/index.ts';
import { formatDate } from '../format/format.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { TypedProblemsContext } from '../inputs/typed-input.tsx';
import { InvoiceView } from '../invoice-view/invoice-view.tsx';
import { useReady } from '../shell/ready.ts';
import { href, receivedAddress } from '../shell/routes.ts';
import { RepeatButton } from '../recurring/repeat-button.tsx';
import { useToday } from '../shell/use-today.ts';
import { CorrectionLink } from './correction-link.tsx';
import { DraftForm } from './draft-form.tsx';
import { ProblemsSummary } from './problems-summary.tsx';
import { TotalsBlock } from './totals-block.tsx';
import { useComposeData } from './use-compose-data.ts';
import { useDocumentNumber } from './use-document-number.ts';
import { useDraftChecks } from './use-draft-checks.ts';
import { useDraftSession } from './use-draft-session.ts';
import { useSendDraft, type Signature } from './use-send-draft.ts';

/** Days SDI allows the same number and date after a discard (sdi-rules.md §(c) "Common start", point 2). */
const REUSE_DAYS = 5;

export default function ComposeScreen() {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const [params] = useSearchParams();
  const lang = (['it', 'en', 'de'].includes(i18n.language) ? i18n.language : 'en') as DraftLanguage;
  const address = {
    from: params.get('from') ?? '',
    mode: params.get('mode') ?? '',
    draftId: params.get('draft') ?? '',
  };
  const [confirmDiscard, setConfirmDiscard] = useState(false);

  const { profile, companies } = useComposeData();
  const today = useToday();
  // What opening another draft, an edit and a discard reset in the hooks below. The session calls these from its
  // effects and event handlers, never while rendering: by then every hook of the render exists.
  const session = useDraftSession(
    gateway,
    profile,
    companies,
    address,
    {
      opened: (revealAll) => {
        checks.revealed.reset(revealAll);
        checks.setServerProblems([]);
        sending.setError(null);
        number.forget();
      },
      edited: () => {
        checks.setServerProblems([]);
        sending.setError(null);
      },
      restarted: () => {
        checks.revealed.reset(false);
        number.forget();
      },
    },
    today,
  );
  const number = useDocumentNumber(gateway, profile, session);
  const checks = useDraftChecks(session.stored, session.debounced, lang);
  const sending = useSendDraft(gateway, profile, lang, session, checks, number);

  useReady(session.stored !== null || session.openError !== null);

  const { stored, openError } = session;
  if (openError) return <Alert color="red">{t('compose.sourceFailed', { message: openError })}</Alert>;
  if (!stored || !profile) return <Text>{t('compose.loadingSource')}</Text>;

  const { draft } = stored;
  const mode = stored.source?.mode;
  const integrates = stored.integrates ?? null;
  const title = integrates
    ? t('compose.titleSelfInvoice', { kind: integrates.kind })
    : mode === 'correct'
      ? t('compose.titleCorrect')
      : mode === 'creditNote'
        ? t('compose.titleCreditNote')
        : mode === 'duplicate'
          ? t('compose.titleDuplicate')
          : t('compose.title');

  const discard = () => {
    session.discard();
    setConfirmDiscard(false);
  };

  const reuseUntil = stored.source?.discardedAt
    ? new Date(Date.parse(stored.source.discardedAt) + REUSE_DAYS * 86_400_000).toISOString()
    : null;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{title}</Title>
        <Group gap="xs">
          {session.saved ? (
            <Badge color="teal.9" variant="filled" data-testid="compose-draft-saved">
              {t('compose.draftSaved')}
            </Badge>
          ) : (
            session.dirty && (
              <Badge color="gray.7" variant="filled">
                {t('compose.draftSaving')}
              </Badge>
            )
          )}
          {(session.otherDrafts.length > 0 || address.from || address.draftId) && (
            <Button component="a" href={href('/compose')} variant="subtle" size="xs">
              {t('compose.draftNew')}
            </Button>
          )}
        </Group>
      </Group>
      <Text c="dimmed">{t('compose.intro')}</Text>

      {session.otherDrafts.length > 0 && (
        <Paper withBorder p="sm">
          <Title order={3} fz="md" mb="xs">
            {t('compose.drafts')}
          </Title>
          <List size="sm" data-testid="compose-drafts">
            {session.otherDrafts.map((d) => (
              <List.Item key={d.id}>
                <Anchor href={href(`/compose?draft=${d.id}`)}>
                  {t('compose.draftResume')}:{' '}
                  {[
                    d.draft.document.number || t('compose.draftUntitled'),
                    d.draft.customer.name ||
                      `${d.draft.customer.firstName} ${d.draft.customer.lastName}`.trim(),
                    formatDate(d.draft.document.date, i18n.language),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Paper>
      )}

      {mode === 'correct' && stored.source && (
        <Alert color="orange" title={t('compose.sdiErrors')} data-testid="compose-sdi-errors">
          <Text size="sm">{t('compose.sdiErrorsHint')}</Text>
          {reuseUntil && (
            <Text size="sm" fw={600} data-testid="compose-reuse-until">
              {t('compose.reuseUntil', { date: formatDate(reuseUntil, i18n.language) })}
            </Text>
          )}
          <Text size="sm" mt="xs">
            {t('compose.sdiErrorsCount', { count: stored.source.sdiErrors.length })}
          </Text>
          {/* Resent already from here: said before it is sent twice. */}
          <CorrectionLink sendId={stored.source.sendId} />
        </Alert>
      )}
      {integrates && (
        <Alert color="blue" data-testid="compose-self-invoice" data-kind={integrates.kind}>
          {t('compose.selfInvoiceOf', {
            number: integrates.number,
            date: formatDate(integrates.date, i18n.language),
            supplier: draft.supplier.name || `${draft.supplier.firstName} ${draft.supplier.lastName}`.trim(),
          })}{' '}
          <Anchor href={href(receivedAddress(integrates.receivedId))} inherit>
            {t('compose.selfInvoiceOpenOriginal')}
          </Anchor>
        </Alert>
      )}
      {mode === 'creditNote' && (
        <Alert color="blue">
          {t('compose.creditNoteOf', {
            number: draft.references.find((r) => r.kind === 'linkedInvoice')?.id ?? '',
            date: formatDate(
              draft.references.find((r) => r.kind === 'linkedInvoice')?.date ?? '',
              i18n.language,
            ),
          })}
        </Alert>
      )}

      <TypedProblemsContext.Provider value={checks.reportTyped}>
        {/* Leaving a field checks what it changed since it was entered (changedFields): its problems show. */}
        <div {...checks.revealed.fieldEvents}>
          <DraftForm
            draft={draft}
            change={session.change}
            problems={checks.shown}
            companies={companies}
            companyId={stored.companyId}
            onCompany={session.chooseCompany}
            profile={profile}
            suggestedNumber={number.suggested}
            suggestedFromSeries={number.fromSeries}
            numberUsed={number.used}
          />
        </div>
      </TypedProblemsContext.Provider>

      <TotalsBlock draft={session.debounced?.draft ?? draft} />

      <ProblemsSummary draft={draft} shown={checks.shown} hidden={checks.hidden} />

      <Group align="flex-end">
        <Select
          label={t('compose.signature')}
          w={240}
          allowDeselect={false}
          value={sending.signature}
          onChange={(v) => sending.setSignature((v as Signature | null) ?? 'Auto')}
          data={[
            { value: 'Auto', label: t('compose.signatureAuto') },
            { value: 'Apply', label: t('compose.signatureApply') },
            { value: 'None', label: t('compose.signatureNone') },
          ]}
        />
        <Button
          onClick={() => void sending.send()}
          disabled={sending.busy}
          loading={sending.busy}
          data-testid="compose-send"
        >
          {sending.busy ? t('compose.sending') : t('compose.send')}
        </Button>
        {/* Any draft can become a recurring invoice, kept apart from the draft itself (which stays to be sent). */}
        {!integrates && (
          <RepeatButton draft={draft} companyId={stored.companyId} source={{ kind: 'draft' }} />
        )}
        {confirmDiscard ? (
          <Group gap="xs">
            <Text size="sm">{t('compose.discardConfirm')}</Text>
            <Button color="red" size="xs" onClick={discard} data-testid="compose-discard-confirm">
              {t('compose.discardYes')}
            </Button>
            <Button variant="default" size="xs" onClick={() => setConfirmDiscard(false)}>
              {t('compose.discardNo')}
            </Button>
          </Group>
        ) : (
          <Button
            variant="subtle"
            color="red"
            onClick={() => setConfirmDiscard(true)}
            disabled={sending.busy}
          >
            {t('compose.discard')}
          </Button>
        )}
      </Group>
      {sending.error && (
        <Alert color="red" data-testid="compose-send-error">
          {sending.error}
        </Alert>
      )}

      <Paper withBorder p="sm">
        <Title order={3} fz="md" mb="xs">
          {t('compose.preview')}
        </Title>
        {checks.checked && <InvoiceView payload={checks.checked.xml} encoding="Xml" />}
      </Paper>
    </Stack>
  );
}
