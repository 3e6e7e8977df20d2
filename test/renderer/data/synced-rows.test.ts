import { describe, expect, it, vi } from 'vitest';
import type { Send } from '../../../src/shared/api/types.ts';
import type { Page, Query } from '../../../src/shared/client/index.ts';
import {
  canFilter,
  sortLikeServer,
  SyncedRows,
  type RowsMemory,
  type RowsSnapshot,
} from '../../../src/renderer/data/synced-rows.ts';

type Row = Pick<Send, 'id' | 'created' | 'last_update' | 'latest_state' | 'company_id'>;

/** A list endpoint as the server answers it: `last_update_from`, the API's sorts, pages and their total. */
function fakeService(count: number) {
  const rows = new Map<number, Row>();
  const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();
  for (let id = 1; id <= count; id++)
    rows.set(id, {
      id,
      created: at(id),
      last_update: at(id),
      latest_state: 'Consegnato',
      company_id: (id % 3) + 1,
    });
  let clock = count;
  const asked: Query[] = [];
  const list = async (query: Query & { page: number; page_size: number }): Promise<Page<Row>> => {
    asked.push(query);
    let items = [...rows.values()];
    const from = query.last_update_from as string | undefined;
    if (from) items = items.filter((row) => row.last_update !== null && row.last_update >= from);
    items = sortLikeServer(items as Send[], String(query.sort ?? 'id')) as Row[];
    const start = (query.page - 1) * query.page_size;
    return {
      items: items.slice(start, start + query.page_size),
      total: items.length,
      page: query.page,
      pageSize: query.page_size,
      pages: Math.ceil(items.length / query.page_size),
    };
  };
  return {
    rows,
    asked,
    list,
    /** SDI records a state: the row's last_update moves on. */
    change(id: number, state: Send['latest_state']) {
      rows.set(id, { ...rows.get(id)!, latest_state: state, last_update: at(++clock) });
    },
    /** A submission SDI has not taken yet: no last_update. */
    submit(): number {
      const id = Math.max(...rows.keys()) + 1;
      rows.set(id, { id, created: at(++clock), last_update: null, latest_state: null, company_id: 1 });
      return id;
    },
  };
}

describe('the synced rows of an invoice list', () => {
  it('reads the whole list the first time, with no cap', async () => {
    const service = fakeService(5_300);
    const synced = new SyncedRows<Send>(service.list as never);
    await synced.sync();
    expect(synced.size).toBe(5_300);
    expect(service.asked).toHaveLength(Math.ceil(5_300 / 200));
    expect(synced.matching({}, '-created')).toHaveLength(5_300);
  });

  it('afterwards asks only for the rows changed since its last sync, in one request', async () => {
    const service = fakeService(1_000);
    const synced = new SyncedRows<Send>(service.list as never);
    await synced.sync();
    service.asked.length = 0;
    service.change(17, 'Scartato');
    await synced.sync();
    expect(service.asked).toHaveLength(1);
    expect(service.asked[0]).toMatchObject({ sort: 'last_update' });
    expect(service.asked[0]!.last_update_from).toBeDefined();
    expect(synced.matching({ latest_state: 'Scartato' }, '-created').map((r) => r.id)).toEqual([17]);
  });

  it('finds a submission SDI has not taken yet by the count, with one more request', async () => {
    const service = fakeService(300);
    const synced = new SyncedRows<Send>(service.list as never);
    await synced.sync();
    const id = service.submit();
    service.asked.length = 0;
    await synced.reconcile({}, 301);
    expect(service.asked).toHaveLength(2);
    expect(synced.matching({}, '-created')[0]!.id).toBe(id);
  });

  it('reads the whole list again when the service deleted rows', async () => {
    const service = fakeService(450);
    const synced = new SyncedRows<Send>(service.list as never);
    await synced.sync();
    service.rows.delete(3);
    service.rows.delete(4);
    await synced.reconcile({}, 448);
    expect(synced.size).toBe(448);
    expect(synced.matching({ company_id: 1 }, 'id').some((r) => r.id === 3)).toBe(false);
  });

  it('starts a new window from the rows the last one kept, asking only for what changed since', async () => {
    const service = fakeService(2_000);
    let kept: RowsSnapshot<Send> | null = null;
    const memory: RowsMemory<Send> = {
      load: async () => kept,
      save: async (snapshot) => void (kept = snapshot),
    };
    const first = new SyncedRows<Send>(service.list as never);
    first.remember(memory, 0);
    await first.sync();
    await vi.waitFor(() => expect(kept?.rows).toHaveLength(2_000));
    service.change(5, 'Scartato');
    service.asked.length = 0;
    const next = new SyncedRows<Send>(service.list as never);
    next.remember(memory, 0);
    await next.sync();
    expect(service.asked).toHaveLength(1);
    expect(next.size).toBe(2_000);
    expect(next.matching({ latest_state: 'Scartato' }, 'id').map((r) => r.id)).toEqual([5]);
  });

  it('keeps the rows again only when a sync brought a change, not for the last rows it always gets back', async () => {
    const service = fakeService(300);
    let saves = 0;
    const memory: RowsMemory<Send> = { load: async () => null, save: async () => void saves++ };
    const synced = new SyncedRows<Send>(service.list as never);
    synced.remember(memory, 0);
    await synced.sync();
    await vi.waitFor(() => expect(saves).toBe(1));
    // `last_update_from` is inclusive: the newest row comes back, the same as before.
    await synced.sync();
    await synced.sync();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(saves).toBe(1);
    service.change(7, 'Scartato');
    await synced.sync();
    await vi.waitFor(() => expect(saves).toBe(2));
  });

  it('answers only the filters it can answer exactly', () => {
    expect(canFilter({ latest_state: 'Scartato', company_id: 3 })).toBe(true);
    expect(canFilter({ latest_state: undefined, q: undefined })).toBe(true);
    expect(canFilter({ unread: true })).toBe(false);
  });

  it('orders rows as the API does, ties by id, missing values first ascending and last descending', () => {
    const rows = [
      { id: 1, document_date: '2026-01-02' },
      { id: 2, document_date: null },
      { id: 3, document_date: '2026-01-01' },
      { id: 4, document_date: '2026-01-02' },
    ] as Send[];
    expect(sortLikeServer(rows, 'document_date').map((r) => r.id)).toEqual([2, 3, 1, 4]);
    expect(sortLikeServer(rows, '-document_date').map((r) => r.id)).toEqual([4, 1, 3, 2]);
  });
});
