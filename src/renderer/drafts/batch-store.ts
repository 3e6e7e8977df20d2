/**
 * The batch under way in this window, kept outside any screen: leaving the drafts screen does not stop or forget
 * it, and coming back shows where it is. One batch at a time; a new one replaces a finished one.
 */
import { useSyncExternalStore } from 'react';
import type { DraftLanguage } from '../../shared/fatturapa/compose/index.ts';
import type { Gateway } from '../../shared/gateway/channels.ts';
import type { Signature } from '../compose/submit-draft.ts';
import { rowsToRetry, runBatch, type BatchRow } from './batch.ts';

export interface BatchView {
  rows: BatchRow[];
  running: boolean;
  /** Asked to stop: the invoice being sent finishes, the next ones are not sent. */
  stopping: boolean;
}

const EMPTY: BatchView = { rows: [], running: false, stopping: false };

let view: BatchView = EMPTY;
let controller: AbortController | null = null;
const listeners = new Set<() => void>();

function set(next: BatchView): void {
  view = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useBatchView(): BatchView {
  return useSyncExternalStore(subscribe, () => view);
}

export interface BatchStart {
  gateway: Gateway;
  profile: string;
  rows: BatchRow[];
  signature: Signature;
  lang: DraftLanguage;
  /** Told once the batch is over (to read the lists again). */
  finished?: (rows: BatchRow[]) => void;
}

/** Shows `shown` and sends `sending` (some of them), telling each row's change. */
function run(start: Omit<BatchStart, 'rows'>, shown: BatchRow[], sending: BatchRow[]): void {
  controller = new AbortController();
  set({ rows: shown, running: true, stopping: false });
  void runBatch(start.gateway, start.profile, sending, {
    signature: start.signature,
    lang: start.lang,
    signal: controller.signal,
    onRow: (row) => set({ ...view, rows: view.rows.map((r) => (r.draftId === row.draftId ? row : r)) }),
  }).then(() => {
    controller = null;
    set({ ...view, running: false, stopping: false });
    start.finished?.(view.rows);
  });
}

/** Starts a batch of `rows`; refused (false) while one is running. */
export function startBatch(start: BatchStart): boolean {
  if (view.running || start.rows.length === 0) return false;
  run(start, start.rows, start.rows);
  return true;
}

export function stopBatch(): void {
  if (!view.running || !controller) return;
  controller.abort();
  set({ ...view, stopping: true });
}

/** Sends again the rows stopped or failed, keeping the others' outcome on the screen. */
export function retryBatch(start: Omit<BatchStart, 'rows'>): boolean {
  const again = rowsToRetry(view.rows);
  if (view.running || again.length === 0) return false;
  const waiting = new Map(again.map((r) => [r.draftId, r]));
  run(
    start,
    view.rows.map((r) => waiting.get(r.draftId) ?? r),
    again,
  );
  return true;
}

/** Forgets a finished batch (its outcome leaves the screen). */
export function closeBatch(): void {
  if (!view.running) set(EMPTY);
}
