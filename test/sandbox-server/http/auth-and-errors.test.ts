import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthReport, ProblemDetails } from '../../../src/shared/api/types.ts';
import { ApiCaller, startTestSandbox, type TestSandbox } from '../../support/sandbox.ts';

let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());

describe('authentication', () => {
  it('answers a request without credentials with 401 and a challenge no browser prompts for', async () => {
    const res = await sandbox.anonymous().get<ProblemDetails>('/v1/company', { unchecked: true });
    expect(res.status).toBe(401);
    // RFC 9110: a 401 carries a challenge. A Basic one would make a browser prompt for the key, then send
    // what was typed with every request to this origin, cross-site ones included.
    expect(res.headers.get('www-authenticate')).toBe('ApiKey realm="v1"');
    expect(res.body.detail).toContain('HTTP Basic');
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body).toMatchObject({ type: '/problems/unauthorized', status: 401, instance: '/v1/company' });
    expect(res.body.request_id).toBe(res.headers.get('x-request-id'));
  });

  it('answers an unknown, malformed or revoked key with 401 and never echoes the key', async () => {
    const fake = 'ik_test_' + 'A'.repeat(40);
    for (const key of [fake, 'not-a-key', 'ik_prod_' + 'B'.repeat(40)]) {
      const res = await new ApiCaller(sandbox.origin, key).get('/v1/company', { unchecked: true });
      expect(res.status, key).toBe(401);
      expect(res.headers.get('www-authenticate'), key).not.toMatch(/basic/i);
      expect(res.text).not.toContain(key);
    }
    const { key } = sandbox.server.services.keys.create({ account: 'revoked', environment: 'test' });
    const holder = new ApiCaller(sandbox.origin, key);
    expect((await holder.get('/v1/company')).status).toBe(200);
    expect(sandbox.server.services.keys.revoke(key)).toBe(true);
    expect((await holder.get('/v1/company', { unchecked: true })).status).toBe(401);
  });

  it('requires the colon after the key (RFC 7617): without it the credentials are malformed', async () => {
    const { key } = sandbox.server.services.keys.create({ account: 'sep', environment: 'test' });
    const withColon = await fetch(`${sandbox.origin}/v1/company`, {
      headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` },
    });
    expect(withColon.status).toBe(200);
    const without = await fetch(`${sandbox.origin}/v1/company`, {
      headers: { authorization: `Basic ${Buffer.from(key).toString('base64')}` },
    });
    expect(without.status).toBe(401);
    expect(without.headers.get('content-type')).toContain('application/problem+json');
    expect(without.headers.get('www-authenticate')).toBe('ApiKey realm="v1"');
  });
});

describe('errors', () => {
  it('localizes problem details in Italian, English and German, with q-values', async () => {
    const caller = sandbox.caller();
    const titles: Record<string, string> = {};
    for (const language of ['it', 'en-GB', 'de-DE,de;q=0.9', 'fr;q=1, de;q=0.5', 'xx']) {
      const res = await caller.withLanguage(language).get<ProblemDetails>('/v1/send/424242');
      expect(res.status).toBe(404);
      titles[language] = `${res.headers.get('content-language')}: ${res.body.title}`;
    }
    expect(titles).toEqual({
      it: 'it: Non trovato',
      'en-GB': 'en: Not found',
      'de-DE,de;q=0.9': 'de: Nicht gefunden',
      'fr;q=1, de;q=0.5': 'de: Nicht gefunden',
      xx: 'en: Not found',
    });
  });

  it('answers an unknown endpoint with 404 problem+json', async () => {
    const res = await sandbox.caller().get<ProblemDetails>('/v1/invoices');
    expect(res.status).toBe(404);
    expect(res.body.detail).toContain('/v1/invoices');
  });
});

describe('GET /health', () => {
  it('needs no key and reports the database check', async () => {
    const res = await sandbox.anonymous().get<HealthReport>('/v1/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'Healthy',
      checks: {
        database: { status: 'Healthy' },
        sdi_worker: { status: 'Healthy' },
        webhook_deliveries: { status: 'Healthy' },
      },
    });
  });
});

describe('GET /health when the database fails', () => {
  it('answers 503 naming the failing check', async () => {
    const broken = await startTestSandbox();
    try {
      broken.server.store.db.close();
      const res = await broken.anonymous().get<HealthReport>('/v1/health');
      expect(res.status).toBe(503);
      expect(res.body.status).toBe('Unhealthy');
      expect(res.body.checks.database!.status).toBe('Unhealthy');
    } finally {
      await broken.close();
    }
  });
});
