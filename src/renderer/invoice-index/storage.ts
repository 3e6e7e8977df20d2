/**
 * Where sealed index records live: IndexedDB in the page (the desktop window and a browser alike), one database
 * for every profile, records addressed by [profile, key]. Only ciphertext is written here (see sealed.ts).
 */
import type { Sealed } from './sealed.ts';

export interface StoredRecord extends Sealed {
  profile: string;
  /** `sent:42`, `received:7`. */
  key: string;
}

export interface IndexStorage {
  all(profile: string): Promise<StoredRecord[]>;
  put(records: StoredRecord[]): Promise<void>;
  remove(profile: string, keys: string[]): Promise<void>;
  clear(profile: string): Promise<void>;
}

export const INDEX_DATABASE = 'scambio-invoice-index';
const STORE = 'records';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** Every key of one profile: [profile, ''] up to [profile, '\uffff']. */
const ofProfile = (profile: string) => IDBKeyRange.bound([profile, ''], [profile, '\uffff']);

export function indexedDbStorage(name = INDEX_DATABASE): IndexStorage {
  let opened: Promise<IDBDatabase> | null = null;
  const database = () => {
    if (!opened) {
      const open = indexedDB.open(name, 1);
      open.onupgradeneeded = () => open.result.createObjectStore(STORE, { keyPath: ['profile', 'key'] });
      opened = request(open);
      // A failed open is tried again next time rather than remembered.
      opened.catch(() => (opened = null));
    }
    return opened;
  };
  const write = async (work: (store: IDBObjectStore) => void) => {
    const tx = (await database()).transaction(STORE, 'readwrite');
    work(tx.objectStore(STORE));
    await done(tx);
  };
  return {
    all: async (profile) =>
      request(
        (await database()).transaction(STORE, 'readonly').objectStore(STORE).getAll(ofProfile(profile)),
      ) as Promise<StoredRecord[]>,
    put: (records) => write((store) => records.forEach((record) => store.put(record))),
    remove: (profile, keys) => write((store) => keys.forEach((key) => store.delete([profile, key]))),
    clear: (profile) => write((store) => store.delete(ofProfile(profile))),
  };
}

/** Records kept in memory only: where IndexedDB is missing, and in unit tests. */
export function memoryStorage(): IndexStorage & { records: Map<string, StoredRecord> } {
  const records = new Map<string, StoredRecord>();
  const id = (profile: string, key: string) => `${profile}\u0000${key}`;
  return {
    records,
    all: async (profile) => [...records.values()].filter((r) => r.profile === profile),
    put: async (list) => list.forEach((r) => records.set(id(r.profile, r.key), r)),
    remove: async (profile, keys) => keys.forEach((key) => records.delete(id(profile, key))),
    clear: async (profile) => {
      for (const [k, r] of records) if (r.profile === profile) records.delete(k);
    },
  };
}
