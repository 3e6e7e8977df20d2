import { Alert, Button, Drawer, Group, List, Stack, Text, Timeline } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Send, Update } from '../../shared/api/types.ts';
import { ApiError, attachmentName, getJson, listPage, messageOf } from '../api.ts';
import { formatDateTime } from '../format.ts';
import { useGateway } from '../gateway-context.ts';
import { InvoiceFileActions } from '../invoice-view/file-actions.tsx';
import { InvoiceView } from '../invoice-view/invoice-view.tsx';
import { LoadedView, useLoad } from '../loading.tsx';
import { xmlBase64 } from '../payload.ts';
import { StateBadge } from '../state-badge.tsx';

/** `Inviato` is SDI's synchronous answer: the only update without a notification file (docs/sandbox.md). */
const hasNotification = (update: Update) => update.state !== 'Inviato';

/** A sent invoice's SDI history, oldest first, each notification file downloadable. */
export function SentDetails({ send, onClose }: { send: Send | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={send !== null}
      onClose={onClose}
      title={t('sentDetails.title', { number: send?.document_number ?? send?.file_name ?? '' })}
    >
      {send && <History send={send} />}
    </Drawer>
  );
}

function History({ send }: { send: Send }) {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const invoice = useLoad(
    useCallback(
      () => getJson<Send>(gateway, `/send/${send.id}`, { include_payload: true }),
      [gateway, send.id],
    ),
  );
  const updates = useLoad(
    useCallback(
      () => listPage<Update>(gateway, '/update', { send_id: send.id, sort: 'last_update', page_size: 200 }),
      [gateway, send.id],
    ),
  );

  const download = async (update: Update) => {
    setDownloadError(null);
    try {
      const response = await gateway.api.request({
        method: 'GET',
        path: `/update/${update.id}/notification`,
      });
      if (response.status !== 200 || typeof response.body !== 'string') throw new ApiError(response);
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
      <LoadedView loaded={updates}>
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
                        {formatDateTime(update.last_update, i18n.language)}
                      </Text>
                    </Group>
                  }
                >
                  {update.description && <Text size="sm">{update.description}</Text>}
                  {(update.errors ?? []).length > 0 && (
                    <List size="sm" data-testid="sdi-errors">
                      {update.errors!.map((error) => (
                        <List.Item key={error.code}>
                          {error.code}: {error.description}
                          {error.hint && ` (${error.hint})`}
                        </List.Item>
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
      </LoadedView>
      <LoadedView loaded={invoice}>
        {(full) =>
          full.payload ? (
            <Stack>
              <InvoiceFileActions
                file={{
                  id: full.id,
                  fileName: full.file_name,
                  payload: full.payload,
                  encoding: full.encoding,
                }}
              />
              <InvoiceView payload={full.payload} encoding={full.encoding} />
            </Stack>
          ) : null
        }
      </LoadedView>
    </Stack>
  );
}
