import { type Config, ConfigError, loadConfig } from './config';
import { beginEmbeddedOpen } from './db/embedded';
import type { RunningServer } from './server';

function box(lines: string[]): string {
  const width = Math.max(...lines.map((line) => line.length));
  const rule = '─'.repeat(width + 2);
  return [`┌${rule}┐`, ...lines.map((line) => `│ ${line.padEnd(width)} │`), `└${rule}┘`].join('\n');
}

function announce(server: RunningServer): void {
  const { bootstrap, url } = server;
  if (bootstrap.created && bootstrap.generated) {
    console.info(
      box([
        'First start: the administrator account has been created.',
        '',
        `Sign in at ${url} with ID admin and password ${bootstrap.password}`,
        '',
        'This password is shown only this once. To change it:',
        '  npm run cli -- user passwd --id admin --password-stdin',
      ]),
    );
  } else if (bootstrap.created) {
    console.info(`Created the administrator account: sign in at ${url} with ID admin and the ADMIN_PASSWORD.`);
  }
  console.info(`Signage Console is running at ${url} (Node ${process.version})`);
}

function handleSignals(server: RunningServer, drainTimeoutMs: number): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`${signal} again: exiting at once`);
      process.exit(1);
    }
    stopping = true;
    console.info(`${signal} received: draining, then shutting down (within ${drainTimeoutMs / 1000} s)`);
    setTimeout(() => {
      console.error('Shutdown took too long (DRAIN_TIMEOUT_SECONDS): exiting');
      process.exit(1);
    }, drainTimeoutMs).unref();
    server.drain(drainTimeoutMs).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Shutdown failed:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

function readConfig(): Config | ConfigError {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  // The embedded database opens in its own thread (on a first start, from the build's template) while
  // the server's modules load: they are imported only now, and take about 2 s of every start.
  const embedded = config instanceof ConfigError ? undefined : beginEmbeddedOpen(config);
  const { EXIT, StartupError, startServer } = await import('./server');
  let server: RunningServer;
  try {
    if (config instanceof ConfigError) throw config;
    server = await startServer(config, { embedded });
  } catch (error) {
    if (error instanceof StartupError) {
      console.error(error.message);
      process.exit(error.exitCode);
    }
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(EXIT.config);
    }
    throw error;
  }
  // Signals first: whoever waits for the announcement may stop the server the moment it reads it.
  handleSignals(server, config.drainTimeoutMs);
  announce(server);
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error);
  process.exit(1);
});
