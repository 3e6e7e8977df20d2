/**
 * Where a backup is read from and written back to on a machine: the books in the profile's invoice index (in
 * memory here, as in a page without a key) and the composer's localStorage, this profile's only; and which screens
 * read again after an import.
 */
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { emptyKeeping, exportBackup, importBackup } from '../../../src/shared/backup/index.ts';
import type { Gateway } from '../../../src/shared/gateway/channels.ts';
import { profileKeepingStore, refreshRestored } from '../../../src/renderer/backup/profile-backup.ts';
import { listDrafts, seriesOf, supplierOf } from '../../../src/renderer/compose/draft-store.ts';
import { queryKeys } from '../../../src/renderer/data/keys.ts';
import { keeping } from '../../shared/backup/keeping.ts';
import { useMemoryStorage } from '../../support/memory-storage.ts';

/** A host that gives no index key: the index lives in memory, as it does in a page without one. */
const gateway = {
  index: {
    key: async () => {
      throw new Error('no key in this test');
    },
  },
} as unknown as Gateway;

/** The index is opened once per profile for the page's life: each test takes profiles of its own. */
let round = 0;
const profileIds = () => {
  round++;
  return [`first-${round}`, `second-${round}`] as const;
};

describe("a profile's keeping on this machine", () => {
  beforeEach(() => useMemoryStorage());

  it('is written into the index and localStorage and read back the same, without another profile’s', async () => {
    const [profile, other] = profileIds();
    const store = profileKeepingStore(gateway, profile);
    expect(await store.read()).toEqual(emptyKeeping());
    localStorage.setItem(`scambio.compose.${other}.supplier.3`, '{"name":"Altro"}');
    localStorage.setItem(`scambio.compose.${profile}.supplier.draft`, '{}');

    await store.write(keeping(), [
      'contacts',
      'catalogue',
      'payments',
      'recurring',
      'drafts',
      'customers',
      'suppliers',
      'series',
      'resends',
    ]);
    expect(await store.read()).toEqual(keeping());
    // The composer finds them where it looks.
    expect(listDrafts(profile).map((d) => d.id)).toEqual(['draft-1']);
    expect(supplierOf(profile, 3)?.name).toBe(keeping().compose.suppliers['3']!.name);
    expect(seriesOf(profile, 3)).toEqual({ TD01: 'FT/2026/0001', TD04: 'NC/2026/0001' });
    expect(await profileKeepingStore(gateway, other).read()).toMatchObject({
      compose: { suppliers: { '3': { name: 'Altro' } } },
    });
  });

  it('writes only the parts named', async () => {
    const [profile] = profileIds();
    const store = profileKeepingStore(gateway, profile);
    await store.write(keeping(), ['contacts', 'series']);
    const read = await store.read();
    expect(read.books.contacts).toEqual(keeping().books.contacts);
    expect(read.compose.series).toEqual(keeping().compose.series);
    expect(read.books.catalogue).toEqual([]);
    expect(read.compose.drafts).toEqual([]);
  });

  it('comes back on another profile from an exported file, and only the books written are read again', async () => {
    const [from, to] = profileIds();
    await profileKeepingStore(gateway, from).write(keeping(), ['contacts', 'catalogue', 'drafts', 'series']);
    const { text } = await exportBackup(
      profileKeepingStore(gateway, from),
      { name: 'Studio Rossi', kind: 'remote' },
      new Date(),
    );
    const outcome = await importBackup(text, '', profileKeepingStore(gateway, to));
    expect(outcome.ok && outcome.written).toEqual(['contacts', 'catalogue', 'drafts', 'series']);
    const read = await profileKeepingStore(gateway, to).read();
    expect(read.books.contacts).toEqual(keeping().books.contacts);
    expect(read.compose.drafts).toEqual(keeping().compose.drafts);

    const client = new QueryClient();
    for (const key of [queryKeys.savedContacts(to), queryKeys.recurring(to), queryKeys.books(to)])
      client.setQueryData(key, []);
    await refreshRestored(client, to, outcome.ok ? outcome.written : []);
    expect(client.getQueryState(queryKeys.savedContacts(to))?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.recurring(to))?.isInvalidated).toBe(false);
    // The book records are read from the service's invoices: an import changes none of them.
    expect(client.getQueryState(queryKeys.books(to))?.isInvalidated).toBe(false);
  });
});
