import { Alert, Button, Drawer, Group, List, Stack, Text, Timeline } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Send, Update } from '../../shared/api/types.ts';
import {
  ApiProblem,
  attachmentName,
  getNotificationFile,
  getSent,
  listUpdates,
  messageOf,
} from '../data/api.ts';
import { entryOf } from '../invoice-index/entry.ts';
import { useInvoiceIndex } from '../invoice-index/use-invoice-index.ts';
import { formatDateTimeSeconds } from '../format/format.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { InvoiceFileActions } from '../invoice-view/file-actions.tsx';
import { InvoiceView } from '../invoice-view/invoice-view.tsx';
import { queryKeys } from '../data/keys.ts';
import { QueryView } from '../ui/loading.tsx';
import { xmlBase64 } from '../data/payload.ts';
import { StateBadge } from '../ui/state-badge.tsx';
import { composeFromSent, href } from '../shell/routes.ts';
import { sdiErrorInLanguage } from './sdi-error-text.ts';
import { CorrectionNotice, useCorrectionLinks } from './correction-notice.tsx';

// Repeating an invoice carries the composer's reading of a file: loaded when a sent invoice is opened.
const RepeatSent = lazy(() => import('../recurring/repeat-sent.tsx'));

/** States in which the invoice is issued (delivered, or in the customer's reserved area): it can be credited. */
const ISSUED = new Set([
  'Consegnato',
  'ImpossibilitaDiRecapito',
  'AccettatoDalDestinatario',
  'RifiutatoDalDestinatario',
  'DecorrenzaTermini',
  'NonConsegnato',
  'AttestazioneTrasmissioneFattura',
]);

/** `Inviato` is SDI's synchronous answer: the only update without a notification file (docs/sandbox.md). */
const hasNotification = (update: Update) => update.state !== 'Inviato';

/**
 * A sent invoice's SDI history, oldest first, each notification file downloadable. Opened by its address
 * (`#/sent/42`), so it reads the invoice itself: a reload or a shared link shows the same drawer.
 */
export function SentDetails({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const gateway = useGateway();
  // A new SDI state of this invoice shows at once: the live change invalidates its query, the drawer reads again.
  const invoice = useQuery({
    queryKey: queryKeys.sentOne(id ?? 0),
    queryFn: () => getSent(gateway, id!, true),
    enabled: id !== null,
  });
  const send = invoice.data?.id === id ? invoice.data : null;
  // The drawer read the file anyway: the index learns its amount if it did not know it.
  const index = useInvoiceIndex(gateway);
  useEffect(() => {
    if (send?.payload && index && !index.get('sent', send))
      void index.put([entryOf('sent', send, send.payload, send.encoding)]);
  }, [index, send]);
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      title={
        send
          ? t('sentDetails.title', { number: send.document_number ?? send.file_name ?? '' })
          : t('app.loading')
      }
    >
      {id !== null && <QueryView query={invoice}>{(full) => <History send={full} />}</QueryView>}
    </Drawer>
  );
}

function History({ send }: { send: Send }) {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  // A new `send` object (read again after a live change) reads the history again too.
  const updates = useQuery({
    queryKey: [...queryKeys.sentOne(send.id), 'updates', send.last_update],
    queryFn: () => listUpdates(gateway, send.id),
  });
  // Which invoice corrected this one, or which rejected one this one corrects.
  const corrections = useCorrectionLinks(send);

  const download = async (update: Update) => {
    setDownloadError(null);
    try {
      const response = await getNotificationFile(gateway, update.id);
      if (response.status !== 200 || typeof response.body !== 'string') throw new ApiProblem(response);
      await gateway.dialog.saveFile({
        suggestedName: attachmentName(response) ?? `notification-${update.id}.xml`,
        contentBase64: xmlBase64(response.body),
      });
    } catch (e) {
      setDownloadError(messageOf(e));
    }
  };

  return (
    <Stack data-testid="sent-details">
      <Text size="sm" c="dimmed">
        {[send.file_name, send.identifier && t('sentDetails.identifier', { id: send.identifier })]
          .filter(Boolean)
          .join(' · ')}
      </Text>
      {downloadError && <Alert color="red">{t('app.error', { message: downloadError })}</Alert>}
      <CorrectionNotice links={corrections} />
      <QueryView query={updates}>
        {({ items }) =>
          items.length === 0 ? (
            <Text c="dimmed">{t('sentDetails.empty')}</Text>
          ) : (
            <Timeline active={items.length - 1} bulletSize={16} data-testid="sdi-history">
              {items.map((update) => (
                <Timeline.Item
                  key={update.id}
                  data-testid="sdi-update"
                  data-state={update.state}
                  title={
                    <Group gap="xs">
                      <StateBadge state={update.state} />
                      <Text size="sm" c="dimmed">
                        {formatDateTimeSeconds(update.last_update, i18n.language)}
                      </Text>
                    </Group>
                  }
                >
                  <UpdateDescription update={update} />
                  {(update.errors ?? []).length > 0 && (
                    <List size="sm" data-testid="sdi-errors" spacing={4}>
                      {update.errors!.map((error) => (
                        <SdiErrorItem key={error.code} error={error} />
                      ))}
                    </List>
                  )}
                  {hasNotification(update) && (
                    <Button size="compact-xs" variant="light" mt={4} onClick={() => void download(update)}>
                      {t('sentDetails.download')}
                    </Button>
                  )}
                </Timeline.Item>
              ))}
            </Timeline>
          )
        }
      </QueryView>
      {/* The composer opens this invoice: corrected to resend after a discard (once more, if already corrected),
          credited once issued, or copied as a new invoice. */}
      <Group gap="sm">
        {send.latest_state === 'Scartato' && (
          <Button
            component="a"
            variant={corrections?.correctedBy ? 'light' : 'filled'}
            href={href(composeFromSent(send.id, 'correct'))}
            data-testid="correct-and-resend"
          >
            {t('compose.correctAndResend')}
          </Button>
        )}
        {send.latest_state && ISSUED.has(send.latest_state) && (
          <Button
            component="a"
            variant="light"
            href={href(composeFromSent(send.id, 'creditNote'))}
            data-testid="credit-note"
          >
            {t('compose.creditNote')}
          </Button>
        )}
        <Button
          component="a"
          variant="default"
          href={href(composeFromSent(send.id, 'duplicate'))}
          data-testid="duplicate-invoice"
        >
          {t('shell.duplicate')}
        </Button>
        {send.latest_state !== 'Scartato' && (
          <Suspense fallback={null}>
            <RepeatSent send={send} />
          </Suspense>
        )}
      </Group>
      {send.payload && (
        <Stack>
          <InvoiceFileActions
            file={{
              id: send.id,
              fileName: send.file_name,
              payload: send.payload,
              encoding: send.encoding,
            }}
          />
          <InvoiceView payload={send.payload} encoding={send.encoding} />
        </Stack>
      )}
    </Stack>
  );
}

/**
 * What an update means, in the UI language; below it, SDI's own words as it wrote them (SDI speaks Italian),
 * when they say something else: an esito's free text, a held delivery.
 */
function UpdateDescription({ update }: { update: Update }) {
  const { t } = useTranslation();
  const meaning = update.state ? t(`stateDescription.${update.state}`) : '';
  // A rejection's text is its errors one after the other: each error shows its own words below.
  const errors = update.errors ?? [];
  const described =
    errors.length > 0 && errors.every((e) => e.description && update.description?.includes(e.description));
  const original = described ? '' : (update.description?.trim() ?? '');
  return (
    <>
      {meaning && (
        <Text size="sm" data-testid="sdi-meaning">
          {meaning}
        </Text>
      )}
      {original && original !== meaning && (
        <Text size="xs" c="dimmed" lang="it" data-testid="sdi-original">
          {t('sentDetails.sdiText', { text: original })}
        </Text>
      )}
    </>
  );
}

/**
 * One reason SDI gave for a rejection: its code and meaning in the UI language, what to change, and below them
 * SDI's own Italian sentence (`sdi-original`) whenever the meaning is a translation of it.
 */
function SdiErrorItem({ error }: { error: NonNullable<Update['errors']>[number] }) {
  const { t, i18n } = useTranslation();
  const said = error.description ?? '';
  const translated = sdiErrorInLanguage({ code: error.code, description: said }, i18n.language);
  const hint = translated?.hint ?? error.hint;
  return (
    <List.Item data-testid="sdi-error" data-code={error.code}>
      <Text size="sm">
        {error.code}: {translated?.description ?? said}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
      {translated && (
        <Text size="xs" c="dimmed" lang="it" data-testid="sdi-original">
          {t('sentDetails.sdiText', { text: said })}
        </Text>
      )}
    </List.Item>
  );
}
