/**
 * The query keys of every resource the renderer reads, in one place: a key's first part names the resource, so a
 * live change or a mutation invalidates a resource by its prefix (`['sent', 'list']` is every sent list, page and
 * total, whatever its filters).
 */
import type { QueryKey } from '@tanstack/react-query';

export const queryKeys = {
  /** The host's profiles (not the service's data: a live change never touches them). */
  profiles: ['profiles'] as const,
  /** A profile's local invoice index, opened once (this machine's, not the service's). */
  invoiceIndex: (profileId: string | null) => ['invoice-index', profileId] as const,
  /** The active profile's account status (`GET /status` through `profiles.check`). */
  profileCheck: (profileId: string) => ['profile-check', profileId] as const,
  /** Every company of the account, by name. */
  companies: ['companies'] as const,
  /** The company open in the editor, read afresh for each opening (`round`). */
  companyEdited: (id: number | null, round: number) => ['companies', 'edited', id, round] as const,
  /** One company screen page or search. */
  companyPage: (query: unknown) => ['companies', 'page', query] as const,
  /** Every sent list, page, count and total. */
  sentLists: ['sent', 'list'] as const,
  sentList: (...parts: unknown[]) => ['sent', 'list', ...parts] as const,
  /** One sent invoice and its SDI history. */
  sentOne: (id: number) => ['sent', 'one', id] as const,
  /** Every received list, page, count and total (the unread badge too). */
  receivedLists: ['received', 'list'] as const,
  receivedList: (...parts: unknown[]) => ['received', 'list', ...parts] as const,
  receivedOne: (id: number) => ['received', 'one', id] as const,
  /** The books' records of a profile (books/book-records.ts): every invoice's, so any invoice change touches them. */
  books: (profileId: string | null) => ['books', profileId] as const,
  /** The payments recorded against the deadlines of a profile (this machine's, sealed in its index). */
  bookPayments: (profileId: string | null) => ['book-payments', profileId] as const,
  /** The archive imported into a profile (this machine's, sealed in its index). */
  imported: (profileId: string | null) => ['imported', profileId] as const,
  /** The contacts the user saved in a profile's registry (this machine's, sealed in its index). */
  savedContacts: (profileId: string | null) => ['saved-contacts', profileId] as const,
  /** The product and service catalogue of a profile (this machine's, sealed in its index). */
  catalogue: (profileId: string | null) => ['catalogue', profileId] as const,
  /** The recurring invoices of a profile, their templates and schedules (this machine's, sealed in its index). */
  recurring: (profileId: string | null) => ['recurring', profileId] as const,
  /** The sandbox console's view of SDI: its queue, held invoices and PA invoices waiting (every change moves it). */
  sandboxConsole: ['sandbox', 'console'] as const,
  /** The local sandbox's clock, as read for one screen (`refreshKey`). */
  sandboxClocks: ['sandbox', 'clock'] as const,
  sandboxClock: (profileId: string | null, refreshKey: unknown) =>
    ['sandbox', 'clock', profileId, refreshKey] as const,
} satisfies Record<string, QueryKey | ((...args: never[]) => QueryKey)>;

/** Keys of data the host holds rather than the service: kept when the service's data is all read again. */
export const HOST_KEYS: readonly string[] = [
  queryKeys.profiles[0],
  'invoice-index',
  'book-payments',
  'imported',
  'saved-contacts',
  'catalogue',
  'recurring',
];
