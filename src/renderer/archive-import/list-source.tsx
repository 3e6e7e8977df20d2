/**
 * Imported invoices in the Sent and Received lists: a switch above the list between the invoices that went through
 * SDI (the server's list) and those imported from an archive (kept in the profile, never sent), shown only once
 * something of that direction was imported. The choice and the open imported invoice live in the address
 * (`#/sent?source=imported&invoice=-3`), so Back and a reload keep them.
 */
import { SegmentedControl } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'wouter';
import { useImports, type ImportBatch } from '../books/imported.ts';
import { address } from '../shell/routes.ts';
import { openedImport } from './address.ts';
import { ImportedInvoices } from './imported-invoices.tsx';

export type ListSource = 'sdi' | 'imported';
type Kind = 'sent' | 'received';

/** The list's source as the address says it (`source=imported`), SDI otherwise. */
export function useListSource(): ListSource {
  const [params] = useSearchParams();
  return params.get('source') === 'imported' ? 'imported' : 'sdi';
}

/** The profile's imports narrowed to one direction: the batches keep only their invoices of that kind. */
function useImportedOf(kind: Kind): { batches: ImportBatch[]; count: number } {
  const { batches } = useImports();
  return useMemo(() => {
    const narrowed = (batches.data ?? []).map((batch) => ({
      ...batch,
      invoices: batch.invoices.filter((invoice) => invoice.kind === kind),
    }));
    return { batches: narrowed, count: narrowed.reduce((sum, batch) => sum + batch.invoices.length, 0) };
  }, [batches.data, kind]);
}

/** "Through SDI | Imported (12)", above a list; nothing while nothing of this direction was imported. */
export function ListSourceSwitch({ kind, path }: { kind: Kind; path: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const source = useListSource();
  const { count } = useImportedOf(kind);
  if (count === 0 && source === 'sdi') return null;
  return (
    <SegmentedControl
      data-testid="list-source"
      data-source={source}
      w="fit-content"
      value={source}
      onChange={(value) =>
        navigate(address(path, { source: value === 'imported' ? 'imported' : null }), { replace: true })
      }
      data={[
        { value: 'sdi', label: t('archiveImport.sourceSdi') },
        { value: 'imported', label: t('archiveImport.sourceImported', { count }) },
      ]}
    />
  );
}

/** The imported invoices of one direction, in place of the list; a row opens its document view. */
export function ImportedListOf({ kind, path }: { kind: Kind; path: string }) {
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const { batches } = useImportedOf(kind);
  return (
    <ImportedInvoices
      batches={batches}
      openId={openedImport(params.get('invoice'))}
      onOpen={(id) => navigate(address(path, { source: 'imported', invoice: id }))}
      onClose={() => navigate(address(path, { source: 'imported' }))}
    />
  );
}
