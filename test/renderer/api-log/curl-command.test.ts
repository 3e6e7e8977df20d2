import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curlCommand, KEY_VARIABLE } from '../../../src/renderer/api-log/curl-command.ts';
import { queryAsJson } from '../../../src/renderer/api-log/log-entry-drawer.tsx';
import { formatDateTimeMillis } from '../../../src/renderer/format/format.ts';
import type { LogEvent } from '../../../src/shared/api/types.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox.ts';

let sandbox: TestSandbox;
let key: string;
let folder: string;

beforeAll(async () => {
  sandbox = await startTestSandbox({ sdiDelayMs: 0 });
  key = sandbox.server.services.keys.create({ account: 'curl', environment: 'test' }).key;
  folder = mkdtempSync(join(tmpdir(), 'scambio-curl-'));
});
afterAll(async () => {
  await sandbox.close();
  rmSync(folder, { recursive: true, force: true });
});

/**
 * Runs a copied command in a real shell, with the key only in the environment; the status line's code. Never
 * synchronously: the sandbox answering it runs in this very process.
 */
async function run(command: string): Promise<number> {
  const { stdout } = await promisify(execFile)('bash', ['-c', `${command} -sS`], {
    cwd: folder,
    env: { PATH: process.env.PATH, [KEY_VARIABLE]: key },
    encoding: 'utf8',
    timeout: 20_000,
  });
  return Number(/^HTTP\/[\d.]+ (\d{3})/.exec(stdout)?.[1]);
}

const auth = () => ({ authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` });

/** The log's latest entry for an endpoint, read as the API log screen reads it. */
async function logged(endpoint: string): Promise<LogEvent> {
  const url = `${sandbox.server.baseUrl}/log?sort=-id&page_size=20&endpoint=${encodeURIComponent(endpoint)}`;
  const entries = (await (await fetch(url, { headers: auth() })).json()) as LogEvent[];
  return entries.find((e) => e.endpoint === endpoint)!;
}

describe('Copy as curl', () => {
  it('never writes the key, quotes the URL for the shell, and asks for the body the log does not keep', () => {
    const base = 'http://127.0.0.1:8780/v1';
    const get = curlCommand({ method: 'GET', endpoint: "/v1/company/it's", query: 'q=a%20b&page=2' }, base);
    expect(get).toBe(`curl -i -u "$SCAMBIO_KEY:" 'http://127.0.0.1:8780/v1/company/it'\\''s?q=a%20b&page=2'`);
    expect(curlCommand({ method: 'POST', endpoint: '/v1/send/xml', query: null }, base)).toContain(
      "-H 'Content-Type: application/xml' --data-binary @invoice.xml",
    );
    expect(curlCommand({ method: 'POST', endpoint: '/v1/send/file', query: null }, base)).toContain(
      '-F file=@invoice.xml',
    );
    expect(curlCommand({ method: 'DELETE', endpoint: '/v1/webhook/4', query: null }, base)).toBe(
      `curl -i -X DELETE -u "$SCAMBIO_KEY:" 'http://127.0.0.1:8780/v1/webhook/4'`,
    );
    expect(get).not.toContain(key);
  });

  it('repeats logged calls against the sandbox with the same status, the body read from the file it names', async () => {
    const api = (path: string, init?: RequestInit) =>
      fetch(`${sandbox.origin}${path}`, { ...init, headers: { ...auth(), ...init?.headers } });
    const vat = italianVat(880);
    const company = { vat, fiscal_code: vat.slice(2), name: 'Curl Srl' };
    const json = { 'content-type': 'application/json' };
    const xml = { 'content-type': 'application/xml' };
    // Each call, then the body the command will read (another company, another invoice number: no duplicates).
    const cases: [string, () => Promise<Response>, (() => void) | null][] = [
      ['/v1/send/987654', () => api('/v1/send/987654'), null],
      ['/v1/company', () => api('/v1/company?page_size=5&sort=-id'), null],
      [
        '/v1/company',
        () => api('/v1/company', { method: 'POST', headers: json, body: JSON.stringify(company) }),
        () => writeFileSync(join(folder, 'body.json'), JSON.stringify({ ...company, vat: italianVat(881) })),
      ],
      [
        '/v1/send/xml',
        () =>
          api('/v1/send/xml', {
            method: 'POST',
            headers: xml,
            body: invoiceXml({ supplierVat: vat, number: 'CURL-1' }),
          }),
        () => writeFileSync(join(folder, 'invoice.xml'), invoiceXml({ supplierVat: vat, number: 'CURL-2' })),
      ],
    ];
    const statuses: number[] = [];
    for (const [endpoint, call, prepare] of cases) {
      const response = await call();
      const entry = await logged(endpoint);
      expect(entry.status_code).toBe(response.status);
      prepare?.();
      expect(await run(curlCommand(entry, sandbox.server.baseUrl)), `${entry.method} ${endpoint}`).toBe(
        response.status,
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([404, 200, 201, 201]);
  });

  it('shows a query as JSON and times to the millisecond in each language', () => {
    expect(JSON.parse(queryAsJson('page=2&q=Rossi%20Srl&state=A&state=B'))).toEqual({
      page: '2',
      q: 'Rossi Srl',
      state: ['A', 'B'],
    });
    const at = '2026-11-22T10:05:07.123Z';
    for (const language of ['it', 'en', 'de'])
      expect(formatDateTimeMillis(at, language)).toMatch(/07[.,]123$/);
  });
});
