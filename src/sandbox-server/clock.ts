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
      frozen: this.frozenAt !== null,
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
