import { createServer } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/sandbox-server/clock.ts';
import type { Cassette } from '../../../src/sandbox-server/proxy/cassette.ts';
import { startProxyServer, type ProxyServer } from '../../../src/sandbox-server/proxy/proxy-server.ts';
import { basicAuth } from '../../support/sandbox-process.ts';
import { WebhookReceiver } from '../../support/webhook-receiver.ts';

const PROXY_KEY = `ik_live_${'p'.repeat(32)}`;
const LOCAL_KEY = `ik_test_${'l'.repeat(32)}`;
const SECRET = 'whsec-never-in-a-cassette';

let folder: string;
const closing: (() => Promise<void>)[] = [];

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'scambio-proxy-'));
});
afterAll(async () => {
  for (const close of closing.reverse()) await close();
  rmSync(folder, { recursive: true, force: true });
});

async function recorder(target: string, file: string): Promise<ProxyServer> {
  const proxy = await startProxyServer({
    mode: 'record',
    target,
    key: PROXY_KEY,
    cassetteFile: file,
    port: 0,
    host: '127.0.0.1',
    clock: systemClock,
  });
  closing.push(() => proxy.close());
  return proxy;
}

/** A port nothing listens on: taken, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('the recording proxy', () => {
  it("sends the service its own key, never the caller's, and writes neither, nor a secret, to the cassette", async () => {
    const upstream = new WebhookReceiver();
    const hook = await upstream.start();
    closing.push(() => upstream.close());
    const file = join(folder, 'keys.json');
    const proxy = await recorder(new URL(hook).origin, file);

    const answer = await fetch(`${proxy.baseUrl}/webhook?company_id=3`, {
      method: 'POST',
      headers: { ...basicAuth(LOCAL_KEY), 'content-type': 'application/json', cookie: 'session=local' },
      body: JSON.stringify({ url: 'https://hooks.example.com/x', secret: SECRET }),
    });
    expect(answer.status).toBe(204);

    const [call] = upstream.calls;
    expect(call!.headers.authorization).toBe(basicAuth(PROXY_KEY).authorization);
    expect(call!.headers.cookie).toBeUndefined();
    expect(JSON.parse(call!.body)).toEqual({ url: 'https://hooks.example.com/x', secret: SECRET });

    const text = readFileSync(file, 'utf8');
    for (const leak of [PROXY_KEY, LOCAL_KEY, SECRET, 'Basic ', 'session=local'])
      expect(text).not.toContain(leak);
    const cassette = JSON.parse(text) as Cassette;
    expect(cassette.entries).toEqual([
      {
        request: {
          method: 'POST',
          path: '/v1/webhook',
          query: [['company_id', '3']],
          // Node's fetch sends accept and accept-language of its own.
          headers: { accept: '*/*', 'accept-language': '*', 'content-type': 'application/json' },
          body: { encoding: 'utf8', data: '{"url":"https://hooks.example.com/x","secret":"[redacted]"}' },
        },
        response: { status: 204, headers: {}, body: null },
      },
    ]);
  });

  it('answers 502 in the caller’s language when the service cannot be reached, and records nothing', async () => {
    const file = join(folder, 'unreachable.json');
    const proxy = await recorder(`http://127.0.0.1:${await closedPort()}/v1`, file);
    const answer = await fetch(`${proxy.baseUrl}/company`, { headers: { 'accept-language': 'de' } });
    expect(answer.status).toBe(502);
    expect(answer.headers.get('content-type')).toContain('application/problem+json');
    const problem = (await answer.json()) as { type: string; title: string };
    expect(problem).toMatchObject({
      type: '/problems/upstream-unreachable',
      title: 'Entfernte API nicht erreichbar',
    });
    expect((JSON.parse(readFileSync(file, 'utf8')) as Cassette).entries).toEqual([]);
  });

  it('serves nothing but /v1: the sandbox’s control API is not there', async () => {
    const proxy = await recorder('http://127.0.0.1:9/v1', join(folder, 'only-v1.json'));
    const answer = await fetch(`${proxy.baseUrl.replace(/\/v1$/, '')}/_sandbox/clock`);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({
      type: '/problems/not-proxied',
      detail: 'This server (recording proxy) only serves calls under /v1; GET /_sandbox/clock is not one.',
    });
  });
});
