import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import type { Clock } from '../../clock.ts';

interface Window {
  start: number;
  hits: number;
}

/**
 * Fixed-window counters read from a clock of ours (express-rate-limit's own MemoryStore reads the wall clock): a
 * key's windows run on its account's sandbox clock, so they reset when that sandbox jumps in time, and on no
 * other account's move. `clockOf` tells each counter's clock from its key.
 */
export class ClockWindowStore implements Store {
  readonly localKeys = true;
  private windowMs = 60_000;
  private readonly windows = new Map<string, Window>();
  private sweptAt = 0;

  constructor(
    private readonly clockOf: (key: string) => Clock,
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  increment(key: string): ClientRateLimitInfo {
    const now = this.clockOf(key).now().getTime();
    const start = now - (now % this.windowMs);
    this.sweep(start);
    let window = this.windows.get(key);
    if (!window || window.start !== start) {
      window = { start, hits: 0 };
      this.windows.set(key, window);
    }
    window.hits++;
    return { totalHits: window.hits, resetTime: new Date(start + this.windowMs) };
  }

  decrement(key: string): void {
    const window = this.windows.get(key);
    if (window && window.hits > 0) window.hits--;
  }

  resetKey(key: string): void {
    this.windows.delete(key);
  }

  /** Forgets finished windows now and then, so memory stays flat however many clients come and go. */
  private sweep(currentStart: number): void {
    if (currentStart - this.sweptAt < this.windowMs) return;
    this.sweptAt = currentStart;
    for (const [key, window] of this.windows) if (window.start < currentStart) this.windows.delete(key);
  }
}
