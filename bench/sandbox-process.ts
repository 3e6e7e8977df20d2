import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface BenchServer {
  origin: string;
  child: ChildProcess;
  /** Resident memory of the server process, in MB (Linux /proc). */
  rssMb(): number;
  stop(): Promise<void>;
}

/** The sandbox in its own process, as `npm run sandbox` runs it, so client load does not share its CPU. */
export async function startBenchServer(dataDir: string, extraArgs: string[] = []): Promise<BenchServer> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/sandbox-server/cli/sandbox.ts',
      'serve',
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--log-level',
      process.env.SCAMBIO_BENCH_LOG ?? 'silent',
      ...extraArgs,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 30_000;
  while (!/listening on (\S+)\/v1/.test(output)) {
    if (Date.now() > deadline) throw new Error(`sandbox did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    origin: /listening on (\S+)\/v1/.exec(output)![1]!,
    child,
    rssMb: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
    },
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
