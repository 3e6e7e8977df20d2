/**
 * The Profiles screen's backup of the active profile: export a file, sealed with a passphrase if one is typed
 * (`backup-export`, `backup-passphrase`), and import one (`backup-import`), asking the passphrase of a sealed file
 * (`backup-import-passphrase`, `backup-import-confirm`); then what came back (`backup-report`) or why nothing did
 * (`backup-error`).
 */
import {
  Alert,
  Button,
  FileButton,
  Group,
  List,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BackupError,
  isSealedBackup,
  readBackup,
  writeBackup,
  type BackedUpBook,
  type BackupProblem,
} from '../../shared/backup/index.ts';
import { messageOf } from '../data/api.ts';
import { queryKeys } from '../data/keys.ts';
import { formatDate } from '../format/format.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { saveText } from '../ui/csv-files.tsx';
import { gatherBackup, restoreBackup, type RestoreReport } from './profile-backup.ts';

const PROBLEM_TEXT: Record<BackupProblem, string> = {
  notJson: 'backup.problem.notJson',
  notBackup: 'backup.problem.notBackup',
  newer: 'backup.problem.newer',
  passphraseNeeded: 'backup.problem.passphraseNeeded',
  wrongPassphrase: 'backup.problem.wrongPassphrase',
  damaged: 'backup.problem.damaged',
};

const BOOK_TEXT: Record<BackedUpBook | 'drafts', string> = {
  contacts: 'backup.book.contacts',
  catalogue: 'backup.book.catalogue',
  payments: 'backup.book.payments',
  recurring: 'backup.book.recurring',
  drafts: 'backup.book.drafts',
};

export function BackupSection({
  profileId,
  profile,
}: {
  profileId: string;
  profile: { name: string; kind: string };
}) {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const client = useQueryClient();
  const [passphrase, setPassphrase] = useState('');
  const [exported, setExported] = useState(false);
  const [busy, setBusy] = useState(false);
  /** A sealed file waiting for its passphrase. */
  const [pending, setPending] = useState<string | null>(null);
  const [importPassphrase, setImportPassphrase] = useState('');
  const [report, setReport] = useState<{ date: string; restored: RestoreReport } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const exportFile = async () => {
    setBusy(true);
    setExported(false);
    setError(null);
    try {
      const text = await writeBackup(await gatherBackup(gateway, profileId, profile), passphrase);
      const day = new Date().toISOString().slice(0, 10);
      const name = (profile.name || profileId).replace(/[^\p{L}\p{N}._-]+/gu, '-');
      await saveText(gateway, `scambio-backup-${name}-${day}.json`, text);
      setExported(true);
    } catch (e) {
      setError(t('backup.failed', { message: messageOf(e) }));
    } finally {
      setBusy(false);
    }
  };

  const importText = async (text: string, secret: string) => {
    setBusy(true);
    setError(null);
    setReport(null);
    try {
      // Read and checked whole before anything is written.
      const content = await readBackup(text, secret);
      const restored = await restoreBackup(gateway, profileId, content);
      for (const key of [
        queryKeys.savedContacts(profileId),
        queryKeys.catalogue(profileId),
        queryKeys.bookPayments(profileId),
        queryKeys.recurring(profileId),
        queryKeys.books(profileId),
      ])
        void client.invalidateQueries({ queryKey: key });
      setPending(null);
      setImportPassphrase('');
      setReport({ date: content.exported, restored });
    } catch (e) {
      setError(
        e instanceof BackupError ? t(PROBLEM_TEXT[e.problem]) : t('backup.failed', { message: messageOf(e) }),
      );
    } finally {
      setBusy(false);
    }
  };

  const pick = async (file: File | null) => {
    if (!file) return;
    const text = await file.text();
    setReport(null);
    setError(null);
    if (isSealedBackup(text)) setPending(text);
    else await importText(text, '');
  };

  return (
    <Paper withBorder p="md" data-testid="backup">
      <Stack gap="sm">
        <Title order={3}>{t('backup.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('backup.intro')}
        </Text>
        <Group align="end">
          <PasswordInput
            label={t('backup.passphrase')}
            description={t('backup.passphraseHint')}
            value={passphrase}
            onChange={(e) => setPassphrase(e.currentTarget.value)}
            w={360}
            data-testid="backup-passphrase"
          />
          <Button
            onClick={() => void exportFile()}
            loading={busy && pending === null}
            data-testid="backup-export"
          >
            {t('backup.export')}
          </Button>
          <FileButton onChange={(file) => void pick(file)} accept=".json,application/json">
            {(props) => (
              <Button variant="default" {...props} data-testid="backup-import">
                {t('backup.import')}
              </Button>
            )}
          </FileButton>
        </Group>
        {exported && (
          <Text size="sm" c="teal.9" data-testid="backup-exported">
            {t('backup.exported')}
          </Text>
        )}
        {pending !== null && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void importText(pending, importPassphrase);
            }}
          >
            <Group align="end">
              <PasswordInput
                label={t('backup.importPassphrase')}
                value={importPassphrase}
                onChange={(e) => setImportPassphrase(e.currentTarget.value)}
                w={360}
                data-testid="backup-import-passphrase"
                data-autofocus
              />
              <Button type="submit" loading={busy} data-testid="backup-import-confirm">
                {t('backup.importConfirm')}
              </Button>
              <Button variant="default" onClick={() => setPending(null)}>
                {t('backup.importCancel')}
              </Button>
            </Group>
          </form>
        )}
        {error && (
          <Alert color="red" data-testid="backup-error">
            {error}
          </Alert>
        )}
        {report && (
          <Alert
            color="teal"
            data-testid="backup-report"
            data-contacts={report.restored.books.contacts.added}
          >
            <Text size="sm">{t('backup.report', { date: formatDate(report.date, i18n.language) })}</Text>
            <List size="sm">
              {(Object.keys(BOOK_TEXT) as (BackedUpBook | 'drafts')[]).map((book) => (
                <List.Item key={book}>
                  {t('backup.reportLine', {
                    what: t(BOOK_TEXT[book]),
                    added: report.restored.books[book].added,
                    replaced: report.restored.books[book].replaced,
                  })}
                </List.Item>
              ))}
              <List.Item>{t('backup.reportSettings', { count: report.restored.settings })}</List.Item>
            </List>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
