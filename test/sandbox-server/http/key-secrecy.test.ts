import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { LogEvent } from '../../../src/shared/api/types.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import { ApiCaller, startTestSandbox } from '../../support/sandbox.ts';

describe('API keys', () => {
  it('never appear in the data folder, the request log, error bodies or the server output', async () => {
    let output = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        output += chunk.toString();
        done();
      },
    });
    const sandbox = await startTestSandbox({
      logger: pino({ level: 'debug' }, sink),
      authFailuresPerMinute: 1000,
    });
    const { key } = sandbox.server.services.keys.create({ account: 'secret', environment: 'test' });
    const caller = new ApiCaller(sandbox.origin, key);
    const wrong = `ik_test_${'W'.repeat(40)}`;
    const bodies: string[] = [];
    bodies.push(
      (await caller.post('/v1/send/xml', { body: invoiceXml({ supplierVat: italianVat(950) }) })).text,
    );
    bodies.push((await caller.post('/v1/send/xml', { body: '<broken' })).text);
    bodies.push((await caller.get('/v1/send', { query: { page: 0 } })).text);
    bodies.push((await caller.get('/v1/company/IT00000000000')).text);
    bodies.push((await new ApiCaller(sandbox.origin, wrong).get('/v1/company', { unchecked: true })).text);
    const log = await caller.get<LogEvent[]>('/v1/log', { query: { page_size: 200 } });
    bodies.push(log.text);
    expect(log.body.length).toBe(4);
    await sandbox.server.close();

    const secrets = [key, wrong, key.slice(8), Buffer.from(`${key}:`).toString('base64')];
    const files = readdirSync(sandbox.dataDir, { recursive: true, encoding: 'utf8' })
      .map((name) => join(sandbox.dataDir, name))
      .filter((path) => statSync(path).isFile());
    expect(files.length).toBeGreaterThan(0);
    for (const secret of secrets) {
      for (const file of files) expect(readFileSync(file).includes(secret), `${file}`).toBe(false);
      for (const body of bodies) expect(body.includes(secret)).toBe(false);
      expect(output.includes(secret), 'server output').toBe(false);
    }
    expect(output).toContain('"path":"/v1/send/xml"');
    await sandbox.close();
  });
});
