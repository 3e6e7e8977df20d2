import { readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { request, type Dispatcher } from 'undici';
import { startSandboxProcess } from '../test/support/sandbox-process.ts';

export interface BenchServer {
  origin: string;
  child: ChildProcess;
  /** Resident memory of the server process, in MB (Linux /proc). */
  rssMb(): number;
  stop(): Promise<void>;
}

/** The sandbox in its own process, as `npm run sandbox` runs it, so client load does not share its CPU. */
export async function startBenchServer(dataDir: string, extraArgs: string[] = []): Promise<BenchServer> {
  const server = await startSandboxProcess(dataDir, [
    '--log-level',
    process.env.SCAMBIO_BENCH_LOG ?? 'silent',
    ...extraArgs,
  ]);
  return {
    origin: server.url.replace(/\/v1$/, ''),
    child: server.child,
    rssMb: () => {
      const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
    },
    stop: async () => {
      server.child.kill('SIGTERM');
      await server.exited;
    },
  };
}

/** A call with an account's key that throws on anything but a 2xx, and gives the parsed JSON answer. */
export type KeyedCall = <T = Record<string, unknown>>(
  key: string,
  method: 'GET' | 'POST',
  path: string,
  body?: string,
  type?: string,
) => Promise<T>;

/** The benches' way to call the server: Basic auth with the key, over the dispatcher they size. */
export function keyedCaller(origin: string, dispatcher: Dispatcher): KeyedCall {
  return async <T>(key: string, method: 'GET' | 'POST', path: string, body?: string, type?: string) => {
    const response = await request(`${origin}${path}`, {
      method,
      dispatcher,
      headers: {
        authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}`,
        ...(type ? { 'content-type': type } : {}),
      },
      body,
    });
    const text = await response.body.text();
    if (response.statusCode >= 300)
      throw new Error(`${method} ${path} answered ${response.statusCode}: ${text}`);
    return JSON.parse(text) as T;
  };
}
