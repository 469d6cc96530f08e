/**
 * Console JavaScript on the wire (issue 15 item 1): loads /login and, signed in, /device/list in
 * Chromium against the product started on the built console (`npm run build` first), each in a
 * fresh browser context (empty cache), and sums the encoded (compressed) bytes of every script
 * the page fetched until the network went quiet. Budgets: /login 150 KB, /device/list 300 KB.
 * Prints the ratio to each budget; exits non-zero on a miss.
 * Run: npm run build && npx tsx bench/console-wire.ts
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { login, ROOT, removeDataDir, startProduct } from './processes';

const ROUTES = [
  { path: '/login', budget: 150 * 1000, signedIn: false, ready: 'input#password, input[type=password]' },
  { path: '/device/list', budget: 300 * 1000, signedIn: true, ready: 'table' },
] as const;
const PORT = Number(process.env.PORT ?? 18107);
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'];

type Measured = { path: string; bytes: number; files: number; budget: number };

async function measure(browser: Browser, base: string, route: (typeof ROUTES)[number]): Promise<Measured> {
  const context = await browser.newContext({ baseURL: base });
  try {
    if (route.signedIn) {
      const [name, value] = (await login(PORT)).split('=');
      await context.addCookies([{ name: name ?? 'sid', value: value ?? '', url: base }]);
    }
    const page = await context.newPage();
    const scripts: Promise<number>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.sizes().then((sizes) => sizes.responseBodySize));
    });
    await page.goto(route.path, { waitUntil: 'networkidle' });
    await page.locator(route.ready).first().waitFor();
    const sizes = await Promise.all(scripts);
    return {
      path: route.path,
      bytes: sizes.reduce((sum, size) => sum + size, 0),
      files: sizes.length,
      budget: route.budget,
    };
  } finally {
    await context.close();
  }
}

async function main(): Promise<number> {
  const dist = join(ROOT, 'apps/console/dist');
  if (!existsSync(join(dist, 'index.html'))) throw new Error('no console build: run `npm run build` first');
  const product = await startProduct({ port: PORT, env: { CONSOLE_DIST: dist, LOG_LEVEL: 'warn' } });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    let failed = false;
    for (const route of ROUTES) {
      const result = await measure(browser, `http://127.0.0.1:${product.port}`, route);
      const ratio = result.bytes / result.budget;
      console.info(
        `${result.path}: ${(result.bytes / 1000).toFixed(1)} KB of JavaScript on the wire in ${result.files} files, ` +
          `budget ${result.budget / 1000} KB, ratio ${ratio.toFixed(2)}`,
      );
      if (ratio > 1) failed = true;
    }
    console.info(failed ? 'MISSES the budget' : 'within budget');
    return failed ? 1 : 0;
  } finally {
    await browser.close();
    await product.stop();
    removeDataDir(product.dataDir);
  }
}

process.exitCode = await main();
