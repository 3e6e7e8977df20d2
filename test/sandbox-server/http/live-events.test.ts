import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company, Receive, Send } from '../../../src/shared/api/types.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import { startTestSandbox, type ApiCaller, type TestSandbox } from '../../support/sandbox.ts';

let sandbox: TestSandbox;
let alpha: ApiCaller;
let beta: ApiCaller;
let alphaCompany: Company;

interface StreamEvent {
  event: string;
  data: Record<string, unknown>;
}

/** A real HTTP client reading `GET /_sandbox/events` as it arrives. */
async function openStream(caller: ApiCaller) {
  const controller = new AbortController();
  const response = await fetch(new URL('/_sandbox/events', caller.origin), {
    headers: { authorization: `Basic ${Buffer.from(`${caller.key}:`).toString('base64')}` },
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  const waiters: (() => void)[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) as Record<string, unknown> });
          waiters.splice(0).forEach((w) => w());
        }
      }
    } catch {
      // aborted
    }
  })();
  const next = async (match: (e: StreamEvent) => boolean, timeoutMs = 5000): Promise<StreamEvent> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = events.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no such event in ${JSON.stringify(events)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  };
  return { response, events, next, close: () => controller.abort() };
}

beforeAll(async () => {
  sandbox = await startTestSandbox({ sdiDelayMs: 0 });
  alpha = sandbox.caller('live-alpha');
  beta = sandbox.caller('live-beta');
  const vat = italianVat(700);
  alphaCompany = (
    await alpha.post<Company>('/v1/company', { json: { vat, fiscal_code: vat.slice(2), name: 'Alpha Srl' } })
  ).body;
});
afterAll(() => sandbox.close());

describe('GET /_sandbox/events', () => {
  it('refuses a caller without a key', async () => {
    const res = await fetch(new URL('/_sandbox/events', sandbox.origin));
    expect(res.status).toBe(401);
    await res.body?.cancel();
  });

  it("streams the caller's own changes: send.state, receive.add and receive.read", async () => {
    const mine = await openStream(alpha);
    const theirs = await openStream(beta);
    expect(mine.response.status).toBe(200);
    expect(mine.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await mine.next((e) => e.event === 'ready');
    await theirs.next((e) => e.event === 'ready');

    // A sent invoice goes through SDI on its own (no delay): each state it reaches is pushed.
    const xml = invoiceXml({ supplierVat: alphaCompany.vat, customerVat: italianVat(701), number: 'LIVE-1' });
    const sent = await alpha.post<Send>('/v1/send/xml', {
      body: xml,
      headers: { 'content-type': 'application/xml' },
    });
    expect(sent.status).toBe(201);
    const state = await mine.next((e) => e.event === 'send.state' && e.data.id === sent.body.id);
    expect(typeof state.data.state).toBe('string');

    // An invoice to alpha's company arrives, then alpha reads it.
    const inbound = await beta.post<{ delivered?: Receive }>('/_sandbox/inbound', {
      json: {
        payload: invoiceXml({ supplierVat: italianVat(702), customerVat: alphaCompany.vat, number: 'IN-1' }),
      },
      unchecked: true,
    });
    const id = inbound.body.delivered!.id;
    await mine.next((e) => e.event === 'receive.add' && e.data.id === id);
    await alpha.get(`/v1/receive/${id}`, { query: { include_payload: true } });
    const read = await mine.next((e) => e.event === 'receive.read');
    expect(read.data.ids).toEqual([id]);

    // Nothing of alpha's reached beta.
    await new Promise((r) => setTimeout(r, 200));
    expect(theirs.events.map((e) => e.event)).toEqual(['ready']);
    mine.close();
    theirs.close();
  });

  it('lets go of its listener when the client goes away', async () => {
    const stream = await openStream(alpha);
    await stream.next((e) => e.event === 'ready');
    const before = sandbox.server.services.live.size;
    stream.close();
    const deadline = Date.now() + 2000;
    while (sandbox.server.services.live.size >= before && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(sandbox.server.services.live.size).toBeLessThan(before);
  });
});
