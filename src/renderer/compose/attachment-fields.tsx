import { ActionIcon, FileInput, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toBase64 } from '../../shared/gateway/api-fetch.ts';
import { hasProblem, RowProblems } from './field-problems.tsx';
import { Field, type FormProps } from './form-parts.tsx';

/** Allegati: PDFs picked from disk, carried in the file as Base64, each with an optional description. */
export function AttachmentFields({ draft, change, problems }: FormProps) {
  const { t, i18n } = useTranslation();
  const add = async (files: File[]) => {
    const read = await Promise.all(
      files.map(async (file) => ({
        name: file.name,
        compression: '',
        format: 'PDF',
        description: '',
        contentBase64: toBase64(new Uint8Array(await file.arrayBuffer())),
      })),
    );
    change((d) => d.attachments.push(...read));
  };
  const labels = {
    name: t('compose.attachmentName'),
    description: t('compose.attachmentDescription'),
    contentBase64: t('compose.attachmentContent'),
  };
  return (
    <Stack gap="xs">
      <FileInput
        label={t('compose.attachmentPick')}
        accept="application/pdf"
        multiple
        w={360}
        value={[]}
        onChange={(files) => void add(files)}
        data-testid="compose-attachments"
      />
      {draft.attachments.map((a, i) => {
        const p = `attachments[${i}]`;
        // Base64 carries 3 bytes in 4 characters.
        const kb = Math.max(1, Math.round((a.contentBase64.length * 3) / 4 / 1024));
        return (
          <Paper key={`${a.name}-${i}`} withBorder p="xs" data-testid="compose-attachment">
            <Group gap="xs" align="flex-end" wrap="wrap">
              <Text size="sm" fw={600} mb={8} style={{ overflowWrap: 'anywhere' }}>
                {a.name}
              </Text>
              <Text size="sm" mb={8}>
                {t('compose.attachmentSize', { size: kb.toLocaleString(i18n.language) })}
              </Text>
              <Field
                label={labels.description}
                style={{ flex: '1 1 14rem' }}
                value={a.description}
                onChange={(v) => change((d) => (d.attachments[i]!.description = v))}
                error={hasProblem(problems, `${p}.description`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mb={1}
                aria-label={t('compose.attachmentRemove', { name: a.name })}
                title={t('compose.attachmentRemove', { name: a.name })}
                onClick={() => change((d) => d.attachments.splice(i, 1))}
              >
                ✕
              </ActionIcon>
            </Group>
            <RowProblems problems={problems} prefix={p} labels={labels} />
          </Paper>
        );
      })}
    </Stack>
  );
}
