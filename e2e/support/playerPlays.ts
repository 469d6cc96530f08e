/**
 * The web player's plays as its IndexedDB holds them (apps/player/src/playsDb.ts: database 'signage-player-plays',
 * store 'plays' keyed by sequence, store 'meta' with the last sequence given). Each function here runs in the
 * page (page.evaluate): self-contained, no imports.
 */
export type PlaysState = { sequence: number; pending: number; lowest: number | null; highest: number | null };

/** The last sequence the player gave and the plays it holds (not yet acknowledged, the open one included). */
export function readPlays(): Promise<PlaysState> {
  return new Promise((resolve, reject) => {
    const opened = indexedDB.open('signage-player-plays');
    opened.onerror = () => reject(opened.error);
    opened.onsuccess = () => {
      const db = opened.result;
      if (!db.objectStoreNames.contains('plays')) {
        db.close();
        resolve({ sequence: 0, pending: 0, lowest: null, highest: null });
        return;
      }
      const tx = db.transaction(['plays', 'meta'], 'readonly');
      const sequence = tx.objectStore('meta').get('sequence');
      const count = tx.objectStore('plays').count();
      const first = tx.objectStore('plays').openKeyCursor(null, 'next');
      const last = tx.objectStore('plays').openKeyCursor(null, 'prev');
      tx.oncomplete = () => {
        db.close();
        resolve({
          sequence: Number(sequence.result ?? 0),
          pending: count.result,
          lowest: first.result ? Number(first.result.key) : null,
          highest: last.result ? Number(last.result.key) : null,
        });
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

export type Prefill = { contents: string[]; scheduleId: string; plays: number; loopSeconds: number; chunk: number };

/**
 * A backlog as a player offline for days would have: `plays` closed plays of the schedule's contents, one every
 * `loopSeconds` up to now, written with the player's own numbering (the last sequence in meta, in the same
 * transaction, `chunk` plays a transaction) while the player goes on playing. Answers the sequences written
 * and the time it took.
 */
export function prefillPlays(fill: Prefill): Promise<{ first: number; last: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const opened = indexedDB.open('signage-player-plays');
    opened.onerror = () => reject(opened.error);
    opened.onsuccess = () => {
      const db = opened.result;
      const began = performance.now();
      const now = Date.now();
      let written = 0;
      let first = 0;
      let last = 0;
      const next = () => {
        if (written >= fill.plays) {
          db.close();
          resolve({ first, last, ms: performance.now() - began });
          return;
        }
        const size = Math.min(fill.chunk, fill.plays - written);
        const tx = db.transaction(['plays', 'meta'], 'readwrite');
        const meta = tx.objectStore('meta');
        const store = tx.objectStore('plays');
        const given = meta.get('sequence');
        given.onsuccess = () => {
          const from = Number(given.result ?? 0) + 1;
          if (first === 0) first = from;
          for (let i = 0; i < size; i++) {
            const back = fill.plays - (written + i);
            store.add({
              sequence: from + i,
              content_id: fill.contents[(written + i) % fill.contents.length],
              schedule_id: fill.scheduleId,
              started_at: new Date(now - back * fill.loopSeconds * 1000).toISOString(),
              utc_offset_minutes: 540,
              duration_ms: fill.loopSeconds * 1000,
            });
          }
          last = from + size - 1;
          meta.put(last, 'sequence');
        };
        tx.oncomplete = () => {
          written += size;
          next();
        };
        tx.onabort = () => reject(tx.error);
      };
      next();
    };
  });
}

/**
 * The player's own write of a starting play, `count` times in turn, on top of whatever backlog is held: read
 * the last sequence, write it and the play, in one transaction (PlayQueue.append). Answers each one's time
 * from the transaction's creation to its commit, in ms.
 */
export function timeAppends(fill: { contents: string[]; scheduleId: string; count: number }): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const opened = indexedDB.open('signage-player-plays');
    opened.onerror = () => reject(opened.error);
    opened.onsuccess = () => {
      const db = opened.result;
      const times: number[] = [];
      const one = () => {
        if (times.length >= fill.count) {
          db.close();
          resolve(times);
          return;
        }
        const began = performance.now();
        const tx = db.transaction(['plays', 'meta'], 'readwrite');
        const meta = tx.objectStore('meta');
        const given = meta.get('sequence');
        given.onsuccess = () => {
          const sequence = Number(given.result ?? 0) + 1;
          meta.put(sequence, 'sequence');
          tx.objectStore('plays').add({
            sequence,
            content_id: fill.contents[times.length % fill.contents.length],
            schedule_id: fill.scheduleId,
            started_at: new Date().toISOString(),
            utc_offset_minutes: 540,
            duration_ms: 1000,
          });
        };
        tx.oncomplete = () => {
          times.push(performance.now() - began);
          one();
        };
        tx.onabort = () => reject(tx.error);
      };
      one();
    };
  });
}
