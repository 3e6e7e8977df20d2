import { readFileSync } from 'node:fs';

/** One process that launched this one, identified beyond its PID (PIDs are reused). */
interface Launcher {
  pid: number;
  /** Field 22 of /proc/PID/stat: when the process started, in clock ticks since boot. */
  startTime: string;
}

const MAX_ANCESTORS = 4;

/**
 * Calls `onGone` once when a process that launched this one goes away, then stops watching.
 *
 * Why: a QA script or CI job stops `npm run sandbox` with SIGTERM to the PID it launched, which is npm's,
 * and npm does not pass the signal down to the server below its shell; it may also die with no signal at
 * all. Without this the server would live on as an orphan holding its port. On Linux the chain of
 * launchers up to npm (shell, npm) is watched through /proc; elsewhere, the direct parent through
 * `process.ppid`. The timer is unref'd, so it never keeps the process alive by itself.
 */
export function watchLaunchers(onGone: () => void, intervalMs = 250): () => void {
  const launchers = process.platform === 'linux' ? linuxLaunchers() : null;
  const parent = process.ppid;
  const gone =
    launchers === null || launchers.length === 0
      ? () => process.ppid !== parent
      : () => launchers.some((l) => statOf(l.pid)?.startTime !== l.startTime);
  const timer = setInterval(() => {
    if (!gone()) return;
    clearInterval(timer);
    onGone();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** The direct parent, and further ancestors up to and including npm when npm is among them. */
function linuxLaunchers(): Launcher[] | null {
  const chain: Launcher[] = [];
  let pid = process.ppid;
  for (let level = 0; level < MAX_ANCESTORS && pid > 1; level++) {
    const stat = statOf(pid);
    if (stat === null) return null;
    chain.push({ pid, startTime: stat.startTime });
    if (isNpm(pid)) return chain;
    pid = stat.ppid;
  }
  // No npm above us (started by a shell, a test or a supervisor): the direct parent is the launcher.
  return chain.slice(0, 1);
}

function statOf(pid: number): { ppid: number; startTime: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may itself contain spaces or parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ppid = Number(fields[1]);
    const startTime = fields[19];
    return startTime === undefined ? null : { ppid, startTime };
  } catch {
    return null;
  }
}

function isNpm(pid: number): boolean {
  try {
    // npm retitles itself ("npm run sandbox …"), so its first argument may hold the whole command line.
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return argv.slice(0, 2).some((arg) => /^npm( |$)|(^|[/\\])npm(-cli\.js)?$/.test(arg));
  } catch {
    return false;
  }
}
