/**
 * The Profiles screen's backup of the active profile: export a file, sealed with a passphrase if one is typed
 * (`backup-passphrase`, `backup-export`, then `backup-exported`), and import one (`backup-import`), asking the
 * passphrase of a sealed file (`backup-import-passphrase`, `backup-import-confirm`); then what came back, per part
 * (`backup-report`), or why nothing did (`backup-error`). The order of an import (read and check all, then write)
 * is src/shared/backup/restore.ts's.
 */
import {
  Alert,
  Button,
  Divider,
  FileButton,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BACKUP_PARTS,
  exportBackup,
  importBackup,
  isSealedBackup,
  toBase64,
  type BackupPart,
  type BackupProblem,
  type BackupProfile,
  type ImportOutcome,
} from '../../shared/backup/index.ts';
import { messageOf } from '../data/api.ts';
import { formatCount, formatDateTime } from '../format/format.ts';
import { useGateway } from '../gateway/gateway-context.ts';
import { profileKeepingStore, refreshRestored } from './profile-backup.ts';

const PROBLEM_TEXT: Record<BackupProblem, string> = {
  notJson: 'backup.problem.notJson',
  notBackup: 'backup.problem.notBackup',
  newer: 'backup.problem.newer',
  passphraseNeeded: 'backup.problem.passphraseNeeded',
  wrongPassphrase: 'backup.problem.wrongPassphrase',
  damaged: 'backup.problem.damaged',
};

const PART_TEXT: Record<BackupPart, string> = {
  contacts: 'backup.part.contacts',
  catalogue: 'backup.part.catalogue',
  payments: 'backup.part.payments',
  recurring: 'backup.part.recurring',
  drafts: 'backup.part.drafts',
  customers: 'backup.part.customers',
  suppliers: 'backup.part.suppliers',
  series: 'backup.part.series',
  resends: 'backup.part.resends',
};

type Imported = Extract<ImportOutcome, { ok: true }>;

export function BackupSection({ profileId, profile }: { profileId: string; profile: BackupProfile }) {
  const { t, i18n } = useTranslation();
  const gateway = useGateway();
  const client = useQueryClient();
  const store = profileKeepingStore(gateway, profileId);
  const [passphrase, setPassphrase] = useState('');
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);
  const [exported, setExported] = useState<{ fileName: string; sealed: boolean } | null>(null);
  /** A sealed file waiting for its passphrase. */
  const [pending, setPending] = useState<string | null>(null);
  const [importPassphrase, setImportPassphrase] = useState('');
  const [report, setReport] = useState<Imported | null>(null);
  const [error, setError] = useState<{ problem: BackupProblem | null; detail?: string; text: string } | null>(
    null,
  );
  // Picking the same file again (after a wrong passphrase and a cancel) must still be seen as a pick.
  const resetPick = useRef<() => void>(null);

  const clear = () => {
    setExported(null);
    setReport(null);
    setError(null);
  };

  const exportFile = async () => {
    clear();
    setBusy('export');
    try {
      const { fileName, text } = await exportBackup(store, profile, new Date(), passphrase);
      const saved = await gateway.dialog.saveFile({
        suggestedName: fileName,
        contentBase64: toBase64(new TextEncoder().encode(text)),
      });
      // Cancelled in the desktop's dialog: nothing was saved, and nothing is said.
      if (saved.saved) setExported({ fileName, sealed: passphrase !== '' });
    } catch (e) {
      setError({ problem: null, text: t('backup.failed', { message: messageOf(e) }) });
    } finally {
      setBusy(null);
    }
  };

  const importText = async (text: string, secret: string) => {
    clear();
    setBusy('import');
    try {
      const outcome = await importBackup(text, secret, store);
      if (!outcome.ok) {
        if (outcome.problem === 'passphraseNeeded') return setPending(text);
        // A wrong passphrase can be typed again; any other problem is the file's, and another must be picked.
        if (outcome.problem !== 'wrongPassphrase') setPending(null);
        setError({
          problem: outcome.problem,
          detail: outcome.detail,
          text: t(PROBLEM_TEXT[outcome.problem]),
        });
        return;
      }
      await refreshRestored(client, profileId, outcome.written);
      setPending(null);
      setImportPassphrase('');
      setReport(outcome);
    } catch (e) {
      setError({ problem: null, text: t('backup.failed', { message: messageOf(e) }) });
    } finally {
      setBusy(null);
    }
  };

  const pick = async (file: File | null) => {
    resetPick.current?.();
    if (!file) return;
    clear();
    setImportPassphrase('');
    const text = await file.text();
    // Asked before reading: the passphrase's key derivation is the slow part, run once with the right input.
    if (isSealedBackup(text)) setPending(text);
    else await importText(text, '');
  };

  const shown = report ? BACKUP_PARTS.filter((part) => total(report, part) > 0) : [];
  const count = (n: number) => formatCount(n, i18n.language);

  return (
    <Paper withBorder p="md" data-testid="backup">
      <Stack gap="sm">
        <Title order={3}>{t('backup.title')}</Title>
        <Text size="sm" c="dimmed" maw={820}>
          {t('backup.intro')}
        </Text>
        {/* Export and import on rows of their own: the passphrase typed here is the new file's, not one to open. */}
        <Group align="end">
          <PasswordInput
            label={t('backup.passphrase')}
            description={t('backup.passphraseHint')}
            value={passphrase}
            onChange={(e) => setPassphrase(e.currentTarget.value)}
            w={420}
            autoComplete="new-password"
            data-testid="backup-passphrase"
          />
          <Button onClick={() => void exportFile()} loading={busy === 'export'} data-testid="backup-export">
            {t('backup.export')}
          </Button>
        </Group>
        {exported && (
          <Text size="sm" c="teal.9" data-testid="backup-exported" data-sealed={exported.sealed}>
            {t(exported.sealed ? 'backup.exportedSealed' : 'backup.exported', {
              fileName: exported.fileName,
            })}
          </Text>
        )}
        <Divider />
        <Group>
          <FileButton
            onChange={(file) => void pick(file)}
            accept=".json,application/json"
            resetRef={resetPick}
          >
            {(props) => (
              <Button
                variant="default"
                {...props}
                loading={busy === 'import' && pending === null}
                data-testid="backup-import"
              >
                {t('backup.import')}
              </Button>
            )}
          </FileButton>
          <Text size="sm" c="dimmed">
            {t('backup.importHint')}
          </Text>
        </Group>
        {pending !== null && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (importPassphrase !== '') void importText(pending, importPassphrase);
            }}
          >
            <Group align="end">
              <PasswordInput
                label={t('backup.importPassphrase')}
                description={t('backup.importPassphraseHint')}
                value={importPassphrase}
                onChange={(e) => setImportPassphrase(e.currentTarget.value)}
                w={420}
                autoComplete="off"
                data-autofocus
                data-testid="backup-import-passphrase"
              />
              <Button
                type="submit"
                loading={busy === 'import'}
                disabled={importPassphrase === ''}
                data-testid="backup-import-confirm"
              >
                {t('backup.importConfirm')}
              </Button>
              <Button
                variant="default"
                onClick={() => {
                  setPending(null);
                  setImportPassphrase('');
                  setError(null);
                }}
              >
                {t('backup.importCancel')}
              </Button>
            </Group>
          </form>
        )}
        {error && (
          <Alert
            color="red"
            data-testid="backup-error"
            data-problem={error.problem ?? 'failed'}
            data-detail={error.detail}
          >
            {error.text}
          </Alert>
        )}
        {report && (
          <Alert
            color="teal"
            data-testid="backup-report"
            data-contacts={report.report.contacts.added}
            data-added={BACKUP_PARTS.reduce((sum, part) => sum + report.report[part].added, 0)}
            data-replaced={BACKUP_PARTS.reduce((sum, part) => sum + report.report[part].replaced, 0)}
          >
            <Stack gap="xs">
              <Text size="sm">
                {t('backup.reportFrom', {
                  // The local sandbox is named in the language shown, not in the one it was exported in.
                  profile:
                    report.from.profile.kind === 'local' ? t('profile.local') : report.from.profile.name,
                  date: formatDateTime(report.from.exported, i18n.language),
                })}
              </Text>
              {shown.length === 0 ? (
                <Text size="sm">{t('backup.reportEmpty')}</Text>
              ) : (
                <>
                  {report.written.length === 0 && <Text size="sm">{t('backup.reportNothing')}</Text>}
                  <Table withRowBorders={false} verticalSpacing={2} maw={640}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('backup.column.part')}</Table.Th>
                        <Table.Th ta="right">{t('backup.column.added')}</Table.Th>
                        <Table.Th ta="right">{t('backup.column.replaced')}</Table.Th>
                        <Table.Th ta="right">{t('backup.column.unchanged')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {shown.map((part) => {
                        const n = report.report[part];
                        return (
                          <Table.Tr
                            key={part}
                            data-testid="backup-report-row"
                            data-part={part}
                            data-added={n.added}
                            data-replaced={n.replaced}
                            data-unchanged={n.unchanged}
                          >
                            <Table.Td>{t(PART_TEXT[part])}</Table.Td>
                            <Table.Td ta="right">{count(n.added)}</Table.Td>
                            <Table.Td ta="right">{count(n.replaced)}</Table.Td>
                            <Table.Td ta="right">{count(n.unchanged)}</Table.Td>
                          </Table.Tr>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
                </>
              )}
            </Stack>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function total(report: Imported, part: BackupPart): number {
  const n = report.report[part];
  return n.added + n.replaced + n.unchanged;
}
