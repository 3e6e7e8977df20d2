import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProblemDetails, Send } from '../../../src/shared/api/types.ts';
import { SandboxClock } from '../../../src/sandbox-server/clock.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import { startTestSandbox, type ApiCaller, type TestSandbox } from '../../support/sandbox.ts';

let sandbox: TestSandbox;
let clock: SandboxClock;
let caller: ApiCaller;

beforeAll(async () => {
  clock = new SandboxClock();
  sandbox = await startTestSandbox({ clock });
  caller = sandbox.caller('idem');
});
afterAll(() => sandbox.close());

const xml = (n: number) => invoiceXml({ supplierVat: italianVat(800), number: `I-${n}` });
const upload = (key: string, body: string, by: ApiCaller = caller) =>
  by.post<Send>('/v1/send/xml', {
    body,
    headers: { 'content-type': 'application/xml', 'idempotency-key': key },
  });

async function countByNumber(number: string, by: ApiCaller = caller): Promise<number> {
  const res = await by.get('/v1/send', { query: { document_number: number } });
  return Number(res.headers.get('service-total-count'));
}

describe('Idempotency-Key', () => {
  it('replays the stored status, body and Location of a repeated submission, and stores one invoice', async () => {
    const first = await upload('key-1', xml(1));
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await upload('key-1', xml(1));
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    expect(again.body).toEqual(first.body);
    expect(await countByNumber('I-1')).toBe(1);
  });

  it('replays a 422 for a rejected document too', async () => {
    const first = await upload('key-bad', '<broken');
    const again = await upload('key-bad', '<broken');
    expect([first.status, again.status]).toEqual([422, 422]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((again.body as unknown as ProblemDetails).errors).toEqual(
      (first.body as unknown as ProblemDetails).errors,
    );
  });

  it('answers 422 when the key comes back with another payload or another query', async () => {
    await upload('key-2', xml(2));
    const other = await upload('key-2', xml(3));
    expect(other.status).toBe(422);
    expect((other.body as unknown as ProblemDetails).type).toBe('/problems/invalid');
    const res = await caller.post('/v1/send/xml', {
      body: xml(2),
      headers: { 'content-type': 'application/xml', 'idempotency-key': 'key-2' },
      query: { validate: true },
    });
    expect(res.status).toBe(422);
    expect(await countByNumber('I-3')).toBe(0);
  });

  it('answers 400 for an empty key or one longer than 255 characters', async () => {
    expect((await upload('k'.repeat(256), xml(4))).status).toBe(400);
    expect((await upload('', xml(4))).status).toBe(400);
    expect((await upload('k'.repeat(255), xml(4))).status).toBe(201);
  });

  it('scopes keys per account', async () => {
    const other = sandbox.caller('idem-other');
    expect(
      (await upload('shared-key', invoiceXml({ supplierVat: italianVat(801), number: 'S-1' }), other)).status,
    ).toBe(201);
    const mine = await upload('shared-key', xml(5));
    expect(mine.status).toBe(201);
    expect(mine.headers.get('idempotent-replayed')).toBeNull();
  });

  it('works on POST /send and POST /send/file as well', async () => {
    const json = { payload: xml(6) };
    const headers = { 'idempotency-key': 'key-json' };
    await caller.post('/v1/send', { json, headers });
    const replay = await caller.post('/v1/send', { json, headers });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const form = () => {
      const f = new FormData();
      f.set('file', new Blob([xml(7)]), 'IT12345678903_K0001.xml');
      return f;
    };
    await caller.post('/v1/send/file', { body: form(), headers: { 'idempotency-key': 'key-file' } });
    const fileReplay = await caller.post('/v1/send/file', {
      body: form(),
      headers: { 'idempotency-key': 'key-file' },
    });
    expect(fileReplay.headers.get('idempotent-replayed')).toBe('true');
    expect(await countByNumber('I-6')).toBe(1);
    expect(await countByNumber('I-7')).toBe(1);
  });

  it('answers 409 to a retry while the first request is still uploading', async () => {
    const body = xml(8);
    const url = new URL(`${sandbox.origin}/v1/send/xml`);
    const slow = http.request(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${caller.key}:`).toString('base64')}`,
        'content-type': 'application/xml',
        'content-length': Buffer.byteLength(body),
        'idempotency-key': 'key-slow',
      },
    });
    const done = new Promise<number>((resolve, reject) => {
      slow.on('response', (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      slow.on('error', reject);
    });
    slow.write(body.slice(0, 100));
    await new Promise((r) => setTimeout(r, 100));
    const retry = await upload('key-slow', body);
    expect(retry.status).toBe(409);
    slow.end(body.slice(100));
    expect(await done).toBe(201);
    expect((await upload('key-slow', body)).headers.get('idempotent-replayed')).toBe('true');
    expect(await countByNumber('I-8')).toBe(1);
  });

  it('stores exactly one invoice for 50 identical requests sent at once', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => upload('key-burst', xml(9))));
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    const fresh = results.filter((r) => r.status === 201 && r.headers.get('idempotent-replayed') === null);
    expect(fresh).toHaveLength(1);
    expect(await countByNumber('I-9')).toBe(1);
  });

  it('forgets a key after 24 hours of sandbox time', async () => {
    await upload('key-day', xml(10));
    clock.advance(23 * 3_600_000);
    expect((await upload('key-day', xml(10))).headers.get('idempotent-replayed')).toBe('true');
    clock.advance(2 * 3_600_000);
    const later = await upload('key-day', xml(10));
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(await countByNumber('I-10')).toBe(2);
  });
});

describe('Idempotency-Key without its store', () => {
  it('processes requests normally, without protection, when the store fails', async () => {
    const failing = await startTestSandbox({
      idempotencyStore: {
        find: () => {
          throw new Error('store down');
        },
        save: () => {
          throw new Error('store down');
        },
      },
    });
    try {
      const c = failing.caller();
      const send = () => upload('key-x', xml(11), c);
      expect((await send()).status).toBe(201);
      const second = await send();
      expect(second.status).toBe(201);
      expect(second.headers.get('idempotent-replayed')).toBeNull();
      expect(await countByNumber('I-11', c)).toBe(2);
    } finally {
      await failing.close();
    }
  });
});
