import fs from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';

/** Anything shaped like a stream key or a hook secret (base64url, 32 characters or more) in a log line. */
const SECRET_LIKE = /[A-Za-z0-9_-]{32,}/g;

/** A line nginx wrote, fit for the server's log: stream keys and secrets replaced, length bounded. */
export function redactNginxLine(line: string): string {
  return line.replace(SECRET_LIKE, '[redacted]').slice(0, 500);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Waits until the process is gone, up to `ms`; true when it is. */
export async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (isAlive(pid)) {
    if (Date.now() > until) return false;
    await delay(50);
  }
  return true;
}

/**
 * Stops an nginx a crashed earlier run of this server left behind (its pid file in DATA_DIR/live), so its
 * ports and folders are free again. Only a process whose command line names our configuration file is
 * touched: after a reboot the number may belong to anything else. Answers whether one was stopped.
 */
export async function stopStaleNginx(pidFile: string, configFile: string): Promise<boolean> {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
  } catch {
    return false;
  }
  if (!Number.isInteger(pid) || pid <= 1 || pid === process.pid) return false;
  let commandLine: string;
  try {
    commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return false;
  }
  if (!commandLine.includes('nginx') || !commandLine.includes(configFile)) return false;
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return false;
  }
  await waitForExit(pid, 5000);
  // The server started it as a process group leader: the group takes any worker the master left behind.
  for (const target of [-pid, pid]) {
    try {
      process.kill(target, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
  await waitForExit(pid, 2000);
  return true;
}
