import { SCREENS, type Screen } from '../../shared/gateway/channels.ts';

/**
 * Every place in the app has an address in the hash, so Back, Forward, reload and a copied link all work:
 *
 * | address                                  | what it shows                                     |
 * | ---------------------------------------- | ------------------------------------------------- |
 * | `#/dashboard`                            | the dashboard (also `#/`)                         |
 * | `#/send`                                 | Send invoices                                     |
 * | `#/compose`, `#/compose?from=sent/42&mode=correct` | the composer; a sent invoice to correct (or `creditNote`, `duplicate`) |
 * | `#/sent`, `#/sent?state=Scartato&company=3` | sent invoices, filtered by SDI state and company |
 * | `#/sent/42`                              | the same list with sent invoice 42 open           |
 * | `#/inbox`, `#/inbox?unread=1&company=3`  | received invoices, filtered                       |
 * | `#/inbox/7`                              | the same list with received invoice 7 open        |
 * | `#/export`                               | Export                                            |
 * | `#/companies`, `#/companies/5`           | companies; with company 5 open for editing        |
 * | `#/log`                                  | the API log                                       |
 * | `#/profiles`                             | profiles                                          |
 * | `#/console`                              | the sandbox console (local sandbox only)          |
 * | `#/webhooks`                             | webhooks, their deliveries, the built-in receiver |
 * | `#/reference`                            | the API reference (`/v1/openapi.json`)            |
 */
export type Query = Record<string, string | number | boolean | null | undefined>;

/** An address with its query; empty values are left out. */
export function address(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== false && value !== '')
      params.set(name, value === true ? '1' : String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export const screenAddress = (screen: Screen) => `/${screen}`;
export const sentAddress = (id: number) => `/sent/${id}`;
/** The composer; `from` a sent invoice to open it as a correction, a credit note or a copy. */
export const COMPOSE_ADDRESS = '/compose';
export const composeFromSent = (id: number, mode: 'correct' | 'creditNote' | 'duplicate') =>
  address(COMPOSE_ADDRESS, { from: `sent/${id}`, mode });
export const receivedAddress = (id: number) => `/inbox/${id}`;
export const companyAddress = (id: number) => `/companies/${id}`;
/** The sandbox console: the local sandbox's clock, SDI queue, held invoices, PA answers and reset. */
export const CONSOLE_ADDRESS = '/console';
/** Webhooks: the account's own, their delivery history, and (local sandbox) the built-in receiver. */
export const WEBHOOKS_ADDRESS = '/webhooks';
/** The API reference: the sandbox's own API as its server describes itself (`/v1/openapi.json`). */
export const REFERENCE_ADDRESS = '/reference';

/** The screen an address belongs to; null when it names none (the app then goes to the dashboard). */
export function screenOf(path: string): Screen | null {
  const first = path.split('/')[1] ?? '';
  return SCREENS.find((s) => s === first) ?? null;
}

/** The numeric id after the screen (`/sent/42` → 42), or null. */
export function idOf(path: string): number | null {
  const second = path.split('/')[2];
  return second && /^\d+$/.test(second) ? Number(second) : null;
}

/** An `href` for an address: the hash the browser follows by itself (Tab reaches it, Enter follows it). */
export const href = (to: string) => `#${to}`;
