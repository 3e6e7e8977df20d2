import { Alert, Anchor, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'wouter';
import type { ArchiveCompany, ArchiveReport } from '../../shared/archive/index.ts';
import type { Company } from '../../shared/api/types.ts';
import { useImports, type ImportBatch } from '../books/imported.ts';
import { messageOf } from '../data/api.ts';
import { useCompaniesQuery } from '../data/companies.ts';
import { formatCount } from '../format/format.ts';
import { href, screenAddress } from '../shell/routes.ts';
import { useReady } from '../shell/ready.ts';
import { QueryView } from '../ui/loading.tsx';
import { IMPORT_ADDRESS, importedAddress, openedImport } from './address.ts';
import { filesOfDrop, filesOfInput, sourceOf } from './chosen-files.ts';
import { ImportBatches } from './import-batches.tsx';
import { ImportReport } from './import-report.tsx';
import { ImportedInvoices } from './imported-invoices.tsx';
import { readChosenFiles, type ChosenFile, type ReadProgress } from './read-chosen.ts';

type Phase =
  | { kind: 'idle' }
  | { kind: 'reading'; source: string; progress: ReadProgress; abort: AbortController }
  | { kind: 'report'; source: string; report: ArchiveReport; companies: Company[] };

type Outcome = { color: string; text: string; testId: string };

/** Read a folder (every file under it, its path in `webkitRelativePath`): not in React's types of an input. */
const FOLDER_INPUT = { webkitdirectory: '', directory: '' };

/**
 * Last year's archive, brought in (issue 28 §4): the user chooses a ZIP, files or a folder (or drops them), the
 * page reads them itself (read-chosen.ts; nothing is uploaded) and reports what it found; "Import N invoices"
 * keeps them as one import in the profile's sealed index (books/imported.ts). Below: the imports, each removable,
 * and the imported invoices, each opening in the document view. The screen starts again on another profile.
 */
export default function ImportScreen() {
  const { profileId } = useImports();
  return <ImportArchive key={profileId ?? ''} />;
}

function ImportArchive() {
  const { t, i18n } = useTranslation();
  const imports = useImports();
  const companies = useCompaniesQuery();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [dragging, setDragging] = useState(false);
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  // Leaving the screen (or the profile) stops a reading under way: nobody is left to see its report.
  const reading = useRef<AbortController | null>(null);
  useEffect(() => () => reading.current?.abort(), []);
  useReady(imports.batches.data !== undefined || imports.batches.error !== null);

  const batches = imports.batches.data;
  const own = companies.data;
  const ready = batches !== undefined && own !== undefined && own.length > 0 && phase.kind === 'idle';
  const knownKeys = useMemo(
    () => (batches ?? []).flatMap((batch) => batch.invoices.flatMap((invoice) => invoice.keys)),
    [batches],
  );

  const read = async (files: ChosenFile[]) => {
    if (!ready || files.length === 0) return;
    const { name, others } = sourceOf(files);
    const source = others === 0 ? name : t('archiveImport.sourceFiles', { first: name, count: others });
    const abort = new AbortController();
    reading.current = abort;
    const chosenCompanies = [...own];
    const archiveCompanies: ArchiveCompany[] = chosenCompanies.map((c) => ({
      vat: c.vat,
      fiscalCode: c.fiscal_code,
    }));
    setOutcome(null);
    setPhase({ kind: 'reading', source, progress: { done: 0, total: files.length }, abort });
    try {
      const report = await readChosenFiles(files, archiveCompanies, {
        knownKeys,
        signal: abort.signal,
        onProgress: (progress) =>
          setPhase((current) => (current.kind === 'reading' ? { ...current, progress } : current)),
      });
      setPhase({ kind: 'report', source, report, companies: chosenCompanies });
    } catch (error) {
      setPhase({ kind: 'idle' });
      setOutcome(
        abort.signal.aborted
          ? { color: 'gray', text: t('archiveImport.cancelled'), testId: 'import-cancelled' }
          : {
              color: 'red',
              text: t('archiveImport.failed', { message: messageOf(error) }),
              testId: 'import-error',
            },
      );
    }
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = filesOfInput(event.currentTarget.files ?? []);
    // Emptied, so that choosing the same files again is a change too.
    event.currentTarget.value = '';
    void read(files);
  };

  const drop = async (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!ready) return;
    await read(await filesOfDrop(event.dataTransfer));
  };

  const keep = async (source: string, report: ArchiveReport) => {
    try {
      await imports.keep({ source, invoices: report.imported });
      setPhase({ kind: 'idle' });
      setOutcome({
        color: 'green',
        text: t('archiveImport.done', { count: report.imported.length, source }),
        testId: 'import-done',
      });
    } catch (error) {
      setOutcome({
        color: 'red',
        text: t('archiveImport.keepFailed', { message: messageOf(error) }),
        testId: 'import-error',
      });
    }
  };

  const remove = async (batch: ImportBatch) => {
    try {
      await imports.remove(batch.id);
      setOutcome({
        color: 'gray',
        text: t('archiveImport.removed', { source: batch.source }),
        testId: 'import-removed',
      });
    } catch (error) {
      setOutcome({
        color: 'red',
        text: t('app.error', { message: messageOf(error) }),
        testId: 'import-error',
      });
    }
  };

  return (
    <Stack
      onDragOver={(event) => {
        event.preventDefault();
        if (ready) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => void drop(event)}
      data-testid="import-drop"
      data-dragging={dragging || undefined}
      style={
        dragging ? { outline: '2px dashed var(--mantine-primary-color-filled)', outlineOffset: 8 } : undefined
      }
    >
      <Title order={2}>{t('nav.import')}</Title>
      <Text c="dimmed" maw={900}>
        {t('archiveImport.intro')}
      </Text>
      <input
        ref={filesInput}
        type="file"
        multiple
        accept=".zip,.xml,.p7m"
        hidden
        onChange={choose}
        data-testid="import-pick"
      />
      <input
        ref={folderInput}
        type="file"
        multiple
        hidden
        onChange={choose}
        data-testid="import-pick-folder"
        {...FOLDER_INPUT}
      />
      {own !== undefined && own.length === 0 && (
        <Alert color="orange" data-testid="import-no-companies">
          <Text size="sm">{t('archiveImport.noCompanies')}</Text>
          <Anchor href={href(screenAddress('companies'))} size="sm">
            {t('archiveImport.companiesLink')}
          </Anchor>
        </Alert>
      )}
      {phase.kind !== 'report' && (
        <Paper withBorder p="md" style={{ borderStyle: 'dashed' }}>
          {phase.kind === 'reading' ? (
            <Stack
              gap="xs"
              data-testid="import-progress"
              data-done={phase.progress.done}
              data-total={phase.progress.total}
            >
              <Text size="sm">
                {t('archiveImport.reading', {
                  source: phase.source,
                  done: formatCount(phase.progress.done, i18n.language),
                  total: formatCount(phase.progress.total, i18n.language),
                })}
              </Text>
              <Group>
                <Progress
                  style={{ flex: 1 }}
                  value={phase.progress.total > 0 ? (100 * phase.progress.done) / phase.progress.total : 0}
                  animated
                  aria-label={phase.source}
                />
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => phase.abort.abort()}
                  data-testid="import-cancel"
                >
                  {t('archiveImport.cancel')}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Stack gap={6}>
              <Group gap="sm">
                <Button
                  onClick={() => filesInput.current?.click()}
                  disabled={!ready}
                  data-testid="import-pick-files"
                >
                  {t('archiveImport.pickFiles')}
                </Button>
                <Button
                  variant="light"
                  onClick={() => folderInput.current?.click()}
                  disabled={!ready}
                  data-testid="import-pick-folder-button"
                >
                  {t('archiveImport.pickFolder')}
                </Button>
                <Text size="sm" c="dimmed">
                  {t('archiveImport.drop')}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {t('archiveImport.accepted')}
              </Text>
            </Stack>
          )}
        </Paper>
      )}
      {outcome && (
        <Alert
          color={outcome.color}
          data-testid={outcome.testId}
          withCloseButton
          closeButtonLabel={t('app.close')}
          onClose={() => setOutcome(null)}
        >
          {outcome.text}
        </Alert>
      )}
      {phase.kind === 'report' && (
        <ImportReport
          source={phase.source}
          report={phase.report}
          companies={phase.companies}
          keeping={imports.keeping}
          onConfirm={() => void keep(phase.source, phase.report)}
          onDiscard={() => setPhase({ kind: 'idle' })}
        />
      )}
      <QueryView query={imports.batches}>
        {(kept) => (
          <>
            <ImportBatches batches={kept} removing={imports.removing} onRemove={remove} />
            <ImportedInvoices
              batches={kept}
              openId={openedImport(params.get('invoice'))}
              onOpen={(id) => navigate(importedAddress(id))}
              onClose={() => navigate(IMPORT_ADDRESS)}
            />
          </>
        )}
      </QueryView>
    </Stack>
  );
}
