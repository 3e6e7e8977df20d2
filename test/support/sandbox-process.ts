import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { inject } from 'vitest';

const repo = new URL('../../', import.meta.url).pathname;

/** The CLI's source, which `npm run sandbox` runs through tsx. */
const SOURCE_CLI = join(repo, 'src/sandbox-server/cli/sandbox.ts');

/**
 * What follows `node` to start the sandbox CLI. In a test run, the current source bundled once for the run
 * (test/support/run-folder.ts): it starts in less than half the CPU the source through tsx takes, for some fifty
 * starts a run. Elsewhere (the bench), the source through tsx. The tests of `npm run sandbox` and `npm start`
 * themselves still go through npm and tsx.
 */
export function cliCommand(): string[] {
  return process.env.VITEST ? [inject('cliBundle')] : ['--import', 'tsx', SOURCE_CLI];
}

export interface SandboxProcess {
  child: ChildProcess;
  url: string;
  /** The key printed by the first run of a new data folder, if this was one. */
  firstKey: string | null;
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

/** `npm run sandbox -- serve` as one Node process (the bundled CLI), so signals reach the server itself. */
export async function startSandboxProcess(
  dataDir: string,
  extraArgs: string[] = [],
): Promise<SandboxProcess> {
  const child = spawn(
    process.execPath,
    [...cliCommand(), 'serve', '--port', '0', '--data-dir', dataDir, '--log-level', 'silent', ...extraArgs],
    { cwd: repo },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (let waited = 0; !/listening on (\S+)/.test(output); waited += 50) {
    if (waited > 20_000 || child.exitCode !== null) throw new Error(`sandbox did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  await new Promise((r) => setTimeout(r, 50));
  return {
    child,
    url: /listening on (\S+)/.exec(output)![1]!,
    firstKey: /shown once\): (\S+)/.exec(output)?.[1] ?? null,
    output: () => output,
    exited,
  };
}

export function basicAuth(key: string): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` };
}
