import {
  ENTRY_VERSION,
  fingerprintOf,
  recordKey,
  type IndexEntry,
  type IndexedRecord,
  type InvoiceKind,
} from './entry.ts';
import type { BookRecord } from '../../shared/books/index.ts';
import type { ContactSighting } from '../../shared/registry/index.ts';
import { entryHasAmount, parseAmountQuery } from './amount-query.ts';
import { seal, unseal } from './sealed.ts';
import type { IndexStorage, StoredRecord } from './storage.ts';

/** The additional data a record is sealed with: where it belongs (see sealed.ts). */
const contextOf = (profile: string, key: string) => `scambio invoice index|${profile}|${key}`;

/** The storage key of a list's kept rows (`rows:sent`), beside the entries (`sent:42`). */
const keptKey = (name: string) => `rows:${name}`;
/**
 * The storage key of the books' own data (`book:payments`): what the user recorded (payments, imports), not a
 * cache of the service, so a rebuild of the index keeps it.
 */
const bookKey = (name: string) => `book:${name}`;

/**
 * What the app has read of a profile's invoices (see entry.ts), so lists need not read files again and the header
 * search can look inside them. Held in memory for the lists to draw from synchronously, and kept sealed in
 * storage so it survives a reload; without a key (the host has none yet) it lives in memory only, never in clear
 * on disk. It is a cache of what the service holds: `clear` and a new read rebuild it (see rebuild.ts).
 */
export class InvoiceIndex {
  private readonly entries = new Map<string, IndexEntry>();
  /** What a list kept of its rows (see `keep`), sealed as stored: opened only when a list asks for it. */
  private readonly kept = new Map<string, StoredRecord>();
  /** Without a key: kept values in memory only (never in clear on disk). */
  private readonly memory = new Map<string, unknown>();
  private readonly listeners = new Set<() => void>();
  /** Storage writes in order: a clear is never overtaken by a put issued before it. */
  private writes: Promise<void> = Promise.resolve();

  private constructor(
    readonly profileId: string,
    private readonly key: CryptoKey | null,
    private readonly storage: IndexStorage,
  ) {}

  /** Opens a profile's index, reading what storage holds; records that no longer open are dropped. */
  static async open(profileId: string, key: CryptoKey | null, storage: IndexStorage): Promise<InvoiceIndex> {
    const index = new InvoiceIndex(profileId, key, storage);
    if (!key) return index;
    const records = await storage.all(profileId).catch(() => [] as StoredRecord[]);
    const unreadable: string[] = [];
    await Promise.all(
      records.map(async (record) => {
        if (record.key.startsWith(keptKey('')) || record.key.startsWith(bookKey('')))
          return void index.kept.set(record.key, record);
        try {
          const entry = await unseal<IndexEntry>(key, record, contextOf(profileId, record.key));
          // An entry of an older shape lacks what lists now need: the invoice is read again.
          if (entry.version === ENTRY_VERSION) index.entries.set(record.key, entry);
          else unreadable.push(record.key);
        } catch {
          unreadable.push(record.key);
        }
      }),
    );
    // Sealed under another key (a new data key), damaged or of an older shape: useless, and read again when needed.
    if (unreadable.length > 0) await storage.remove(profileId, unreadable).catch(() => {});
    return index;
  }

  /** Whether entries survive a reload. */
  get persistent(): boolean {
    return this.key !== null;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The entry of a list row, if the index has one about this very invoice (see fingerprintOf). */
  get(kind: InvoiceKind, record: IndexedRecord): IndexEntry | undefined {
    const entry = this.entries.get(recordKey(kind, record.id));
    return entry && entry.fingerprint === fingerprintOf(record) ? entry : undefined;
  }

  count(kind: InvoiceKind): number {
    let n = 0;
    for (const entry of this.entries.values()) if (entry.kind === kind) n++;
    return n;
  }

  async put(entries: IndexEntry[]): Promise<void> {
    if (entries.length === 0) return;
    for (const entry of entries) this.entries.set(recordKey(entry.kind, entry.id), entry);
    this.notify();
    const key = this.key;
    if (!key) return;
    const records = await Promise.all(
      entries.map(async (entry) => {
        const at = recordKey(entry.kind, entry.id);
        return {
          profile: this.profileId,
          key: at,
          ...(await seal(key, entry, contextOf(this.profileId, at))),
        };
      }),
    );
    await this.write(() => this.storage.put(records));
  }

  /**
   * Keeps a value of a list's beside the entries (the synced rows of data/synced-rows.ts), sealed like them, so a
   * new window starts from it; only where entries survive a reload (`persistent`).
   */
  keep(name: string, value: unknown): Promise<void> {
    return this.keepAt(keptKey(name), value);
  }

  /** What `keep` kept under this name; null when nothing was, or it no longer opens. */
  keptValue<T>(name: string): Promise<T | null> {
    return this.valueAt<T>(keptKey(name));
  }

  /**
   * Keeps the books' own data (books/: payments recorded, archives imported), sealed like the entries; unlike
   * them it is no cache, and `clear` keeps it. In memory only where entries are (`persistent`).
   */
  keepBook(name: string, value: unknown): Promise<void> {
    return this.keepAt(bookKey(name), value);
  }

  bookValue<T>(name: string): Promise<T | null> {
    return this.valueAt<T>(bookKey(name));
  }

  async forgetBook(name: string): Promise<void> {
    const at = bookKey(name);
    this.kept.delete(at);
    this.memory.delete(at);
    if (this.key) await this.write(() => this.storage.remove(this.profileId, [at]));
  }

  private async keepAt(at: string, value: unknown): Promise<void> {
    const key = this.key;
    if (!key) {
      this.memory.set(at, value);
      return;
    }
    const record = {
      profile: this.profileId,
      key: at,
      ...(await seal(key, value, contextOf(this.profileId, at))),
    };
    this.kept.set(at, record);
    await this.write(() => this.storage.put([record]));
  }

  private async valueAt<T>(at: string): Promise<T | null> {
    if (!this.key) return (this.memory.get(at) as T | undefined) ?? null;
    const record = this.kept.get(at);
    if (!record) return null;
    return unseal<T>(this.key, record, contextOf(this.profileId, record.key)).catch(() => null);
  }

  /** Forgets what it read (entries and kept rows), in memory and in storage; the books' own data stays. */
  async clear(): Promise<void> {
    const cached = [
      ...this.entries.keys(),
      ...[...this.kept.keys()].filter((at) => !at.startsWith(bookKey(''))),
    ];
    for (const at of cached) this.kept.delete(at);
    this.entries.clear();
    for (const at of [...this.memory.keys()]) if (!at.startsWith(bookKey(''))) this.memory.delete(at);
    this.notify();
    if (this.key) await this.write(() => this.storage.remove(this.profileId, cached));
  }

  /**
   * Entries whose amount or net to pay is the one typed (in any UI language's way of writing it; see
   * entryHasAmount) or whose number, other party,
   * reasons or line descriptions contain the text; newest documents first.
   */
  search(text: string, limit = 5): IndexEntry[] {
    const needle = text.trim().toLocaleLowerCase();
    if (needle.length < 3) return [];
    const cents = parseAmountQuery(needle);
    const found: IndexEntry[] = [];
    for (const entry of this.entries.values()) {
      const amountMatches = cents !== null && entryHasAmount(entry, cents);
      if (
        amountMatches ||
        [entry.number, entry.party, entry.text].some((field) => field?.toLocaleLowerCase().includes(needle))
      )
        found.push(entry);
    }
    return found.sort((a, b) => (b.date ?? '').localeCompare(a.date ?? '') || b.id - a.id).slice(0, limit);
  }

  /**
   * The book records (src/shared/books) of the entries still about these rows (`current`: the invoices the service
   * holds now, by kind; see fingerprintOf), every document of every file read.
   */
  bookRecords(current: { sent: readonly IndexedRecord[]; received: readonly IndexedRecord[] }): BookRecord[] {
    const records: BookRecord[] = [];
    for (const kind of ['sent', 'received'] as const)
      for (const row of current[kind]) {
        const entry = this.get(kind, row);
        if (entry) for (const book of entry.books) records.push(book);
      }
    return records;
  }

  /**
   * The counterparty of every entry held, without asking the lists which rows are current: what the composer
   * suggests from before the books have been read (an entry of an invoice since deleted may still be among them).
   */
  allContactSightings(): ContactSighting[] {
    const sightings: ContactSighting[] = [];
    for (const entry of this.entries.values()) if (entry.contact) sightings.push(entry.contact);
    return sightings;
  }

  /** The counterparty of each current row's entry, for the registry (src/shared/registry). */
  contactSightings(current: {
    sent: readonly IndexedRecord[];
    received: readonly IndexedRecord[];
  }): ContactSighting[] {
    const sightings: ContactSighting[] = [];
    for (const kind of ['sent', 'received'] as const)
      for (const row of current[kind]) {
        const contact = this.get(kind, row)?.contact;
        if (contact) sightings.push(contact);
      }
    return sightings;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }

  private write(work: () => Promise<void>): Promise<void> {
    // A failed write only means the entry is read again after a reload.
    this.writes = this.writes.then(work).catch(() => {});
    return this.writes;
  }
}
