import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

const repo = new URL('../../', import.meta.url).pathname;

/** A port free on loopback now, for a server the test starts itself. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface NpmSandbox {
  /** The npm process's PID, also its process group's id (`detached`: a terminal's job of its own). */
  pid: number;
  exitCode(): number | null;
  /** Everything it printed so far, stdout and stderr. */
  log(): string;
  /** SIGKILL to the whole group; nothing left running whatever the test did. */
  kill(): void;
}

/** `npm run sandbox -- serve …` as the README gives it, in a process group of its own. */
export function spawnNpmSandbox(serveArgs: string[]): NpmSandbox {
  const child = spawn('npm', ['run', '--silent', 'sandbox', '--', 'serve', ...serveArgs], {
    cwd: repo,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const pid = child.pid!;
  return {
    pid,
    exitCode: () => child.exitCode,
    log: () => log,
    kill: () => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Already gone, as it should be.
      }
    },
  };
}
