import { Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportBatch } from '../books/imported.ts';
import { formatCount, formatDateTime } from '../format/format.ts';

/** The imports kept, newest first, each with what it brought and the way to take it back out. */
export function ImportBatches(props: {
  batches: readonly ImportBatch[];
  removing: boolean;
  onRemove: (batch: ImportBatch) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const [asked, setAsked] = useState<ImportBatch | null>(null);
  const batches = [...props.batches].reverse();
  const remove = async (batch: ImportBatch) => {
    try {
      await props.onRemove(batch);
    } finally {
      setAsked(null);
    }
  };
  return (
    <Stack gap="xs">
      <Title order={3}>{t('archiveImport.batchesTitle')}</Title>
      {batches.length === 0 ? (
        <Text c="dimmed" data-testid="import-batches-empty">
          {t('archiveImport.batchesEmpty')}
        </Text>
      ) : (
        <Table striped horizontalSpacing={8} data-testid="import-batches">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('archiveImport.source')}</Table.Th>
              <Table.Th>{t('archiveImport.importedOn')}</Table.Th>
              <Table.Th ta="right">{t('archiveImport.invoices')}</Table.Th>
              <Table.Th>{t('archiveImport.batchKinds')}</Table.Th>
              <Table.Th>{t('archiveImport.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {batches.map((batch) => {
              const sent = batch.invoices.filter((invoice) => invoice.kind === 'sent').length;
              return (
                <Table.Tr
                  key={batch.id}
                  data-testid="import-batch"
                  data-id={batch.id}
                  data-count={batch.invoices.length}
                  data-sent={sent}
                  data-received={batch.invoices.length - sent}
                >
                  <Table.Td style={{ wordBreak: 'break-all' }}>{batch.source}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(batch.at, i18n.language)}
                  </Table.Td>
                  <Table.Td ta="right">{formatCount(batch.invoices.length, i18n.language)}</Table.Td>
                  <Table.Td>
                    {t('archiveImport.sentReceived', { sent, received: batch.invoices.length - sent })}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      onClick={() => setAsked(batch)}
                      data-testid="import-remove"
                    >
                      {t('archiveImport.remove')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <Modal opened={asked !== null} onClose={() => setAsked(null)} title={t('archiveImport.removeTitle')}>
        {asked && (
          <Stack>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('archiveImport.removeText', {
                count: asked.invoices.length,
                source: asked.source,
                date: formatDateTime(asked.at, i18n.language),
              })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsked(null)} disabled={props.removing}>
                {t('archiveImport.cancel')}
              </Button>
              <Button
                color="red"
                loading={props.removing}
                onClick={() => void remove(asked)}
                data-testid="import-remove-confirm"
              >
                {t('archiveImport.removeYes')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
