/**
 * What the app's two notification switches share (new invoices and rejections in the header, due days on the
 * deadlines screen): the system's permission, and a choice kept in localStorage, off until turned on.
 */
export type Permission = 'granted' | 'denied' | 'default' | 'unsupported';

export function permission(): Permission {
  return typeof globalThis.Notification === 'function' ? globalThis.Notification.permission : 'unsupported';
}

export function storedSwitch(key: string): boolean {
  try {
    return globalThis.localStorage?.getItem(key) === 'on';
  } catch {
    return false;
  }
}

export function storeSwitch(key: string, on: boolean): void {
  try {
    globalThis.localStorage?.setItem(key, on ? 'on' : 'off');
  } catch {
    // Not remembered: the choice holds for this visit.
  }
}
