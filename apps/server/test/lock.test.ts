import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireLock, LockHeldError, processToken } from '../src/db/lock';
import { SERVER_DIR, tempDir } from './helpers';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

/** Another process that takes the lock through acquireLock and keeps running; resolves once it holds it. */
async function holdInChild(file: string): Promise<ChildProcess> {
  const script = `import('./src/db/lock.ts').then((m) => { m.acquireLock(${JSON.stringify(file)}); console.log('held'); setInterval(() => {}, 1000); })`;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { cwd: SERVER_DIR });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => String(chunk).includes('held') && resolve());
    child.once('exit', (code) => reject(new Error(`lock holder exited with ${code}`)));
  });
  return child;
}

const holderOf = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')).pid as number;

/** Takes the lock, checks that this process now holds it, releases it and checks the file is gone. */
function takeAndRelease(file: string): void {
  const release = acquireLock(file);
  expect(holderOf(file)).toBe(process.pid);
  expect(JSON.parse(fs.readFileSync(file, 'utf8')).token).toBe(processToken(process.pid));
  release();
  expect(fs.existsSync(file)).toBe(false);
}

describe('embedded database lock', () => {
  it('takes over a lock whose process has ended, and releases it', () => {
    const file = path.join(tempDir(), 'db.lock');
    fs.writeFileSync(file, JSON.stringify({ pid: deadPid(), token: 'old-boot:123' }));
    const release = acquireLock(file);
    expect(holderOf(file)).toBe(process.pid);
    release();
    expect(fs.existsSync(file)).toBe(false);
  });

  it('takes over a lock in the old format (a bare pid) of an ended process', () => {
    const file = path.join(tempDir(), 'db.lock');
    fs.writeFileSync(file, String(deadPid()));
    takeAndRelease(file);
  });

  it('takes over a lock whose pid now belongs to another process (pid reuse after a crash)', async () => {
    const file = path.join(tempDir(), 'db.lock');
    const unrelated = await holdInChild(path.join(tempDir(), 'other.lock'));
    const pid = unrelated.pid as number;
    expect(processToken(pid)).toBeDefined();
    fs.writeFileSync(file, JSON.stringify({ pid, token: 'crashed-boot:1' }));
    takeAndRelease(file);
    // The same when the restarted server itself got the crashed one's pid.
    fs.writeFileSync(file, JSON.stringify({ pid: process.pid, token: 'crashed-boot:1' }));
    takeAndRelease(file);
    // The unrelated process that has the pid now was left alone.
    expect(unrelated.exitCode).toBeNull();
    expect(processToken(pid)).toBeDefined();
  });

  it('refuses while another live process holds it, and opens once that process is killed', async () => {
    const file = path.join(tempDir(), 'db.lock');
    const holder = await holdInChild(file);
    expect(() => acquireLock(file)).toThrow(LockHeldError);
    expect(() => acquireLock(file)).toThrow(`in use by process ${holder.pid}`);

    const exited = new Promise((resolve) => holder.once('exit', resolve));
    holder.kill('SIGKILL');
    await exited;
    expect(fs.existsSync(file)).toBe(true); // a crash leaves the lock behind
    expect(holderOf(file)).toBe(holder.pid);
    takeAndRelease(file);
  });

  it('refuses a second open in the same process while the first holds it', () => {
    const file = path.join(tempDir(), 'db.lock');
    const release = acquireLock(file);
    expect(() => acquireLock(file)).toThrow(LockHeldError);
    expect(() => acquireLock(file)).toThrow(`in use by process ${process.pid}`);
    // The refused open left the first one's lock as it was.
    expect(holderOf(file)).toBe(process.pid);
    release();
    expect(fs.existsSync(file)).toBe(false);
  });
});
