import { Alert, Button, Code, CopyButton, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A new webhook's secret, the only time the service shows it: in full, with a button copying it. Closing the
 * dialog forgets it.
 */
export function SecretReveal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={secret !== null} onClose={onClose} title={t('webhooks.secretTitle')} size="lg">
      {secret !== null && (
        <Stack>
          <Alert color="yellow">{t('webhooks.secretOnce')}</Alert>
          <Code block data-testid="webhook-secret" fz="sm" style={{ wordBreak: 'break-all' }}>
            {secret}
          </Code>
          <Group justify="space-between">
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                  {copied ? t('webhooks.secretCopied') : t('webhooks.copySecret')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>{t('webhooks.secretDone')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
