import { Alert, Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayloadEncoding } from '../../shared/api/types.ts';
import { messageOf } from '../api.ts';
import { useGateway } from '../gateway-context.ts';
import { payloadBase64 } from '../payload.ts';

export interface InvoiceFile {
  id: number;
  fileName: string | null;
  /** Absent when the answer carried no payload. */
  payload?: string | null;
  encoding: PayloadEncoding;
}

/** Save the invoice file as it was sent or received (XML or signed P7M), or print the open invoice to PDF. */
export function InvoiceFileActions({ file }: { file: InvoiceFile }) {
  const { t } = useTranslation();
  const gateway = useGateway();
  const [outcome, setOutcome] = useState<{ color: string; text: string } | null>(null);
  const name = file.fileName ?? `invoice-${file.id}.xml`;

  const act = async (action: () => Promise<string | null>) => {
    setOutcome(null);
    try {
      const text = await action();
      if (text) setOutcome({ color: 'green', text });
    } catch (e) {
      setOutcome({ color: 'red', text: t('app.error', { message: messageOf(e) }) });
    }
  };
  const download = () =>
    act(async () => {
      const result = await gateway.dialog.saveFile({
        suggestedName: name,
        contentBase64: payloadBase64(file.payload ?? '', file.encoding),
      });
      return result.saved ? t('invoiceFile.saved') : null;
    });
  const print = () =>
    act(async () => {
      const result = await gateway.print.toPdf({
        suggestedName: `${name.replace(/\.xml(\.p7m)?$/i, '')}.pdf`,
      });
      return result.saved ? t('invoiceFile.printed') : null;
    });

  return (
    <Stack gap="xs">
      <Group>
        <Button onClick={() => void download()} disabled={!file.payload}>
          {file.encoding === 'Base64' ? t('invoiceFile.downloadP7m') : t('invoiceFile.downloadXml')}
        </Button>
        <Button variant="light" onClick={() => void print()}>
          {t('invoiceFile.print')}
        </Button>
      </Group>
      {outcome && <Alert color={outcome.color}>{outcome.text}</Alert>}
    </Stack>
  );
}
