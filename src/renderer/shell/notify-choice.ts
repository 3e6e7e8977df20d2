/**
 * Whether the user asked for a kind of desktop notification (something falls due today, recurring invoices were
 * prepared): off until turned on (a switch on the screen concerned), kept in localStorage under the kind's key and
 * shared by the switch and the frame's part that tells. Small on purpose: the frame loads it with the app.
 */
import { useState, useSyncExternalStore } from 'react';
import { permission, storedSwitch, storeSwitch, type Permission } from './notification-permission.ts';

/** The kinds of notification a switch turns on, by their localStorage key. */
export const NOTIFY_CHOICES = {
  dueDay: 'scambio.deadlines.notify',
  recurring: 'scambio.recurring.notify',
} as const;

export type NotifyChoice = keyof typeof NOTIFY_CHOICES;

/** Said in this window when a switch moves (the `storage` event tells only the other windows). */
const CHANGED = 'scambio:notify-choice';

function writeChosen(kind: NotifyChoice, on: boolean): void {
  storeSwitch(NOTIFY_CHOICES[kind], on);
  globalThis.dispatchEvent(new Event(CHANGED));
}

function subscribe(changed: () => void): () => void {
  globalThis.addEventListener(CHANGED, changed);
  globalThis.addEventListener('storage', changed);
  return () => {
    globalThis.removeEventListener(CHANGED, changed);
    globalThis.removeEventListener('storage', changed);
  };
}

/** The switch: on only when chosen and allowed; turning it on asks the system's permission first. */
export function useNotifyChoice(kind: NotifyChoice) {
  const chosen = useSyncExternalStore(subscribe, () => storedSwitch(NOTIFY_CHOICES[kind]));
  const [allowed, setAllowed] = useState<Permission>(permission);
  const on = chosen && allowed === 'granted';
  const toggle = async (next: boolean) => {
    if (!next || allowed === 'unsupported') {
      writeChosen(kind, false);
      return;
    }
    const answer = allowed === 'granted' ? 'granted' : await globalThis.Notification.requestPermission();
    setAllowed(answer);
    writeChosen(kind, answer === 'granted');
  };
  return { on, allowed, toggle };
}
