import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Company, LogEvent, Send } from '../../../src/shared/api/types.ts';
import { Database } from '../../../src/sandbox-server/store/sqlite-driver.ts';
import { DataKeyError } from '../../../src/sandbox-server/crypto/secret-box.ts';
import { startSandboxServer } from '../../../src/sandbox-server/server.ts';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import { ApiCaller } from '../../support/sandbox.ts';
import { cliCommand } from '../../support/sandbox-process.ts';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'scambio-crypto-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile());
}

/** The marker as it would appear in clear: as text, and as Base64 at each of the three alignments. */
function cleartextForms(marker: string): string[] {
  const forms = [marker];
  for (let shift = 0; shift < 3; shift++) {
    const encoded = Buffer.from('x'.repeat(shift) + marker).toString('base64');
    forms.push(encoded.slice(4 + Math.ceil((shift * 4) / 3), encoded.length - 4));
  }
  return forms;
}

describe('encryption at rest', () => {
  it('leaves no invoice text, in clear or Base64, in any file of the data folder', async () => {
    const dir = dataDir();
    const marker = `SEGRETO-${randomBytes(8).toString('hex')}`;
    const server = await startSandboxServer({ dataDir: dir, port: 0 });
    const origin = server.baseUrl.replace(/\/v1$/, '');
    const seller = new ApiCaller(
      origin,
      server.services.keys.create({ account: 'seller', environment: 'test' }).key,
    );
    const buyer = new ApiCaller(
      origin,
      server.services.keys.create({ account: 'buyer', environment: 'test' }).key,
    );
    const buyerVat = italianVat(700);
    await buyer.post<Company>('/v1/company', {
      json: { vat: buyerVat, fiscal_code: buyerVat.slice(2), name: 'Buyer' },
    });
    const xml = invoiceXml({ supplierVat: italianVat(701), customerVat: buyerVat, description: marker });
    const sent = await seller.post<Send>('/v1/send', {
      json: { payload: Buffer.from(xml).toString('base64') },
    });
    await seller.get(`/v1/send/${sent.body.id}/payload`);
    await seller.post('/_sandbox/inbound', { json: { payload: xml }, unchecked: true });
    const inbox = await buyer.get<{ id: number }[]>('/v1/receive');
    await buyer.get(`/v1/receive/${inbox.body[0]!.id}/payload`);
    expect((await seller.get(`/v1/send/${sent.body.id}/payload`)).text).toContain(
      Buffer.from(xml).toString('base64'),
    );

    const check = () => {
      for (const file of filesUnder(dir)) {
        const content = readFileSync(file).toString('latin1');
        for (const form of cleartextForms(marker))
          expect(content.includes(form), `${form} in ${file}`).toBe(false);
      }
    };
    check(); // while running, with the write-ahead log in use
    await server.close();
    check();
    // The scan does see stored text: searchable metadata such as the customer's name is kept in clear.
    const everything = filesUnder(dir)
      .map((file) => readFileSync(file).toString('latin1'))
      .join('');
    expect(everything).toContain('Committente Srl');
    expect(statSync(join(dir, 'master.key')).mode & 0o777).toBe(0o600);
  });

  it('seals meta_data, log query strings, user agents and error texts, and still filters the log by them', async () => {
    const dir = dataDir();
    const marker = `RISERVATO-${randomBytes(8).toString('hex')}`;
    const server = await startSandboxServer({ dataDir: dir, port: 0 });
    const origin = server.baseUrl.replace(/\/v1$/, '');
    const caller = new ApiCaller(
      origin,
      server.services.keys.create({ account: 'a', environment: 'test' }).key,
    );
    const xml = invoiceXml({ supplierVat: italianVat(702) });
    const sent = await caller.post<Send>('/v1/send', {
      json: { payload: Buffer.from(xml).toString('base64'), meta_data: { pratica: marker } },
      headers: { 'user-agent': `agent-${marker}` },
    });
    expect(sent.status).toBe(201);
    await caller.get('/v1/send', { query: { identifier: `q-${marker}` } });
    await caller.get(`/v1/send/${sent.body.id}`, { headers: { 'user-agent': `agent-${marker}` } });
    expect((await caller.get<Send>(`/v1/send/${sent.body.id}`)).body.meta_data).toEqual({ pratica: marker });
    const byAgent = await caller.get<LogEvent[]>('/v1/log', { query: { user_agent: `AGENT-${marker}` } });
    expect(byAgent.body.length).toBe(2);
    const byQuery = await caller.get<LogEvent[]>('/v1/log', { query: { query: `q-${marker}` } });
    expect(byQuery.body.map((e) => e.query)).toEqual([`identifier=q-${marker}`]);
    await server.close();
    for (const file of filesUnder(dir)) {
      const content = readFileSync(file).toString('latin1');
      expect(content.includes(marker), `${marker} in ${file}`).toBe(false);
    }
  });

  it('keeps the beginning of large response bodies in the log, with a marker, deflated and sealed', async () => {
    const dir = dataDir();
    const server = await startSandboxServer({ dataDir: dir, port: 0 });
    const origin = server.baseUrl.replace(/\/v1$/, '');
    const caller = new ApiCaller(
      origin,
      server.services.keys.create({ account: 'a', environment: 'test' }).key,
    );
    const xml = invoiceXml({ supplierVat: italianVat(704), description: 'Riga lunga '.repeat(3000) });
    const sent = await caller.post<Send>('/v1/send', {
      json: { payload: Buffer.from(xml).toString('base64') },
    });
    expect(sent.status).toBe(201);
    const read = await caller.get(`/v1/send/${sent.body.id}/payload`);
    expect(read.status).toBe(200);
    const [event] = (
      await caller.get<LogEvent[]>('/v1/log', { query: { endpoint: `/v1/send/${sent.body.id}/payload` } })
    ).body;
    expect(event!.response_body).toMatch(/…\[truncated \d+ bytes\]$/);
    expect(Buffer.byteLength(event!.response_body!)).toBeLessThan(4 * 1024 + 64);
    expect(read.text.startsWith(event!.response_body!.replace(/…\[truncated \d+ bytes\]$/, ''))).toBe(true);
    await server.close();
  });

  it('seals, at the next start, values an older version stored in clear', async () => {
    const dir = dataDir();
    const marker = `VECCHIO-${randomBytes(8).toString('hex')}`;
    let server = await startSandboxServer({ dataDir: dir, port: 0 });
    const origin = () => server.baseUrl.replace(/\/v1$/, '');
    const key = server.services.keys.create({ account: 'a', environment: 'test' }).key;
    const xml = invoiceXml({ supplierVat: italianVat(703) });
    const sent = await new ApiCaller(origin(), key).post<Send>('/v1/send', {
      json: { payload: Buffer.from(xml).toString('base64') },
    });
    await server.close();
    // What a data folder of the previous version looks like: these columns in clear, no sealing done yet.
    const db = new Database(join(dir, 'scambio.sqlite'));
    db.prepare('UPDATE sends SET meta_data = ?').run(JSON.stringify({ pratica: marker }));
    db.prepare('UPDATE events SET query = ?, user_agent = ?, error = ?').run(
      `x=${marker}`,
      `ua-${marker}`,
      `err-${marker}`,
    );
    db.prepare("DELETE FROM settings WHERE key = 'sealed_columns_version'").run();
    db.close();

    server = await startSandboxServer({ dataDir: dir, port: 0 });
    const caller = new ApiCaller(origin(), key);
    expect((await caller.get<Send>(`/v1/send/${sent.body.id}`)).body.meta_data).toEqual({ pratica: marker });
    const logged = await caller.get<LogEvent[]>('/v1/log', { query: { query: marker } });
    expect(logged.body.length).toBeGreaterThan(0);
    expect(logged.body[0]).toMatchObject({
      query: `x=${marker}`,
      user_agent: `ua-${marker}`,
      error: `err-${marker}`,
    });
    await server.close();
    for (const file of filesUnder(dir)) {
      expect(readFileSync(file).toString('latin1').includes(marker), file).toBe(false);
    }
  });

  it('refuses a wrong or missing data key with a clear error, and never opens the data with it', async () => {
    const dir = dataDir();
    await (await startSandboxServer({ dataDir: dir, port: 0 })).close();
    const original = readFileSync(join(dir, 'master.key'));
    writeFileSync(join(dir, 'master.key'), randomBytes(32).toString('base64'));
    await expect(startSandboxServer({ dataDir: dir, port: 0 })).rejects.toThrow(
      /not the key of this data folder/,
    );
    rmSync(join(dir, 'master.key'));
    const missing = await startSandboxServer({ dataDir: dir, port: 0 }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(DataKeyError);
    expect((missing as DataKeyError).reason).toBe('missing');
    expect(existsSync(join(dir, 'master.key'))).toBe(false);
    writeFileSync(join(dir, 'master.key'), original);
    await (await startSandboxServer({ dataDir: dir, port: 0 })).close();
  });

  it('tells the CLI user what is wrong in one line, without a stack trace', () => {
    const dir = dataDir();
    execFileSync(process.execPath, [...cliCommand(), 'keys', 'create', '--data-dir', dir]);
    writeFileSync(join(dir, 'master.key'), randomBytes(32).toString('base64'));
    let stderr = '';
    try {
      execFileSync(process.execPath, [...cliCommand(), 'keys', 'list', '--data-dir', dir], {
        stdio: 'pipe',
      });
    } catch (error) {
      stderr = String((error as { stderr: Buffer }).stderr);
      expect((error as { status: number }).status).toBe(1);
    }
    expect(stderr).toMatch(/not the key of this data folder/);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('takes the key from SCAMBIO_MASTER_KEY instead of a file', async () => {
    const dir = dataDir();
    const key = randomBytes(32).toString('hex');
    const { headlessDataKeySource } = await import('../../../src/sandbox-server/crypto/data-key.ts');
    const source = headlessDataKeySource(dir, { SCAMBIO_MASTER_KEY: key });
    await (await startSandboxServer({ dataDir: dir, port: 0, dataKey: source })).close();
    expect(existsSync(join(dir, 'master.key'))).toBe(false);
    await expect(
      startSandboxServer({
        dataDir: dir,
        port: 0,
        dataKey: headlessDataKeySource(dir, { SCAMBIO_MASTER_KEY: 'short' }),
      }),
    ).rejects.toThrow(/must be 32 bytes/);
  });
});
