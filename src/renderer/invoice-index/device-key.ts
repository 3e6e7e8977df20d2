/**
 * The invoice index's key where the page has no desktop host (the UI served by the headless sandbox): an AES-GCM
 * key made by the browser as non-extractable and kept in its own IndexedDB database. The page can use it but
 * never read its bytes, and the index's records in IndexedDB stay ciphertext. One key per profile id.
 */
const DATABASE = 'scambio-keys';
const STORE = 'index-keys';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function openDatabase(): Promise<IDBDatabase> {
  const open = indexedDB.open(DATABASE, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE);
  return request(open);
}

export async function deviceIndexKey(profileId: string): Promise<CryptoKey> {
  const db = await openDatabase();
  try {
    const stored = await request(
      db.transaction(STORE, 'readonly').objectStore(STORE).get(profileId) as IDBRequest<
        CryptoKey | undefined
      >,
    );
    if (stored) return stored;
    const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]);
    // `add`, not `put`: a key another tab stored meanwhile wins, so both tabs seal with the same one.
    const added = await request(
      db.transaction(STORE, 'readwrite').objectStore(STORE).add(key, profileId),
    ).then(
      () => true,
      () => false,
    );
    if (added) return key;
    return (await request(
      db.transaction(STORE, 'readonly').objectStore(STORE).get(profileId) as IDBRequest<
        CryptoKey | undefined
      >,
    ))!;
  } finally {
    db.close();
  }
}
