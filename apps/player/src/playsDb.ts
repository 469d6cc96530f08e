/**
 * The player's IndexedDB database of plays (plays.ts): `plays`, one record per play keyed by its sequence, and
 * `meta`, the last sequence given and the highest the server acknowledged. A database of its own, beside the
 * media's (mediaStore.ts), so that neither's version has to know the other's stores.
 */
export const PLAYS_DB = 'signage-player-plays';
export const PLAYS_STORE = 'plays';
const META_STORE = 'meta';

export type PlayStores = {
  plays: IDBObjectStore;
  meta: IDBObjectStore;
  /** Runs `step` (a request's callback); if it throws, the transaction aborts: nothing of it is written. */
  step: (step: () => void) => void;
};

/** `closed` is called when the database is closed under the player (a newer version, storage cleared). */
export function openPlaysDb(factory: IDBFactory, closed: () => void): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    let request: IDBOpenDBRequest;
    try {
      // No version: whatever version is there (a newer player's too); a new database is created at 1.
      request = factory.open(PLAYS_DB);
    } catch (error) {
      reject(error); // no IndexedDB at all (some private modes)
      return;
    }
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(PLAYS_STORE)) db.createObjectStore(PLAYS_STORE, { keyPath: 'sequence' });
      if (!db.objectStoreNames.contains(META_STORE)) db.createObjectStore(META_STORE);
    };
    request.onsuccess = () => {
      // Another tab upgrading the database (a newer player) gets it: this one reopens at its next operation.
      request.result.onversionchange = () => {
        request.result.close();
        closed();
      };
      request.result.onclose = closed;
      resolve(request.result);
    };
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error('the plays database is blocked'));
  });
}

/**
 * One transaction over both stores: resolves with the result of the request `work` answers once the
 * transaction has committed; rejects when it aborts (QuotaExceededError among others) or `work` throws.
 */
export function idbRun<T>(
  db: IDBDatabase,
  mode: IDBTransactionMode,
  work: (stores: PlayStores) => IDBRequest,
): Promise<T> {
  return new Promise((resolve, reject) => {
    let tx: IDBTransaction | undefined;
    let failure: unknown = null;
    const abort = (error: unknown) => {
      failure ??= error;
      try {
        tx?.abort();
      } catch {
        // already finished
      }
    };
    let request: IDBRequest;
    try {
      const t = db.transaction([PLAYS_STORE, META_STORE], mode);
      tx = t;
      const step = (run: () => void) => {
        try {
          run();
        } catch (error) {
          abort(error);
        }
      };
      request = work({ plays: t.objectStore(PLAYS_STORE), meta: t.objectStore(META_STORE), step });
      t.oncomplete = () => resolve(request.result as T);
      t.onabort = () => reject(failure ?? t.error ?? new Error('transaction aborted'));
    } catch (error) {
      abort(error);
      reject(error);
    }
  });
}
