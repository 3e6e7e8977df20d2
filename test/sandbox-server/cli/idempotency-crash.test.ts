import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import { basicAuth, startSandboxProcess, type SandboxProcess } from '../../support/sandbox-process.ts';

const dirs: string[] = [];
const running: SandboxProcess[] = [];
afterEach(() => {
  for (const p of running.splice(0)) p.child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(dir: string): Promise<SandboxProcess> {
  const p = await startSandboxProcess(dir);
  running.push(p);
  return p;
}

async function kill(p: SandboxProcess): Promise<void> {
  p.child.kill('SIGKILL');
  await p.exited;
}

function upload(url: string, key: string, idempotencyKey: string, body: string) {
  return fetch(`${url}/send/xml`, {
    method: 'POST',
    body,
    headers: { ...basicAuth(key), 'content-type': 'application/xml', 'idempotency-key': idempotencyKey },
  });
}

async function count(url: string, key: string, number: string): Promise<number> {
  const res = await fetch(`${url}/send?document_number=${number}`, { headers: basicAuth(key) });
  return Number(res.headers.get('service-total-count'));
}

describe('Idempotency-Key across a crash (SIGKILL)', () => {
  it('processes the retry once when the server died before completing the first request', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scambio-crash-'));
    dirs.push(dir);
    const first = await start(dir);
    const key = first.firstKey!;
    const body = invoiceXml({ supplierVat: italianVat(900), number: 'C-1' });
    const partial = http.request(`${first.url}/send/xml`, {
      method: 'POST',
      headers: {
        ...basicAuth(key),
        'content-type': 'application/xml',
        'content-length': Buffer.byteLength(body),
        'idempotency-key': 'crash-1',
      },
    });
    partial.on('error', () => {});
    partial.write(body.slice(0, 200));
    await new Promise((r) => setTimeout(r, 100));
    await kill(first);

    const second = await start(dir);
    const retry = await upload(second.url, key, 'crash-1', body);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(await count(second.url, key, 'C-1')).toBe(1);
  });

  it('replays the answer when the server died right after completing it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scambio-crash-'));
    dirs.push(dir);
    const first = await start(dir);
    const key = first.firstKey!;
    const body = invoiceXml({ supplierVat: italianVat(901), number: 'C-2' });
    const done = await upload(first.url, key, 'crash-2', body);
    expect(done.status).toBe(201);
    await kill(first);

    const second = await start(dir);
    const retry = await upload(second.url, key, 'crash-2', body);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.json()).toEqual(await done.json());
    expect(await count(second.url, key, 'C-2')).toBe(1);
  });
});
