import { Alert, Button, Drawer, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Receive } from '../../shared/api/types.ts';
import { getJson, messageOf } from '../api.ts';
import { formatAmount, formatDate, formatDateTime } from '../format.ts';
import { useGateway } from '../gateway-context.ts';
import { InvoiceView } from '../invoice-view/invoice-view.tsx';
import { LoadedView, useLoad } from '../loading.tsx';
import { invoiceTotal, payloadBase64 } from '../payload.ts';

/** One received invoice. Opening it reads its payload, which marks it read (spec "Receive: read flag"). */
export function ReceivedDetails({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={t('received.title')}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {id !== null && <Invoice id={id} />}
    </Drawer>
  );
}

function Invoice({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const [outcome, setOutcome] = useState<{ color: string; text: string } | null>(null);
  const invoice = useLoad(
    useCallback(() => getJson<Receive>(gateway, `/receive/${id}`, { include_payload: true }), [gateway, id]),
  );

  const act = async (action: () => Promise<string | null>) => {
    setOutcome(null);
    try {
      const text = await action();
      if (text) setOutcome({ color: 'green', text });
    } catch (e) {
      setOutcome({ color: 'red', text: t('app.error', { message: messageOf(e) }) });
    }
  };
  const downloadXml = (receive: Receive) =>
    act(async () => {
      const result = await gateway.dialog.saveFile({
        suggestedName: receive.file_name ?? `invoice-${receive.id}.xml`,
        contentBase64: payloadBase64(receive.payload ?? '', receive.encoding),
      });
      return result.saved ? t('received.saved') : null;
    });
  const printPdf = (receive: Receive) =>
    act(async () => {
      const stem = (receive.file_name ?? `invoice-${receive.id}`).replace(/\.xml(\.p7m)?$/i, '');
      const result = await gateway.print.toPdf({ suggestedName: `${stem}.pdf` });
      return result.saved ? t('received.printed') : null;
    });

  return (
    <LoadedView loaded={invoice}>
      {(receive) => {
        const total = receive.payload ? invoiceTotal(receive.payload, receive.encoding) : null;
        const field = (label: string, value: string, testId?: string) => (
          <div>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text data-testid={testId}>{value || '—'}</Text>
          </div>
        );
        return (
          <Stack data-testid="received-details" data-read={receive.is_read}>
            <SimpleGrid cols={2}>
              {field(
                t('received.supplier'),
                [receive.nome_prestatore, receive.prestatore].filter(Boolean).join(' · '),
                'received-supplier',
              )}
              {field(t('received.number'), receive.document_number ?? '', 'received-number')}
              {field(t('received.date'), formatDate(receive.document_date, i18n.language))}
              {field(
                t('received.amount'),
                total ? formatAmount(total.amount, total.currency, i18n.language) : '',
                'received-amount',
              )}
              {field(t('received.file'), receive.file_name ?? '')}
              {field(t('received.received'), formatDateTime(receive.date_sent, i18n.language))}
              {field(t('received.identifier'), receive.identifier ?? '')}
            </SimpleGrid>
            <Group>
              <Button onClick={() => void downloadXml(receive)} disabled={!receive.payload}>
                {receive.encoding === 'Base64' ? t('received.downloadP7m') : t('received.downloadXml')}
              </Button>
              <Button variant="light" onClick={() => void printPdf(receive)}>
                {t('received.print')}
              </Button>
            </Group>
            {outcome && <Alert color={outcome.color}>{outcome.text}</Alert>}
            {receive.payload && <InvoiceView payload={receive.payload} encoding={receive.encoding} />}
          </Stack>
        );
      }}
    </LoadedView>
  );
}
