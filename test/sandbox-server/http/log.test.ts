import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company, LogEvent, ProblemDetails, Send } from '../../../src/shared/api/types.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import { startTestSandbox, type ApiCaller, type TestSandbox } from '../../support/sandbox.ts';

let sandbox: TestSandbox;
let caller: ApiCaller;
let company: Company;
let sent: Send;

beforeAll(async () => {
  // SDI waits an hour: a page or an invoice read twice is the same answer however busy the machine is.
  sandbox = await startTestSandbox({ sdiDelayMs: 3_600_000 });
  caller = sandbox.caller('logger');
  sent = (
    await caller.post<Send>('/v1/send/xml', {
      body: invoiceXml({ supplierVat: italianVat(400) }),
      headers: { 'content-type': 'application/xml', 'user-agent': 'scambio-tests/1.0' },
    })
  ).body;
  company = (await caller.get<Company>(`/v1/company/${sent.company_id}`)).body;
  await caller.get('/v1/send/999999');
  await caller.get('/v1/send', { query: { page_size: 5 } });
});
afterAll(() => sandbox.close());

async function events(query: Record<string, string | number | boolean>): Promise<LogEvent[]> {
  const res = await caller.get<LogEvent[]>('/v1/log', { query: { ...query, sort: 'id' } });
  expect(res.status).toBe(200);
  return res.body;
}

describe('the request log', () => {
  it('records every authenticated request with what it touched', async () => {
    const [upload] = await events({ endpoint: '/v1/send/xml' });
    expect(upload).toMatchObject({
      method: 'POST',
      endpoint: '/v1/send/xml',
      status_code: 201,
      success: true,
      company_id: company.id,
      resource_id: sent.id,
      api_version: 1,
      user_agent: 'scambio-tests/1.0',
      error: null,
    });
    expect(JSON.parse(upload!.response_body!)).toMatchObject({ id: sent.id });
  });

  it('logs a page or an invoice read again from kept bytes as it logged it the first time', async () => {
    // Enough invoices for the page to pass the 4 KiB a logged read keeps.
    for (let i = 0; i < 12; i++) {
      await caller.post('/v1/send/xml', {
        body: invoiceXml({ supplierVat: italianVat(400), number: `KEPT-${i}` }),
        headers: { 'content-type': 'application/xml' },
      });
    }
    const page = await caller.get('/v1/send', { query: { page_size: 13 } });
    expect(Buffer.byteLength(page.text)).toBeGreaterThan(4096);
    await caller.get('/v1/send', { query: { page_size: 13 } });
    await caller.get(`/v1/send/${sent.id}`);
    const invoice = await caller.get(`/v1/send/${sent.id}`);
    const pages = await events({ query: 'page_size=13' });
    expect(pages).toHaveLength(2);
    for (const entry of pages) {
      expect(entry.response_body).toMatch(/…\[truncated \d+ bytes\]$/);
      expect(page.text.startsWith(entry.response_body!.replace(/…\[truncated \d+ bytes\]$/, ''))).toBe(true);
    }
    expect(pages[1]!.response_body).toBe(pages[0]!.response_body);
    const reads = (await events({ endpoint: `/v1/send/${sent.id}`, method: 'GET' })).slice(-2);
    expect(reads.map((e) => [e.response_body, e.resource_id, e.company_id])).toEqual([
      [invoice.text, sent.id, company.id],
      [invoice.text, sent.id, company.id],
    ]);
  });

  it('records failures with their error text and the query string', async () => {
    const [missing] = await events({ status_code: 404 });
    expect(missing).toMatchObject({ endpoint: '/v1/send/999999', success: false });
    expect(missing!.error).toContain('999999');
    const [listed] = await events({ query: 'page_size=5' });
    expect(listed!.query).toBe('page_size=5');
  });

  it('filters by method, success, company, user agent, dates and API version', async () => {
    expect((await events({ method: 'post' })).every((e) => e.method === 'POST')).toBe(true);
    expect((await events({ success: false })).every((e) => !e.success)).toBe(true);
    expect((await events({ company_id: company.id })).length).toBeGreaterThanOrEqual(2);
    expect((await events({ user_agent: 'SCAMBIO-TESTS' })).length).toBeGreaterThanOrEqual(1);
    expect(await events({ api_verion: 2 })).toEqual([]);
    expect((await events({ api_verion: 1 })).length).toBeGreaterThan(0);
    expect(await events({ date_time_from: '2999-01-01T00:00:00Z' })).toEqual([]);
    expect((await events({ date_created_to: '2999-01-01T00:00:00Z' })).length).toBeGreaterThan(0);
  });

  it('reads one event by id, and hides other accounts’ events', async () => {
    const [first] = await events({});
    expect((await caller.get<LogEvent>(`/v1/log/${first!.id}`)).body.id).toBe(first!.id);
    const stranger = sandbox.caller('stranger');
    expect((await stranger.get(`/v1/log/${first!.id}`)).status).toBe(404);
    expect(
      await stranger
        .get<LogEvent[]>('/v1/log')
        .then((r) => r.body.every((e) => e.user_id !== first!.user_id)),
    ).toBe(true);
  });

  it('does not record unauthenticated requests', async () => {
    const before = (await caller.get('/v1/log')).headers.get('service-total-count');
    await sandbox.anonymous().get('/v1/send', { unchecked: true });
    const after = await caller.get<LogEvent[]>('/v1/log', { query: { status_code: 401 } });
    expect(after.body).toEqual([]);
    expect(Number(before)).toBeGreaterThan(0);
  });

  it.each([
    [{ status_code: 'x' }, 'status_code'],
    [{ success: 'sometimes' }, 'success'],
    [{ date_time_to: '31/12/2025' }, 'date_time_to'],
    [{ sort: 'response_body' }, 'sort'],
  ])('rejects %o with 400', async (query, parameter) => {
    const res = await caller.get<ProblemDetails>('/v1/log', { query });
    expect(res.status).toBe(400);
    expect(res.body.parameter).toBe(parameter);
  });
});
