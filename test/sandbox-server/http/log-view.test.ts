import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_USER_AGENT_HEADER } from '../../../src/shared/api/log-view.ts';
import type { LogEvent } from '../../../src/shared/api/types.ts';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.ts';

let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

const APP = { 'user-agent': 'Scambio-Desktop/1' };
const SCRIPT = { 'user-agent': 'my-erp-sync/2.0' };

describe("the sandbox's view of the API log", () => {
  it('hides, shows or isolates the calls made with the asking user agent, and names it', async () => {
    const caller = sandbox.caller('log-view-own');
    await caller.get('/v1/company', { headers: APP });
    await caller.get('/v1/send', { headers: SCRIPT });
    await caller.get('/v1/send/999', { headers: SCRIPT });

    const view = (own: string) =>
      caller.get<LogEvent[]>('/_sandbox/log', { query: { own, sort: 'id' }, headers: APP, unchecked: true });
    const hidden = await view('hide');
    expect(hidden.status).toBe(200);
    expect(decodeURIComponent(hidden.headers.get(OWN_USER_AGENT_HEADER)!)).toBe('Scambio-Desktop/1');
    expect(hidden.body.map((e) => `${e.method} ${e.endpoint} ${e.user_agent}`)).toEqual([
      'GET /v1/send my-erp-sync/2.0',
      'GET /v1/send/999 my-erp-sync/2.0',
    ]);
    const only = await view('only');
    expect(only.body.every((e) => e.user_agent === 'Scambio-Desktop/1')).toBe(true);
    expect(only.body.map((e) => e.endpoint)).toContain('/v1/company');
    const all = await view('show');
    // Every entry is one or the other; the `only` request itself is logged in between.
    expect(all.body.length).toBe(hidden.body.length + only.body.length + 1);
  });

  it('filters by status class, and refuses an unknown one', async () => {
    const caller = sandbox.caller('log-view-status');
    await caller.get('/v1/send/999', { headers: SCRIPT });
    await caller.get('/v1/company', { headers: SCRIPT });
    const errors = await caller.get<LogEvent[]>('/_sandbox/log', {
      query: { status_class: '4xx', user_agent: 'my-erp' },
      unchecked: true,
    });
    expect(errors.body.map((e) => e.status_code)).toEqual([404]);
    const bad = await caller.withLanguage('de').get<{ title: string }>('/_sandbox/log', {
      query: { status_class: '6xx' },
      unchecked: true,
    });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('application/problem+json');
  });

  it('tails: starts at the newest entry, then answers with the ones after it, never with the log view’s own reads', async () => {
    const caller = sandbox.caller('log-view-tail');
    await caller.get('/v1/company', { headers: SCRIPT });
    const start = await caller.get<LogEvent[]>('/_sandbox/log/tail', { headers: APP, unchecked: true });
    expect(start.body).toHaveLength(1);
    const after = start.body[0]!.id;

    // Nothing new but the log view's own reads and tails: a short wait ends empty.
    await caller.get('/_sandbox/log', { headers: APP, unchecked: true });
    const quiet = await caller.get<LogEvent[]>('/_sandbox/log/tail', {
      query: { after_id: after, wait: 1 },
      headers: APP,
      unchecked: true,
    });
    expect(quiet.body).toEqual([]);

    // A waiting tail answers with the call made meanwhile.
    const waiting = caller.get<LogEvent[]>('/_sandbox/log/tail', {
      query: { after_id: after, wait: 20, own: 'hide' },
      headers: APP,
      unchecked: true,
    });
    await caller.get('/v1/send', { headers: SCRIPT });
    const woke = await waiting;
    expect(woke.body.map((e) => e.endpoint)).toEqual(['/v1/send']);
  });
});
