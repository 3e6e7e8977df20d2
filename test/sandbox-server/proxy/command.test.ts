import { describe, expect, it } from 'vitest';
import { main } from '../../../src/sandbox-server/cli/sandbox.ts';

describe('record, replay and diff on the command line', () => {
  it('refuse a call that cannot mean anything with exit code 2, before anything starts', async () => {
    expect(await main(['serve', '--record', 'never-written.json'])).toBe(2);
    expect(await main(['serve', '--proxy-to', 'http://127.0.0.1:9/v1', '--replay', 'x.json'])).toBe(2);
    expect(await main(['serve', '--proxy-to', 'ftp://example.com', '--proxy-key', 'k'])).toBe(2);
    expect(await main(['serve', '--replay', '/nonexistent/cassette.json'])).toBe(2);
    expect(await main(['diff'])).toBe(2);
    expect(await main(['diff', '/nonexistent/cassette.json'])).toBe(2);
  });
});
