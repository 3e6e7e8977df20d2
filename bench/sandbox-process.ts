import { readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
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
