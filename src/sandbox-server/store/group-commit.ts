import type { Db } from './database.ts';

interface Pending {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

function attempt(run: () => unknown): Outcome {
  try {
    return { ok: true, value: run() };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * Transactions that wait for the end of the event-loop turn and commit together: the submissions of concurrent
 * callers, each of which costs a commit of its own otherwise (a good part of a submission's time). Each work
 * runs in its own savepoint inside the shared transaction, so one that fails leaves nothing and costs only
 * itself, exactly as its own transaction would; each caller's promise settles only after the shared commit, so
 * nobody is answered before their writes are durable. If the group cannot commit as one (the disk is full),
 * each work is run again in a transaction of its own: the group's writes were all rolled back, so none runs
 * twice in the database.
 */
export class GroupCommit {
  private pending: Pending[] = [];
  private scheduled = false;

  constructor(private readonly db: Db) {}

  run<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = [];
    const alone = (p: Pending) => attempt(() => this.db.transaction(p.work)());
    let outcomes: Outcome[];
    if (batch.length === 1) {
      outcomes = [alone(batch[0]!)];
    } else {
      try {
        outcomes = this.db.transaction(() => batch.map(alone))();
      } catch {
        outcomes = batch.map(alone);
      }
    }
    for (const [i, outcome] of outcomes.entries()) {
      if (outcome.ok) batch[i]!.resolve(outcome.value);
      else batch[i]!.reject(outcome.error);
    }
  }
}
