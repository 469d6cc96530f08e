import { spawnSync } from 'node:child_process';
import { expect, test as setup } from '@playwright/test';
import { E2E } from './env';
import { USERS } from './users';

setup('the admin CLI creates one user per role while the server runs', () => {
  for (const user of Object.values(USERS)) {
    const args = [
      'run',
      '--silent',
      'cli',
      '--',
      'user',
      'add',
      '--id',
      user.id,
      '--role',
      user.role,
      '--name',
      user.name,
    ];
    if ('region' in user) args.push('--region', user.region);
    if ('shopNo' in user) args.push('--shop-no', user.shopNo, '--shop-name', 'Ginza');
    args.push('--password-stdin');
    const result = spawnSync('npm', args, {
      cwd: E2E.repoRoot,
      input: `${user.password}\n`,
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: E2E.dataDir, PORT: String(E2E.port) },
    });
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  }
});
