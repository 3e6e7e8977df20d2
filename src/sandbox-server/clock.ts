import { setTimeout as wait } from 'node:timers/promises';
import type { Scope } from './store/scope.ts';

/** Time comes from here, never from `Date.now()` directly, so the sandbox clock can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface ClockState {
  now: string;
  offset_seconds: number;
  frozen: boolean;
}

/** Where a sandbox clock keeps its setting, so a restart does not send the sandbox back in time. */
export interface ClockPersistence {
  load(): { offsetMs: number; frozenAt: number | null } | null;
  save(state: { offsetMs: number; frozenAt: number | null }): void;
}

/**
 * The sandbox's time: real time plus an offset, or frozen at one instant. Moving it forward is how a
 * developer sees 15-day terms expire in a second; every time-based rule reads it.
 */
export class SandboxClock implements Clock {
  private offsetMs = 0;
  private frozenAt: number | null = null;

  constructor(
    private readonly persistence: ClockPersistence | null = null,
    private readonly wall: () => number = Date.now,
    /** Whether the time it runs from stands still (a test's frozen server clock): then it stands still too. */
    private readonly wallFrozen: () => boolean = () => false,
  ) {
    const saved = persistence?.load();
    if (saved) {
      this.offsetMs = saved.offsetMs;
      this.frozenAt = saved.frozenAt;
    }
  }

  now(): Date {
    return new Date(this.frozenAt ?? this.wall() + this.offsetMs);
  }

  advance(milliseconds: number): void {
    if (this.frozenAt !== null) this.frozenAt += milliseconds;
    else this.offsetMs += milliseconds;
    this.save();
  }

  set(instant: Date): void {
    if (this.frozenAt !== null) this.frozenAt = instant.getTime();
    else this.offsetMs = instant.getTime() - this.wall();
    this.save();
  }

  freeze(frozen: boolean): void {
    if (frozen && this.frozenAt === null) this.frozenAt = this.now().getTime();
    if (!frozen && this.frozenAt !== null) {
      this.offsetMs = this.frozenAt - this.wall();
      this.frozenAt = null;
    }
    this.save();
  }

  state(): ClockState {
    return {
      now: this.now().toISOString(),
      offset_seconds: Math.round((this.now().getTime() - this.wall()) / 1000),
      frozen: this.frozenAt !== null || this.wallFrozen(),
    };
  }

  private save(): void {
    this.persistence?.save({ offsetMs: this.offsetMs, frozenAt: this.frozenAt });
  }
}

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** A duration such as `15d`, `36h`, `30s`, or a number of seconds; null when it is not one. */
export function parseDuration(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value * 1000 : null;
  if (typeof value !== 'string') return null;
  const match = /^(\d+(?:\.\d+)?)\s*([smhd]?)$/.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * UNITS[match[2] || 's']!;
}

/** Where the accounts' sandbox clocks are kept (store/sandbox-clocks.ts). */
export interface SandboxClockStore {
  all(): { accountId: number; offsetMs: number; frozenAt: number | null }[];
  save(clock: { accountId: number; offsetMs: number; frozenAt: number | null }): void;
}

/**
 * The server's clocks. The live environment and the server's own upkeep run on real time (`base`; tests pass a
 * movable one). Each account's sandbox (test environment) runs on a clock of its own, which that account's test
 * keys move (`POST /_sandbox/clock`): one account's move never changes another's time, data or jobs. An account
 * that never moved its clock runs on real time too, and has no saved clock.
 *
 * Where an invoice crosses from one account to another (SDI delivering to a local recipient), the instant is
 * carried over as the same moment of real time, read on the recipient's clock (`translate`).
 */
export class Clocks {
  /** The accounts' clocks that run apart from real time (saved), and those handed out but never moved. */
  private readonly sandboxes = new Map<number, SandboxClock>();
  private readonly unmoved = new Map<number, SandboxClock>();
  private readonly movedListeners: ((accountId: number) => void)[] = [];

  constructor(
    readonly base: Clock,
    private readonly saved: SandboxClockStore | null = null,
  ) {
    for (const clock of saved?.all() ?? [])
      this.sandboxes.set(clock.accountId, this.sandboxClock(clock.accountId, clock));
  }

  /** The time of an account's environment; real time for the live environment and the server's upkeep (null). */
  now(owner: Scope | null): Date {
    return this.ownClock(owner)?.now() ?? this.base.now();
  }

  /** The clock of an account's environment, following it when the account moves it later. */
  of(owner: Scope | null): Clock {
    return { now: () => this.now(owner) };
  }

  /**
   * The movable clock of an account's sandbox. It starts at real time and is kept (and runs apart from real
   * time) from its first move on.
   */
  sandbox(accountId: number): SandboxClock {
    let clock = this.sandboxes.get(accountId) ?? this.unmoved.get(accountId);
    if (!clock) {
      clock = this.sandboxClock(accountId, null);
      this.unmoved.set(accountId, clock);
    }
    return clock;
  }

  /**
   * Whether an account's environment runs on a clock of its own (a sandbox whose account moved its clock): one that
   * can jump past due times, unlike real time.
   */
  ownsClock(owner: Scope | null): boolean {
    return this.ownClock(owner) !== null;
  }

  /** The accounts whose sandbox runs on a clock of its own, with that clock. */
  moved(): ReadonlyMap<number, SandboxClock> {
    return this.sandboxes;
  }

  /** The same moment of real time as `at` on `from`'s clock, read on `to`'s. */
  translate(at: Date, from: Scope | null, to: Scope | null): Date {
    if (this.ownClock(from) === this.ownClock(to)) return at;
    return new Date(at.getTime() + this.now(to).getTime() - this.now(from).getTime());
  }

  /** Told the first time an account's sandbox clock moves apart from real time (it then needs its own upkeep). */
  onMoved(listener: (accountId: number) => void): void {
    this.movedListeners.push(listener);
  }

  /** What a sandbox clock on real time says: where a reset puts an account's clock back. */
  realTimeState(): ClockState {
    return this.onBase(null).state();
  }

  private ownClock(owner: Scope | null): SandboxClock | null {
    return owner?.environment === 'test' ? (this.sandboxes.get(owner.accountId) ?? null) : null;
  }

  private sandboxClock(
    accountId: number,
    initial: { offsetMs: number; frozenAt: number | null } | null,
  ): SandboxClock {
    const persistence: ClockPersistence = {
      load: () => initial,
      save: (state) => {
        this.saved?.save({ accountId, ...state });
        if (this.sandboxes.has(accountId)) return;
        this.unmoved.delete(accountId);
        this.sandboxes.set(accountId, clock);
        for (const listener of this.movedListeners) listener(accountId);
      },
    };
    const clock = this.onBase(persistence);
    return clock;
  }

  private onBase(persistence: ClockPersistence | null): SandboxClock {
    const { base } = this;
    return new SandboxClock(
      persistence,
      () => base.now().getTime(),
      () => base instanceof SandboxClock && base.state().frozen,
    );
  }
}

/**
 * Now on the named account's sandbox clock in a data folder, as its server would say (real time for an account
 * that never moved its clock, or does not exist yet): what the CLI's `sample` dates its invoice by.
 */
export function sandboxNowOf(
  saved: SandboxClockStore,
  accountId: number | null,
  base: Clock = systemClock,
): Date {
  return accountId === null ? base.now() : new Clocks(base, saved).now({ accountId, environment: 'test' });
}

/**
 * Waits `ms` of real time, or less when `signal` aborts first: the abort ends the wait, it is not an error (a
 * client gone, a server stopping). Latency and hangs the sandbox injects, and the log view's tail, wait so.
 */
export function waitUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  return wait(ms, undefined, { signal }).catch(() => undefined);
}
