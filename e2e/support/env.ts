import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const port = Number(process.env.E2E_PORT ?? 18080);

export const E2E = {
  repoRoot,
  port,
  baseURL: `http://127.0.0.1:${port}`,
  dataDir: process.env.E2E_DATA_DIR ?? join(repoRoot, '.tmp', 'e2e-data'),
  adminPassword: 'Admin-e2e-Passw0rd',
};
