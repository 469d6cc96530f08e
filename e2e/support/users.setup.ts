import { spawn } from 'node:child_process';
import { expect, test as setup } from '@playwright/test';
import { E2E } from './env';
import { type E2EUser, USERS } from './users';

/** `npm run cli -- user add …` for one user, its password on stdin; answers the exit code and the output. */
function addUser(user: E2EUser): Promise<{ code: number | null; output: string }> {
  const args = ['run', '--silent', 'cli', '--', 'user', 'add', '--id', user.id, '--role', user.role];
  args.push('--name', user.name);
  if (user.region) args.push('--region', user.region);
  if (user.shopNo) args.push('--shop-no', user.shopNo, '--shop-name', 'Ginza');
  args.push('--password-stdin');
  return new Promise((resolve, reject) => {
    const child = spawn('npm', args, {
      cwd: E2E.repoRoot,
      env: { ...process.env, DATA_DIR: E2E.dataDir, PORT: String(E2E.port) },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
    child.stdin.end(`${user.password}\n`);
  });
}

// The CLI calls run side by side (each one is a process start, most of its time), as admins may run them.
setup('the admin CLI creates one user per role while the server runs', async () => {
  const users: E2EUser[] = Object.values(USERS);
  const results = await Promise.all(users.map(addUser));
  results.forEach((result, i) => {
    expect(result.code, result.output).toBe(0);
    expect(result.output.trim(), users[i]?.id).toBe(`User ${users[i]?.id} (${users[i]?.role}) created`);
  });
});
