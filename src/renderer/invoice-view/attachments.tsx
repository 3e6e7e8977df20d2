import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../data/api.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import type { Attachment } from '../data/read-invoice.ts';

/** Allegati: a button per attached file, which saves it where the user chooses. */
export function Attachments({ attachments }: { attachments: Attachment[] }) {
  const { t } = useTranslation();
  const gateway = useGateway();
  const [error, setError] = useState<string | null>(null);
  const save = async (attachment: Attachment) => {
    setError(null);
    try {
      await gateway.dialog.saveFile({
        suggestedName: attachment.name,
        contentBase64: attachment.contentBase64,
      });
    } catch (e) {
      setError(messageOf(e));
    }
  };
  return (
    <Stack gap={4}>
      <Text size="sm" fw={700}>
        {t('invoice.attachments')}
      </Text>
      <Group gap="xs">
        {attachments.map((attachment, index) => (
          <Button
            key={`${attachment.name}-${index}`}
            size="xs"
            variant="light"
            onClick={() => void save(attachment)}
            data-testid="invoice-attachment"
            title={[attachment.format, attachment.description].filter(Boolean).join(' · ') || undefined}
          >
            {attachment.name}
          </Button>
        ))}
      </Group>
      {error && <Alert color="red">{t('app.error', { message: error })}</Alert>}
    </Stack>
  );
}
