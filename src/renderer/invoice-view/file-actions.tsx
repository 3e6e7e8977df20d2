import { Alert, Button, Group, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayloadEncoding } from '../../shared/api/types.ts';
import { messageOf } from '../data/api.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { payloadBase64 } from '../data/payload.ts';
import { invoiceFileKind, invoiceFileName } from './file-kind.ts';

export interface InvoiceFile {
  id: number;
  fileName: string | null;
  /** Absent when the answer carried no payload. */
  payload?: string | null;
  encoding: PayloadEncoding;
}

/**
 * Save the invoice file as it was sent or received, or print the open invoice to PDF. The button and the saved
 * name say what the file is (XML, or signed P7M), read from its bytes: `encoding` is only how it travelled.
 */
export function InvoiceFileActions({ file }: { file: InvoiceFile }) {
  const { t } = useTranslation();
  const gateway = useGateway();
  const [outcome, setOutcome] = useState<{ color: string; text: string } | null>(null);
  const kind = useMemo(
    () => invoiceFileKind(file.payload, file.encoding, file.fileName),
    [file.payload, file.encoding, file.fileName],
  );
  const name = invoiceFileName(file.fileName, file.id, kind);

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
        suggestedName: name.replace(/\.xml(\.p7m)?$/i, '.pdf'),
      });
      return result.saved ? t('invoiceFile.printed') : null;
    });

  return (
    <Stack gap="xs">
      <Group>
        <Button
          onClick={() => void download()}
          disabled={!file.payload}
          data-testid="invoice-download"
          data-kind={kind}
        >
          {kind === 'p7m' ? t('invoiceFile.downloadP7m') : t('invoiceFile.downloadXml')}
        </Button>
        <Button variant="light" onClick={() => void print()}>
          {t('invoiceFile.print')}
        </Button>
      </Group>
      {outcome && <Alert color={outcome.color}>{outcome.text}</Alert>}
    </Stack>
  );
}
