import { Drawer, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getReceived } from '../data/api.ts';
import { entryOf } from '../invoice-index/entry.ts';
import { useInvoiceIndex } from '../invoice-index/use-invoice-index.ts';
import { formatAmount, formatDate, formatDateTime } from '../format/format.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { InvoiceFileActions } from '../invoice-view/file-actions.tsx';
import { InvoiceView } from '../invoice-view/invoice-view.tsx';
import { SelfInvoiceAction } from './self-invoice-action.tsx';
import { queryKeys } from '../data/keys.ts';
import { QueryView } from '../ui/loading.tsx';
import { invoiceTotal } from '../data/payload.ts';

/** One received invoice. Opening it reads its payload, which marks it read (spec "Receive: read flag"). */
export function ReceivedDetails({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer opened={id !== null} onClose={onClose} title={t('received.title')}>
      {id !== null && <Invoice id={id} />}
    </Drawer>
  );
}

function Invoice({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const invoice = useQuery({ queryKey: queryKeys.receivedOne(id), queryFn: () => getReceived(gateway, id) });
  const index = useInvoiceIndex(gateway);
  // The drawer read the file anyway (and marked it read): the lists may show its amount from now on.
  const receive = invoice.data;
  useEffect(() => {
    if (receive && index && !index.get('received', receive))
      void index.put([entryOf('received', receive, receive.payload, receive.encoding)]);
  }, [index, receive]);

  return (
    <QueryView query={invoice}>
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
            <SelfInvoiceAction receive={receive} />
            <InvoiceFileActions
              file={{
                id: receive.id,
                fileName: receive.file_name,
                payload: receive.payload,
                encoding: receive.encoding,
              }}
            />
            {receive.payload && <InvoiceView payload={receive.payload} encoding={receive.encoding} />}
          </Stack>
        );
      }}
    </QueryView>
  );
}
