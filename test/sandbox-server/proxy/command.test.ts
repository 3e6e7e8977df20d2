import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../support/npm-sandbox.ts';
import { main } from '../../../src/sandbox-server/cli/sandbox.ts';

let folder: string;
let cassette: string;

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'scambio-cassette-cli-'));
  cassette = join(folder, 'one.json');
  const entry = {
    request: { method: 'GET', path: '/v1/company', query: [], headers: {}, body: null },
    response: { status: 200, headers: {}, body: { encoding: 'utf8', data: '[]' } },
  };
  writeFileSync(cassette, JSON.stringify({ version: 1, recorded_at: '', target: 'x', entries: [entry] }));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('record, replay and diff on the command line', () => {
  it('refuse a call that cannot mean anything with exit code 2, before anything starts', async () => {
    expect(await main(['serve', '--record', 'never-written.json'])).toBe(2);
    expect(await main(['serve', '--proxy-to', 'http://127.0.0.1:9/v1', '--replay', 'x.json'])).toBe(2);
    expect(await main(['serve', '--proxy-to', 'ftp://example.com', '--proxy-key', 'k'])).toBe(2);
    expect(await main(['serve', '--replay', '/nonexistent/cassette.json'])).toBe(2);
    expect(await main(['diff'])).toBe(2);
    expect(await main(['diff', '/nonexistent/cassette.json'])).toBe(2);
    expect(await main(['diff', cassette, '--api', 'http://127.0.0.1:9/v1'])).toBe(2);
  });

  it('diff says which API did not answer, with exit code 2 rather than a drift', async () => {
    // A port nothing listens on (free a moment ago): the connection is refused, which fetch reports only as a cause.
    const api = `http://127.0.0.1:${await freePort()}/v1`;
    const errors = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(await main(['diff', cassette, '--api', api, '--key', 'k'])).toBe(2);
      expect(errors.mock.calls.map(([text]) => String(text)).join('')).toMatch(
        new RegExp(`the API at ${api.replaceAll('.', '\\.')} did not answer: .*ECONNREFUSED`),
      );
    } finally {
      errors.mockRestore();
    }
  });
});
