import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect, test as setup } from '@playwright/test';
import { E2E } from './env';
import { type E2EUser, USERS } from './users';

/**
 * The admin CLI (`npm run cli -- user add …`, run here as npm runs it: tsx on src/cli.ts, without npm's own start)
 * for one user, its password on stdin; answers the exit code and the output.
 */
function addUser(user: E2EUser): Promise<{ code: number | null; output: string }> {
  const args = ['--import', 'tsx', 'src/cli.ts', 'user', 'add', '--id', user.id, '--role', user.role];
  args.push('--name', user.name);
  if (user.region) args.push('--region', user.region);
  if (user.shopNo) args.push('--shop-no', user.shopNo, '--shop-name', 'Ginza');
  args.push('--password-stdin');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: join(E2E.repoRoot, 'apps', 'server'),
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

// Two CLI calls at a time (each is mostly a process start; the machine has two cores), as admins may run them.
setup('the admin CLI creates one user per role while the server runs', async () => {
  const users: E2EUser[] = Object.values(USERS);
  const results: { code: number | null; output: string }[] = [];
  const lane = async (first: number) => {
    for (let i = first; i < users.length; i += 2) results[i] = await addUser(users[i] as E2EUser);
  };
  await Promise.all([lane(0), lane(1)]);
  results.forEach((result, i) => {
    expect(result.code, result.output).toBe(0);
    expect(result.output.trim(), users[i]?.id).toBe(`User ${users[i]?.id} (${users[i]?.role}) created`);
  });
});
