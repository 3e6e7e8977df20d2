/**
 * Sending drafts in a batch (issue 29 §4), against the real sandbox over HTTP: drafts written the same morning
 * (each proposed number 1) go out numbered 1, 2, 3; a number the user typed and a sent invoice has is refused;
 * a lost answer fails the row and sending it again stores nothing twice; a stopped batch leaves the rest, sent
 * on retry.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Send } from '../../../src/shared/api/types.ts';
import type { InvoiceDraft } from '../../../src/shared/fatturapa/compose/index.ts';
import { basicAuthorization, performApiRequest } from '../../../src/shared/gateway/api-fetch.ts';
import type { ApiRequest, Gateway } from '../../../src/shared/gateway/channels.ts';
import { listDrafts, saveDraft, type StoredDraft } from '../../../src/renderer/compose/draft-store.ts';
import { batchRowOf, rowsToRetry, runBatch, type BatchRow } from '../../../src/renderer/drafts/batch.ts';
import { baseDraft, SUPPLIER_VAT } from '../../shared/compose/fixtures.ts';
import { useMemoryStorage } from '../../support/memory-storage.ts';
import { startTestSandbox, type ApiCaller, type TestSandbox } from '../../support/sandbox.ts';

const PROFILE = 'local';

describe('a batch of drafts, against the real sandbox', () => {
  let sandbox: TestSandbox;
  let api: ApiCaller;
  let companyId = 0;
  let gateway: Gateway;
  /** Set by a test: the next submission (POST /send/xml) reaches the server, and its answer is lost. */
  let loseNextAnswer = false;
  let submissions = 0;

  beforeAll(async () => {
    sandbox = await startTestSandbox({ sdiDelayMs: 0 });
    api = sandbox.caller('batch');
    const created = await api.post<{ id: number }>('/v1/company', {
      json: { vat: `IT${SUPPLIER_VAT}`, fiscal_code: SUPPLIER_VAT, name: 'Studio Esempio Srl' },
    });
    expect(created.status).toBe(201);
    companyId = created.body.id;
    const authorization = basicAuthorization(api.key!);
    gateway = {
      api: {
        request: async (request: ApiRequest) => {
          const response = await performApiRequest(fetch, `${sandbox.origin}/v1`, authorization, request);
          if (request.method === 'POST' && request.path === '/send/xml') {
            submissions++;
            if (loseNextAnswer) {
              loseNextAnswer = false;
              throw new TypeError('fetch failed');
            }
          }
          return response;
        },
      },
    } as unknown as Gateway;
  }, 120_000);

  afterAll(() => sandbox?.close());
  beforeEach(useMemoryStorage);

  let counter = 0;
  function keep(edit: (draft: InvoiceDraft) => void, extra: Partial<StoredDraft> = {}): StoredDraft {
    const draft = baseDraft();
    draft.document.date = '2026-11-02';
    draft.payments = [];
    draft.transmission.progressive = `B${++counter}`;
    edit(draft);
    const stored: StoredDraft = {
      id: `d${counter}`,
      companyId,
      source: null,
      idempotencyKey: '',
      attempt: null,
      updated: new Date().toISOString(),
      draft,
      ...extra,
    };
    saveDraft(PROFILE, stored);
    return stored;
  }

  async function run(rows: BatchRow[], signal = new AbortController().signal) {
    const seen: BatchRow[] = [];
    const done = await runBatch(gateway, PROFILE, rows, {
      signature: 'Auto',
      lang: 'en',
      signal,
      onRow: (row) => seen.push(row),
    });
    return { done, seen };
  }

  const sentNumbers = async () =>
    (await api.get<Send[]>('/v1/send', { query: { page_size: 100 } })).body
      .map((s) => s.document_number)
      .sort();

  it('numbers the drafts the app numbered one after the other, and keeps a typed number', async () => {
    // Three drafts written before any was sent: each was proposed number 1.
    const drafts = [1, 2, 3].map(() => keep((d) => (d.document.number = '1'), { proposedNumber: '1' }));
    const { done, seen } = await run(drafts.map(batchRowOf));
    expect(done.map((r) => [r.state, r.number])).toEqual([
      ['sent', '1'],
      ['sent', '2'],
      ['sent', '3'],
    ]);
    expect(seen.filter((r) => r.state === 'sending')).toHaveLength(3);
    expect(await sentNumbers()).toEqual(['1', '2', '3']);
    // Sent drafts are drafts no more.
    expect(listDrafts(PROFILE)).toEqual([]);

    // A number the user typed, already on a sent invoice: refused, the draft kept as it was.
    const typed = keep((d) => (d.document.number = '2'));
    const again = await run([batchRowOf(typed)]);
    expect(again.done[0]).toMatchObject({ state: 'refused', refusal: { kind: 'numberUsed', number: '2' } });
    expect(listDrafts(PROFILE).map((d) => d.draft.document.number)).toEqual(['2']);
  });

  it('refuses a draft with errors before anything is sent', async () => {
    const before = submissions;
    const broken = keep((d) => (d.customer.vat.code = ''), { proposedNumber: '' });
    broken.draft.customer.fiscalCode = '';
    saveDraft(PROFILE, broken);
    const { done } = await run([batchRowOf(broken)]);
    expect(done[0]!.state).toBe('refused');
    expect(done[0]!.refusal?.kind).toBe('checks');
    expect(submissions).toBe(before);
  });

  it('a lost answer fails the row; sending it again stores it once, with its number', async () => {
    const draft = keep((d) => (d.document.number = ''));
    loseNextAnswer = true;
    const first = await run([batchRowOf(draft)]);
    expect(first.done[0]).toMatchObject({ state: 'failed', number: '4' });
    // The server did store it; the draft still holds the number and key of that attempt.
    expect(await sentNumbers()).toEqual(['1', '2', '3', '4']);
    const kept = listDrafts(PROFILE).find((d) => d.id === draft.id)!;
    expect(kept.draft.document.number).toBe('4');
    expect(kept.idempotencyKey).not.toBe('');

    const retried = await run(rowsToRetry(first.done));
    expect(retried.done[0]).toMatchObject({ state: 'sent', number: '4' });
    expect(await sentNumbers()).toEqual(['1', '2', '3', '4']);
    expect(listDrafts(PROFILE).some((d) => d.id === draft.id)).toBe(false);
  });

  it('a stopped batch sends nothing more; the rest go on retry', async () => {
    const drafts = [1, 2, 3].map(() => keep((d) => (d.document.number = '')));
    const stop = new AbortController();
    const done = await runBatch(gateway, PROFILE, drafts.map(batchRowOf), {
      signature: 'Auto',
      lang: 'en',
      signal: stop.signal,
      // Stopped while the first is being sent: it finishes, the other two wait.
      onRow: (row) => {
        if (row.state === 'sending') stop.abort();
      },
    });
    expect(done.map((r) => r.state)).toEqual(['sent', 'stopped', 'stopped']);
    expect(await sentNumbers()).toEqual(['1', '2', '3', '4', '5']);
    const retried = await run(rowsToRetry(done));
    expect(retried.done.map((r) => [r.state, r.number])).toEqual([
      ['sent', '6'],
      ['sent', '7'],
    ]);
    expect(await sentNumbers()).toEqual(['1', '2', '3', '4', '5', '6', '7']);
  });
});
