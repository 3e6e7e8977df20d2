import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Receive, Send } from '../../../src/shared/api/types.ts';
import type { Gateway } from '../../../src/shared/gateway/channels.ts';
import { createHttpGateway } from '../../../src/renderer/gateway/http-gateway.ts';
import { ApiProblem } from '../../../src/renderer/data/api.ts';
import { parseAmountQuery } from '../../../src/renderer/invoice-index/amount-query.ts';
import { ENTRY_VERSION, entryOf, type IndexEntry } from '../../../src/renderer/invoice-index/entry.ts';
import {
  indexReadReceived,
  indexReadReceivedChecked,
  indexSent,
  politely,
  readReceived,
} from '../../../src/renderer/invoice-index/fill.ts';
import { InvoiceIndex } from '../../../src/renderer/invoice-index/invoice-index.ts';
import { planRebuild, rebuildIndex } from '../../../src/renderer/invoice-index/rebuild.ts';
import { importIndexKey, seal, unseal } from '../../../src/renderer/invoice-index/sealed.ts';
import { memoryStorage } from '../../../src/renderer/invoice-index/storage.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.ts';

const newKey = () => importIndexKey(crypto.getRandomValues(new Uint8Array(32)));

/** The bytes of a sealed record as text, to look for plaintext in them. */
const asText = (data: ArrayBuffer) => new TextDecoder('latin1').decode(data);

function entry(id: number, overrides: Partial<IndexEntry> = {}): IndexEntry {
  return {
    version: ENTRY_VERSION,
    kind: 'sent',
    id,
    fingerprint: `2026-03-01T10:00:0${id}Z|IT01234567890_0000${id}.xml`,
    amount: { amount: '1506.09', signed: '1506.09', currency: 'EUR', source: 'declared', type: 'TD01' },
    number: `FT/2026/000${id}`,
    date: '2026-03-01',
    party: 'Cartoleria Rossi Snc',
    partyVat: 'IT01234567890',
    partyFiscalCode: null,
    figures: null,
    text: 'Consulenza fiscale marzo',
    books: [],
    contact: null,
    ...overrides,
  };
}
const recordOf = (e: IndexEntry) => {
  const [created, file] = e.fingerprint.split('|');
  return { id: e.id, created: created!, file_name: file! };
};

describe('sealing an index record', () => {
  it('opens with the same key and context, and never shows its plaintext', async () => {
    const key = await newKey();
    const sealed = await seal(key, { amount: '1506.09', party: 'Cartoleria Rossi' }, 'p|sent:1');
    expect(asText(sealed.data)).not.toContain('Cartoleria');
    expect(asText(sealed.data)).not.toContain('1506');
    expect(await unseal(key, sealed, 'p|sent:1')).toEqual({ amount: '1506.09', party: 'Cartoleria Rossi' });
    // A fresh nonce each time: the same value seals differently.
    const again = await seal(key, { amount: '1506.09', party: 'Cartoleria Rossi' }, 'p|sent:1');
    expect(Buffer.from(again.iv).equals(Buffer.from(sealed.iv))).toBe(false);
  });

  it('refuses another key, another place, or a changed byte', async () => {
    const key = await newKey();
    const sealed = await seal(key, { amount: '10.00' }, 'p|sent:1');
    await expect(unseal(await newKey(), sealed, 'p|sent:1')).rejects.toThrow();
    await expect(unseal(key, sealed, 'p|sent:2')).rejects.toThrow();
    const bytes = new Uint8Array(sealed.data.slice(0));
    bytes[0]! ^= 1;
    await expect(unseal(key, { iv: sealed.iv, data: bytes.buffer }, 'p|sent:1')).rejects.toThrow();
  });

  it('imports the host key as non-extractable', async () => {
    const key = await newKey();
    expect(key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });
});

describe('the invoice index', () => {
  it('keeps entries sealed in storage and finds them again after reopening with the same key', async () => {
    const key = await newKey();
    const storage = memoryStorage();
    const index = await InvoiceIndex.open('local', key, storage);
    await index.put([entry(1), entry(2, { kind: 'received' })]);
    expect(storage.records.size).toBe(2);
    for (const record of storage.records.values()) {
      expect(record.profile).toBe('local');
      expect(asText(record.data)).not.toMatch(/Cartoleria|1506|FT\/2026|Consulenza/);
    }
    const reopened = await InvoiceIndex.open('local', key, storage);
    expect(reopened.persistent).toBe(true);
    expect(reopened.get('sent', recordOf(entry(1)))).toEqual(entry(1));
    expect(reopened.count('received')).toBe(1);
    // Another profile sees nothing of it.
    expect((await InvoiceIndex.open('remote-1', key, storage)).size).toBe(0);
  });

  it('drops records sealed under another key, and forgets everything on clear', async () => {
    const storage = memoryStorage();
    await (await InvoiceIndex.open('local', await newKey(), storage)).put([entry(1)]);
    const other = await InvoiceIndex.open('local', await newKey(), storage);
    expect(other.size).toBe(0);
    expect(storage.records.size).toBe(0);
    await other.put([entry(3)]);
    await other.clear();
    expect(other.size).toBe(0);
    expect(storage.records.size).toBe(0);
  });

  it('drops entries of an older shape when it opens, so that their invoices are read again', async () => {
    const key = await newKey();
    const storage = memoryStorage();
    const { version: _version, figures: _figures, ...older } = entry(1);
    await (await InvoiceIndex.open('local', key, storage)).put([older as unknown as IndexEntry, entry(2)]);
    const reopened = await InvoiceIndex.open('local', key, storage);
    expect(reopened.get('sent', recordOf(entry(1)))).toBeUndefined();
    expect(reopened.get('sent', recordOf(entry(2)))).toEqual(entry(2));
    expect([...storage.records.values()].map((r) => r.key)).toEqual(['sent:2']);
  });

  it('keeps a list’s value sealed beside the entries, found again after reopening and never taken for an entry', async () => {
    const key = await newKey();
    const storage = memoryStorage();
    const index = await InvoiceIndex.open('local', key, storage);
    await index.put([entry(1)]);
    await index.keep('sent', { rows: [{ id: 1 }], syncedUntil: '2026-01-01T00:00:00.000Z' });
    expect(JSON.stringify([...storage.records.values()])).not.toContain('syncedUntil');
    const again = await InvoiceIndex.open('local', key, storage);
    expect(again.size).toBe(1);
    expect(await again.keptValue('sent')).toEqual({
      rows: [{ id: 1 }],
      syncedUntil: '2026-01-01T00:00:00.000Z',
    });
    expect(await again.keptValue('received')).toBeNull();
    await again.clear();
    expect(await again.keptValue('sent')).toBeNull();
  });

  it('keeps the books’ own data (payments, imports) sealed, through a rebuild of what it read', async () => {
    const key = await newKey();
    const storage = memoryStorage();
    const index = await InvoiceIndex.open('local', key, storage);
    await index.put([entry(1)]);
    await index.keep('sent', { rows: [] });
    await index.keepBook('payments', [{ instalment: 'sent:1/1#1', date: '2026-03-31', amount: '12200' }]);
    expect(JSON.stringify([...storage.records.values()])).not.toContain('2026-03-31');
    await index.clear();
    expect(index.size).toBe(0);
    expect(await index.keptValue('sent')).toBeNull();
    const again = await InvoiceIndex.open('local', key, storage);
    expect(again.size).toBe(0);
    expect(await again.bookValue('payments')).toEqual([
      { instalment: 'sent:1/1#1', date: '2026-03-31', amount: '12200' },
    ]);
    await again.forgetBook('payments');
    expect(await (await InvoiceIndex.open('local', key, storage)).bookValue('payments')).toBeNull();
  });

  it('writes nothing without a key, and keeps entries in memory only', async () => {
    const storage = memoryStorage();
    const index = await InvoiceIndex.open('local', null, storage);
    await index.put([entry(1)]);
    expect(index.persistent).toBe(false);
    expect(index.get('sent', recordOf(entry(1)))).toBeDefined();
    expect(storage.records.size).toBe(0);
  });

  it('does not give an entry for another invoice behind the same id (a reset sandbox)', async () => {
    const index = await InvoiceIndex.open('local', await newKey(), memoryStorage());
    await index.put([entry(1)]);
    expect(index.get('sent', { ...recordOf(entry(1)), created: '2026-04-01T00:00:00Z' })).toBeUndefined();
    expect(index.get('received', recordOf(entry(1)))).toBeUndefined();
  });

  it('finds entries by amount however it is typed, and by number, party or description', async () => {
    const index = await InvoiceIndex.open('local', null, memoryStorage());
    await index.put([
      entry(1),
      entry(2, {
        amount: { amount: '97.60', signed: '97.60', currency: 'EUR', source: 'declared', type: 'TD01' },
        text: 'Toner',
      }),
    ]);
    for (const typed of ['1.506,09', '1506,09', '1,506.09', '1506.09', '€ 1.506,09'])
      expect(index.search(typed).map((e) => e.id)).toEqual([1]);
    expect(index.search('toner').map((e) => e.id)).toEqual([2]);
    expect(index.search('ft/2026/0002').map((e) => e.id)).toEqual([2]);
    expect(index.search('rossi').map((e) => e.id)).toEqual([2, 1]);
    expect(index.search('ro')).toEqual([]);
    // A credit note by its amount as written; an invoice with a withholding by its net to pay too.
    await index.put([
      entry(3, {
        amount: { amount: '366.00', signed: '-366.00', currency: 'EUR', source: 'declared', type: 'TD04' },
      }),
      entry(4, {
        amount: { amount: '1220.00', signed: '1220.00', currency: 'EUR', source: 'declared', type: 'TD06' },
        figures: {
          taxable: '1000.00',
          vat: '220.00',
          withholding: '200.00',
          netToPay: '1020.00',
          firstDue: null,
        },
      }),
    ]);
    expect(index.search('366,00').map((e) => e.id)).toEqual([3]);
    expect(index.search('1.020,00').map((e) => e.id)).toEqual([4]);
    expect(index.search('1220').map((e) => e.id)).toEqual([4]);
  });
});

describe('an amount typed in a search box', () => {
  it.each([
    ['1.800,00', 180_000n],
    ['1800,00', 180_000n],
    ['1,800.00', 180_000n],
    ['1800.5', 180_050n],
    ['1800', 180_000n],
    ["1'800.00", 180_000n],
    ['EUR 12.199,99', 1_219_999n],
    ['90.071.992.547.409,93', 9_007_199_254_740_993n],
    ['FT/2015/0008', null],
    ['1.80.0', null],
    ['rossi', null],
  ])('reads %s as %s cents', (typed, cents) => expect(parseAmountQuery(typed)).toBe(cents));
});

describe('reading invoices into the index, as the service bills them', () => {
  let sandbox: TestSandbox;
  let gateway: Gateway;
  let company: string;

  const received = async () =>
    (await sandbox.caller('default').get<Receive[]>('/v1/receive', { query: { page_size: 100 } })).body;

  beforeAll(async () => {
    sandbox = await startTestSandbox({ sdiDelayMs: 0 });
    const caller = sandbox.caller('default');
    const key = sandbox.server.services.keys.create({ account: 'default', environment: 'test' }).key;
    gateway = createHttpGateway({ apiBase: sandbox.server.baseUrl, sessionKey: key });
    company = italianVat(7_301);
    expect(
      (
        await caller.post('/v1/company', {
          json: { vat: company, fiscal_code: company.slice(2), name: 'Acme' },
        })
      ).status,
    ).toBe(201);
    for (const number of ['S-1', 'S-2'])
      await caller.post('/v1/send/xml', {
        body: invoiceXml({ supplierVat: company, number, description: `Consulenza ${number}` }),
      });
    for (const number of ['R-1', 'R-2', 'R-3'])
      await caller.post('/_sandbox/inbound', {
        json: { payload: invoiceXml({ supplierVat: italianVat(7_302), customerVat: company, number }) },
      });
  }, 60_000);
  afterAll(() => sandbox?.close());

  it('reads the amount, type, party and descriptions of an invoice file', async () => {
    const [send] = (
      await sandbox.caller('default').get<Send[]>('/v1/send', {
        query: { include_payload: true, document_number: 'S-1' },
      })
    ).body;
    const read = entryOf('sent', send!, send!.payload, send!.encoding);
    expect(read).toMatchObject({
      kind: 'sent',
      id: send!.id,
      amount: { amount: '122.00', currency: 'EUR', source: 'declared', type: 'TD01' },
      number: 'S-1',
    });
    expect(read.text).toContain('Consulenza S-1');
    // What the books need of it: the document, its VAT and its one instalment, due on the document's date.
    expect(read.books).toMatchObject([
      { kind: 'sent', invoiceId: send!.id, documentIndex: 1, number: 'S-1', netToPay: '12200' },
    ]);
    expect(read.books[0]!.instalments).toHaveLength(1);
    expect(entryOf('sent', send!, '<not-an-invoice/>', 'Xml').amount).toBeNull();
  });

  it('indexes sent files, and never reads an unread received invoice to fill a column', async () => {
    const index = await InvoiceIndex.open('local', null, memoryStorage());
    const sent = (await sandbox.caller('default').get<Send[]>('/v1/send')).body;
    await indexSent(gateway, index, sent);
    expect(index.count('sent')).toBe(sent.length);

    const before = await received();
    expect(before.every((r) => !r.is_read)).toBe(true);
    await indexReadReceived(gateway, index, before, Infinity);
    expect(index.count('received')).toBe(0);
    expect((await received()).every((r) => !r.is_read)).toBe(true);

    // Asked for on purpose (the user was told the cost): read, and read from then on.
    const [first] = before;
    await readReceived(gateway, index, [first!]);
    expect(index.get('received', first!)?.amount?.amount).toBe('122.00');
    const after = await received();
    expect(after.find((r) => r.id === first!.id)?.is_read).toBe(true);
    expect(after.filter((r) => !r.is_read)).toHaveLength(before.length - 1);
  });

  it('never reads an invoice the service holds unread, even from a row that says it is read', async () => {
    const index = await InvoiceIndex.open('local', null, memoryStorage());
    const unread = (await received()).filter((r) => !r.is_read);
    expect(unread.length).toBeGreaterThan(0);
    // Rows older than the service's (a synced list after a reset gave their ids to new invoices).
    const stale = unread.map((r) => ({ ...r, is_read: true }));
    await indexReadReceivedChecked(gateway, index, stale, Infinity);
    expect(index.count('received')).toBe(0);
    expect((await received()).filter((r) => !r.is_read).map((r) => r.id)).toEqual(unread.map((r) => r.id));
  });

  it('rebuilds from sent files and received invoices already read, leaving unread ones unread', async () => {
    const index = await InvoiceIndex.open('local', await newKey(), memoryStorage());
    await index.put([entry(999)]);
    const plan = await planRebuild(gateway);
    const unread = (await received()).filter((r) => !r.is_read);
    expect(plan).toEqual({ sent: 2, receivedRead: 3 - unread.length, receivedUnread: unread.length });
    const progress: number[] = [];
    await rebuildIndex(gateway, index, plan, (p) => progress.push(p.done));
    expect(index.get('sent', recordOf(entry(999)))).toBeUndefined();
    expect(index.count('sent')).toBe(2);
    expect(index.count('received')).toBe(plan.receivedRead);
    expect(progress.at(-1)).toBe(plan.sent + plan.receivedRead);
    expect((await received()).filter((r) => !r.is_read).map((r) => r.id)).toEqual(unread.map((r) => r.id));
  });
});

describe('politely', () => {
  const tooMany = (retryAfter?: string) =>
    new ApiProblem({
      status: 429,
      headers: retryAfter ? { 'retry-after': retryAfter } : {},
      body: null,
      encoding: 'json',
    });

  it('waits out a 429 for its Retry-After, or doubling from a second, then answers', async () => {
    const waits: number[] = [];
    let calls = 0;
    const answer = await politely(
      async () => {
        calls++;
        if (calls === 1) throw tooMany('3');
        if (calls < 4) throw tooMany();
        return 'ok';
      },
      async (ms) => void waits.push(ms),
    );
    expect(answer).toBe('ok');
    expect(waits).toEqual([3000, 2000, 4000]);
  });

  it('gives up after five retries, and never retries another failure', async () => {
    let calls = 0;
    await expect(
      politely(
        async () => {
          calls++;
          throw tooMany();
        },
        async () => {},
      ),
    ).rejects.toThrow(ApiProblem);
    expect(calls).toBe(6);
    calls = 0;
    await expect(
      politely(
        async () => {
          calls++;
          throw new Error('offline');
        },
        async () => {},
      ),
    ).rejects.toThrow('offline');
    expect(calls).toBe(1);
  });
});
