import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { invoiceXml, italianVat } from '../../support/invoices.ts';
import { basicAuth, startSandboxProcess, type SandboxProcess } from '../../support/sandbox-process.ts';

const dirs: string[] = [];
const running: SandboxProcess[] = [];
const sockets: net.Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const p of running.splice(0)) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Resolves with the exit code, or with 'timeout' once `ms` have passed: the test never hangs on a stuck server. */
function exitWithin(p: SandboxProcess, ms: number): Promise<number | null | 'timeout'> {
  return Promise.race([
    p.exited,
    new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms).unref()),
  ]);
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

describe('shutdown with a deadline', () => {
  it('exits within the grace period when a client stalls halfway through an upload', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scambio-shutdown-'));
    dirs.push(dir);
    const server = await startSandboxProcess(dir);
    running.push(server);
    const url = new URL(server.url);
    const port = Number(url.port);
    const key = server.firstKey!;

    // Some data written, so that the write-ahead log has something to checkpoint.
    const done = await fetch(`${server.url}/send/xml`, {
      method: 'POST',
      body: invoiceXml({ supplierVat: italianVat(4100), number: 'SD-1' }),
      headers: { ...basicAuth(key), 'content-type': 'application/xml' },
    });
    expect(done.status).toBe(201);

    // Headers and half of a 1 MB body, then nothing more: a request the server cannot finish.
    const length = 1024 * 1024;
    const socket = net.connect(port, '127.0.0.1');
    sockets.push(socket);
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      [
        'POST /v1/send/xml HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        `Authorization: ${basicAuth(key).authorization}`,
        'Content-Type: application/xml',
        `Content-Length: ${length}`,
        '',
        '',
      ].join('\r\n'),
    );
    socket.write(Buffer.alloc(length / 2, 0x20));
    const socketClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise((r) => setTimeout(r, 200));

    server.child.kill('SIGTERM');
    const code = await exitWithin(server, 12_000);
    expect(code).toBe(0);
    expect(server.output()).toContain('SIGTERM: shutting down');
    // The stalled connection was cut, not left to the request timeout.
    await socketClosed;
    expect(await portIsFree(port)).toBe(true);
    // The write-ahead log was checkpointed into the database: nothing left to replay.
    const wal = join(dir, 'scambio.sqlite-wal');
    expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);
  }, 30_000);
});
