import fs from 'node:fs';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
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
 * An exclusive pid lock file. The embedded database must only ever be opened by one process:
 * PGlite itself does not stop a second process from opening (and corrupting) the same directory.
 * A lock left behind by a process that no longer runs is taken over.
 */
export function acquireLock(file: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o600);
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => {
        if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readPid(file);
      if (holder !== undefined && holder !== process.pid && isAlive(holder)) throw new LockHeldError(file, holder);
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`could not take the lock ${file}`);
}
