import { Button, Code, CopyButton, Drawer, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LogEvent } from '../../shared/api/types.ts';
import { formatDateTimeMillis } from '../format/format.ts';
import { bodyPlaceholder, curlCommand } from './curl-command.ts';
import { JsonView } from './json-view.tsx';
import { StatusBadge } from './status-badge.tsx';

/** A query string as JSON, one member per parameter (repeated ones as arrays), for reading and copying. */
export function queryAsJson(query: string): string {
  const params: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(query)) {
    const seen = params[name];
    params[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return JSON.stringify(params);
}

/**
 * One logged call in full: when (to the millisecond), the status, the client, the query and the answer as
 * foldable JSON, and the call again as a curl command (`log-copy-curl`) with the key left in `$SCAMBIO_KEY`.
 */
export function LogEntryDrawer({
  entry,
  apiBase,
  onClose,
}: {
  entry: LogEvent | null;
  /** The active profile's API root, where the curl command goes; null while unknown. */
  apiBase: string | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const curl = entry && apiBase ? curlCommand(entry, apiBase) : null;
  const body = entry ? bodyPlaceholder(entry.method, entry.endpoint) : null;
  return (
    <Drawer
      opened={entry !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={entry ? `${entry.method} ${entry.endpoint}` : ''}
      styles={{ title: { wordBreak: 'break-all', fontFamily: 'var(--mantine-font-family-monospace)' } }}
    >
      {entry && (
        <Stack data-testid="log-entry">
          <Table withRowBorders={false} verticalSpacing={4}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={140}>{t('log.time')}</Table.Th>
                <Table.Td>{formatDateTimeMillis(entry.date_time, i18n.language)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('log.status')}</Table.Th>
                <Table.Td>
                  <StatusBadge event={entry} />
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('log.userAgent')}</Table.Th>
                <Table.Td style={{ wordBreak: 'break-all' }}>
                  {entry.user_agent ?? t('apiLog.noClient')}
                </Table.Td>
              </Table.Tr>
              {entry.company_id !== null && (
                <Table.Tr>
                  <Table.Th>{t('apiLog.company')}</Table.Th>
                  <Table.Td>{entry.company_id}</Table.Td>
                </Table.Tr>
              )}
              {entry.error && (
                <Table.Tr>
                  <Table.Th>{t('apiLog.error')}</Table.Th>
                  <Table.Td c="red">{entry.error}</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
          {curl && (
            <Stack gap={4}>
              <Group>
                <CopyButton value={curl}>
                  {({ copied, copy }) => (
                    <Button
                      variant="light"
                      size="xs"
                      color={copied ? 'teal' : undefined}
                      onClick={copy}
                      data-testid="log-copy-curl"
                    >
                      {copied ? t('apiLog.curlCopied') : t('apiLog.copyCurl')}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              <Code
                block
                data-testid="log-curl"
                fz="xs"
                style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
              >
                {curl}
              </Code>
              <Text size="xs" c="dimmed">
                {t('apiLog.curlHint')}
                {body && ` ${t('apiLog.curlBody', { file: body.fileName })}`}
              </Text>
            </Stack>
          )}
          {entry.query && (
            <JsonView label={t('log.query')} text={queryAsJson(entry.query)} testId="log-query" />
          )}
          {entry.response_body && (
            <JsonView label={t('log.response')} text={entry.response_body} testId="log-response" />
          )}
        </Stack>
      )}
    </Drawer>
  );
}
