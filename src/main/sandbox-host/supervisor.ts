import type { Credentials } from '../profiles.ts';
import { launchSandboxHost, type HostChild, type RunningSandbox } from './launch.ts';
import type { StartHost } from './protocol.ts';

export interface SupervisorOptions {
  /** Restarts allowed within `windowMs` before giving up (a host that dies at once would otherwise loop). */
  maxRestarts?: number;
  windowMs?: number;
  now?: () => number;
  /** Told of each unexpected exit, whether the host is started again, and why a restart failed. */
  onExit?: (event: { code: number | null; restarting: boolean; error?: string }) => void;
}

/**
 * Keeps the sandbox host running for the app's lifetime: a host that dies unasked (a crash, the OS killing it) is
 * started again on the same data folder, with a new port and run key, which the local profile then uses. The next
 * start also revokes the dead run's key (session keys remember their process).
 */
export class SandboxSupervisor {
  private host: RunningSandbox | null = null;
  private stopping = false;
  private restarts: number[] = [];

  constructor(
    private readonly spawn: () => HostChild,
    private readonly start: Omit<StartHost, 'type'>,
    private readonly options: SupervisorOptions = {},
  ) {}

  async launch(): Promise<void> {
    const running = await launchSandboxHost(this.spawn(), this.start);
    this.host = running;
    void running.exited.then((code) => this.exitedUnasked(running, code));
  }

  /** Whether a host is up (false between a death and its restart, and after giving up or stopping). */
  isRunning(): boolean {
    return this.host !== null;
  }

  /** The local sandbox's address and run key right now (they change when the host is restarted). */
  credentials(): Credentials {
    if (!this.host) throw new Error('The local sandbox is not running.');
    return { baseUrl: this.host.baseUrl, key: this.host.sessionKey };
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.host?.stop();
  }

  private exitedUnasked(running: RunningSandbox, code: number | null): void {
    if (this.stopping || running !== this.host) return;
    this.host = null;
    const now = (this.options.now ?? Date.now)();
    const windowMs = this.options.windowMs ?? 60_000;
    this.restarts = this.restarts.filter((at) => now - at < windowMs);
    const restarting = this.restarts.length < (this.options.maxRestarts ?? 3);
    this.options.onExit?.({ code, restarting });
    if (!restarting) return;
    this.restarts.push(now);
    this.launch().catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      this.options.onExit?.({ code: null, restarting: false, error: message });
    });
  }
}
