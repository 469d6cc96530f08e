/**
 * Media kept on the player for offline play: each verified file as a Blob in IndexedDB (durable browser
 * storage; persistence is requested at start), keyed by content id with the sha256 it was verified against.
 * The page shows them through object URLs, which the browser serves with ranges (seeking in a video works).
 */
const DB_NAME = 'signage-player';
const STORE = 'media';

export type StoredMedia = { content_id: string; sha256: string | null; blob: Blob };

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'content_id' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function run<T>(db: IDBDatabase, mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = work(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

export class MediaStore {
  private db: Promise<IDBDatabase> | null = null;

  private database(): Promise<IDBDatabase> {
    this.db ??= open();
    return this.db;
  }

  /** The stored file of a content, when it was verified against this sha256 (null: no sha256 given). */
  async get(contentId: string, sha256: string | null): Promise<Blob | null> {
    try {
      const found = await run<StoredMedia | undefined>(await this.database(), 'readonly', (s) => s.get(contentId));
      return found && found.sha256 === sha256 ? found.blob : null;
    } catch {
      return null;
    }
  }

  async put(media: StoredMedia): Promise<void> {
    try {
      await run(await this.database(), 'readwrite', (s) => s.put(media));
    } catch {
      // Storage full or unavailable: the file plays from memory until the next reload.
    }
  }

  /** Deletes every stored file but those of `keep`. */
  async retain(keep: ReadonlySet<string>): Promise<void> {
    try {
      const db = await this.database();
      const keys = await run<IDBValidKey[]>(db, 'readonly', (s) => s.getAllKeys());
      for (const key of keys) if (!keep.has(String(key))) await run(db, 'readwrite', (s) => s.delete(key));
    } catch {
      // nothing to clean
    }
  }
}
