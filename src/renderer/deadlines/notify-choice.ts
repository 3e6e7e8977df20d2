/**
 * Whether the user asked for a desktop notification on the day something falls due: off until turned on (the
 * switch on the deadlines screen), kept in localStorage and shared by the switch and the frame's notifier, which
 * reads the books only while it is on. Small on purpose: the frame loads it with the app, the books only when asked.
 */
import { useState, useSyncExternalStore } from 'react';
import { permission, storedSwitch, storeSwitch, type Permission } from '../shell/notification-permission.ts';

const CHOICE_KEY = 'scambio.deadlines.notify';
/** Said in this window when the switch moves (the `storage` event tells only the other windows). */
const CHANGED = 'scambio:deadlines-notify';

function writeChosen(on: boolean): void {
  storeSwitch(CHOICE_KEY, on);
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
export function useNotifyChoice() {
  const chosen = useSyncExternalStore(subscribe, () => storedSwitch(CHOICE_KEY));
  const [allowed, setAllowed] = useState<Permission>(permission);
  const on = chosen && allowed === 'granted';
  const toggle = async (next: boolean) => {
    if (!next || allowed === 'unsupported') {
      writeChosen(false);
      return;
    }
    const answer = allowed === 'granted' ? 'granted' : await globalThis.Notification.requestPermission();
    setAllowed(answer);
    writeChosen(answer === 'granted');
  };
  return { on, allowed, toggle };
}
