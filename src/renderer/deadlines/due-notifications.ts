/**
 * The optional desktop notification on the day something falls due: off until the user turns it on (the switch on
 * the deadlines screen, shell/notify-choice.ts), then once a day for each row due that day and still to settle, whatever
 * screen is open (due-day-notifier.tsx). Which rows were told today is kept per profile, so a reload, or the app
 * opened again, tells nothing twice.
 */
import { useEffect, useRef } from 'react';
import type { Deadline } from '../../shared/books/index.ts';
import { canRecord } from './deadline-view.ts';

const TOLD_KEY = 'scambio.deadlines.notified';

/** What the store holds: the day, and the rows (profile|key) told on it. */
interface Told {
  day: string;
  keys: string[];
}

/** The rows due `today`, still to settle, not told yet. */
export function rowsToTell(
  deadlines: readonly Deadline[],
  today: string,
  told: ReadonlySet<string>,
  profileId: string,
): Deadline[] {
  return deadlines.filter(
    (row) => row.due === today && canRecord(row) && !told.has(toldKey(profileId, row.key)),
  );
}

export function toldKey(profileId: string, key: string): string {
  return `${profileId}|${key}`;
}

/** What was told today (a store from another day holds nothing for today). */
export function toldToday(stored: string | null, today: string): Set<string> {
  try {
    const told = JSON.parse(stored ?? 'null') as Partial<Told> | null;
    return told?.day === today && Array.isArray(told.keys) ? new Set(told.keys.map(String)) : new Set();
  } catch {
    return new Set();
  }
}

export function toldText(today: string, keys: Iterable<string>): string {
  return JSON.stringify({ day: today, keys: [...keys] } satisfies Told);
}

function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Not remembered: at worst a row is told again tomorrow's way, once more today.
  }
}

/**
 * While `on`, tells the rows due today that were not told yet: one notification for one row, one for several
 * (their lines in its body, so a busy day is one notification, not twenty). `describe` words a row.
 */
export function useDueNotifications(options: {
  on: boolean;
  deadlines: readonly Deadline[] | null;
  today: string;
  profileId: string | null;
  title: (count: number) => string;
  describe: (row: Deadline) => string;
}): void {
  const { on, deadlines, today, profileId } = options;
  // The words follow the language of the moment; a new language alone tells nothing new.
  const words = useRef(options);
  words.current = options;
  useEffect(() => {
    if (!on || !deadlines || profileId === null) return;
    const told = toldToday(read(TOLD_KEY), today);
    const rows = rowsToTell(deadlines, today, told, profileId);
    if (rows.length === 0) return;
    for (const row of rows) told.add(toldKey(profileId, row.key));
    write(TOLD_KEY, toldText(today, told));
    const lines = rows.slice(0, 6).map(words.current.describe);
    if (rows.length > lines.length) lines.push('…');
    new globalThis.Notification(words.current.title(rows.length), { body: lines.join('\n') });
  }, [on, deadlines, today, profileId]);
}
