import fs from 'node:fs';

/** Who holds a lock: the pid and, where /proc exists, a token naming that very process (see processToken). */
type Holder = { pid: number; token: string | undefined };

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * The boot and the start time of a process (field 22 of /proc/<pid>/stat, in clock ticks since boot).
 * A pid is reused after its process ends, and in a container the restarted server often gets the very
 * pid of the one that crashed; the pair (boot, start time) is never reused. Undefined without /proc
 * (macOS) or when the process does not exist.
 */
export function processToken(pid: number): string | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  const boot = readText('/proc/sys/kernel/random/boot_id')?.trim();
  if (!stat || !boot) return undefined;
  // The command name (field 2) is in parentheses and may itself hold spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const startTime = fields[19];
  return startTime ? `${boot}:${startTime}` : undefined;
}

function parseHolder(text: string | undefined): Holder | undefined {
  if (text === undefined) return undefined;
  try {
    const parsed = JSON.parse(text) as { pid?: unknown; token?: unknown };
    const pid = Number(parsed.pid ?? parsed);
    if (!Number.isInteger(pid) || pid <= 0) return undefined;
    return { pid, token: typeof parsed.token === 'string' ? parsed.token : undefined };
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process that wrote the lock still runs: the pid is alive and, where known, is still that process. */
function isHolderAlive(holder: Holder): boolean {
  if (holder.pid === process.pid) return holder.token !== undefined && holder.token === processToken(process.pid);
  if (!isRunning(holder.pid)) return false;
  if (holder.token === undefined) return true;
  const current = processToken(holder.pid);
  return current === undefined || current === holder.token;
}

export class LockHeldError extends Error {
  constructor(
    readonly file: string,
    readonly pid: number,
  ) {
    super(`in use by process ${pid} (lock file ${file})`);
  }
}

/**
 * Creates `file` with our holder record, complete, in one step (write a private file, then hard-link
 * it): nobody ever sees an empty or half-written lock and mistakes it for a stale one.
 */
function tryCreate(file: string, record: string): boolean {
  const draft = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(draft, record, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

/**
 * Removes a stale lock, guarded by a short-lived second lock so that two starting processes cannot
 * both remove it and then both create their own: only the one holding the guard looks and removes.
 */
function removeStale(file: string, stale: string, record: string): void {
  const guard = `${file}.takeover`;
  if (!tryCreate(guard, record)) {
    const holder = parseHolder(readText(guard));
    if (holder && isHolderAlive(holder)) return; // another process is taking over right now
    fs.rmSync(guard, { force: true }); // left by a process that died in these few lines
    return;
  }
  try {
    if (readText(file) === stale) fs.rmSync(file, { force: true });
  } finally {
    fs.rmSync(guard, { force: true });
  }
}

/**
 * An exclusive lock file. The embedded database must only ever be opened by one process: PGlite itself
 * does not stop a second process from opening (and corrupting) the same directory. The lock names its
 * holder by pid and process start token; one whose process has ended, or whose pid now belongs to
 * another process, is taken over. A live holder is refused with LockHeldError.
 */
export function acquireLock(file: string): () => void {
  const record = JSON.stringify({ pid: process.pid, token: processToken(process.pid) });
  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryCreate(file, record)) {
      return () => {
        if (readText(file) === record) fs.rmSync(file, { force: true });
      };
    }
    const text = readText(file);
    if (text === undefined) continue; // removed between our attempt and the read: try again
    const holder = parseHolder(text);
    if (holder && isHolderAlive(holder)) throw new LockHeldError(file, holder.pid);
    removeStale(file, text, record);
  }
  throw new Error(`could not take the lock ${file}`);
}
