import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandboxStore } from '../../../src/sandbox-server/index.ts';
import type { NewInvoice } from '../../../src/sandbox-server/store/invoices.ts';
import type { Store } from '../../../src/sandbox-server/store/store.ts';
import { Database } from '../../../src/sandbox-server/store/sqlite-driver.ts';
import { italianVat } from '../../support/invoices.ts';

const NOW = '2026-03-01T10:00:00.000Z';
let dir: string;
let store: Store;
const scope = { accountId: 0, environment: 'test' as const };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'scambio-invoice-json-'));
  store = await openSandboxStore(dir);
  scope.accountId = store.accounts.ensure('invoice-json', NOW);
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

function addInvoices(seed: number): { sendId: number; receiveId: number; companyId: number } {
  const supplier = italianVat(seed);
  const company = store.companies.insert(
    scope,
    { vat: supplier, fiscal_code: supplier.slice(2), name: 'Json Srl' },
    NOW,
  );
  const common: Omit<NewInvoice, 'identifier' | 'fileName'> = {
    companyId: company.id,
    format: 'FPR12',
    encoding: 'Xml' as const,
    payload: new TextEncoder().encode('<x/>'),
    committente: italianVat(seed + 1),
    prestatore: supplier,
    documentNumber: 'FT/1',
    documentDate: '2026-02-27T00:00:00.000Z',
    documents: [{ number: 'FT/1', date: '2026-02-27T00:00:00.000Z' }],
    dateSent: NOW,
    lastUpdate: null,
    created: NOW,
  };
  const send = store.sends.insert(scope, {
    ...common,
    identifier: String(900_000_000_000 + seed),
    fileName: `IT${supplier.slice(2)}_00001.xml`,
    nomeCommittente: 'Caffè Ròma Srl',
    metaData: { order: 'A-1' },
  });
  const receive = store.receives.insert(scope, {
    ...common,
    identifier: String(910_000_000_000 + seed),
    fileName: `IT${supplier.slice(2)}_00002.xml`,
    nomePrestatore: 'Fornitore Ü',
    messageId: 'm-1',
  });
  return { sendId: send.id, receiveId: receive.id, companyId: company.id };
}

describe('an invoice serialized by SQLite (getJson)', () => {
  it('is byte for byte what res.json sends for get(), and follows every change', async () => {
    const { sendId, receiveId, companyId } = addInvoices(77);
    const same = () => {
      const send = store.sends.getJson(scope, sendId)!;
      expect(send.bytes.toString('utf8')).toBe(JSON.stringify(store.sends.get(scope, sendId, false)));
      expect([send.id, send.companyId]).toEqual([sendId, companyId]);
      const receive = store.receives.getJson(scope, receiveId)!;
      expect(receive.bytes.toString('utf8')).toBe(
        JSON.stringify(store.receives.get(scope, receiveId, false)),
      );
      return { send, receive };
    };
    const first = same();
    // Unchanged: the same object, kept.
    expect(store.sends.getJson(scope, sendId)).toBe(first.send);
    store.sends.recordSdi(scope, sendId, { latestState: 'Consegnato', lastUpdate: NOW });
    expect(JSON.parse(same().send.bytes.toString('utf8')).latest_state).toBe('Consegnato');
    // A change by another process (the CLI on this folder) is seen by the next request.
    const other = new Database(join(dir, 'scambio.sqlite'));
    try {
      other.prepare("UPDATE receives SET nome_prestatore = 'Altro Fornitore' WHERE id = ?").run(receiveId);
    } finally {
      other.close();
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(JSON.parse(same().receive.bytes.toString('utf8')).nome_prestatore).toBe('Altro Fornitore');
  });

  it('is not found in another scope, or once deleted', () => {
    const { sendId, receiveId } = addInvoices(88);
    expect(store.sends.getJson({ ...scope, environment: 'live' }, sendId)).toBeNull();
    expect(
      store.sends.getJson({ accountId: scope.accountId + 1000, environment: 'test' }, sendId),
    ).toBeNull();
    expect(store.receives.getJson(scope, receiveId)).not.toBeNull();
    store.db.prepare('DELETE FROM receives WHERE id = ?').run(receiveId);
    expect(store.receives.getJson(scope, receiveId)).toBeNull();
  });
});
