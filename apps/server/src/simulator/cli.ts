import path from 'node:path';
import { parseArgs } from 'node:util';
import { LOG_LEVELS, type LogLevel } from '@signage/domain';
import { HttpError } from '../http/envelope';
import { startSimulatedPlayer } from './simulatedPlayer';
import {
  type CallResult,
  pairedClientOf,
  type SimulatorOptions,
  simulateAnnounce,
  simulateHeartbeat,
  simulateLogs,
  simulateManifest,
  simulatePair,
  simulatePlays,
} from './simulator';

export const SIMULATOR_HELP = `  simulate announce|pair|heartbeat|logs|manifest|plays|listen|run [options]
                      Act as store players over /agent/v1 (the server must be running).
                      --serial S (or --prefix P --count N for serials P-0001..P-000N)
                      pair: --pin NNNNNN, or --pins S1=NNNNNN,S2=NNNNNN
                      heartbeat: [--status ok|error]   logs: [--level INFO|WARNING|ERROR] [--lines N]
                      manifest: fetch, re-poll (304 expected) [--download: fetch media, check sha256]
                      plays: send --plays N plays numbered from --from S (default 10 from 1)
                      listen: keep the push channel open for --seconds N (default 60): collect the
                      manifest on every push and 60 s poll, [--download] verify media, confirm by heartbeat
                      run: announce, then for serials with a PIN pair, heartbeat and upload a log
                      --url URL (default http://127.0.0.1:$PORT), --state FILE (device tokens,
                      default ./simulator-state.json). Exits 1 if any call fails.`;

const OPTIONS = {
  serial: { type: 'string' },
  prefix: { type: 'string' },
  count: { type: 'string' },
  pin: { type: 'string' },
  pins: { type: 'string' },
  status: { type: 'string' },
  level: { type: 'string' },
  lines: { type: 'string' },
  url: { type: 'string' },
  state: { type: 'string' },
  download: { type: 'boolean' },
  plays: { type: 'string' },
  from: { type: 'string' },
  seconds: { type: 'string' },
} as const;

function serialsOf(values: { serial?: string; prefix?: string; count?: string }): string[] {
  if (values.serial) return [values.serial];
  const count = Number(values.count ?? '1');
  if (!values.prefix || !Number.isInteger(count) || count < 1 || count > 100_000) {
    throw new HttpError(400, 'Give --serial S, or --prefix P with --count N (1-100000)');
  }
  return Array.from({ length: count }, (_, i) => `${values.prefix}-${String(i + 1).padStart(4, '0')}`);
}

function pinsOf(values: { pin?: string; pins?: string }, serials: string[]): Map<string, string> {
  const pins = new Map<string, string>();
  if (values.pin && serials[0]) pins.set(serials[0], values.pin);
  for (const pair of (values.pins ?? '').split(',').filter(Boolean)) {
    const [serial, pin] = pair.split('=');
    if (serial && pin) pins.set(serial.trim(), pin.trim());
  }
  return pins;
}

/** `npm run cli -- simulate ...`: returns the exit code. */
export async function runSimulator(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  const action = positionals[0];
  const base = env.INIT_CWD ?? process.cwd();
  const options: SimulatorOptions = {
    url: values.url ?? `http://127.0.0.1:${env.PORT ?? '8080'}`,
    stateFile: path.resolve(base, values.state ?? 'simulator-state.json'),
  };
  const serials = serialsOf(values);
  const pins = pinsOf(values, serials);
  const level = (values.level ?? 'INFO').toUpperCase() as LogLevel;
  if (!LOG_LEVELS.includes(level)) throw new HttpError(400, `--level must be one of ${LOG_LEVELS.join(', ')}`);
  const status = values.status === 'error' ? 'error' : 'ok';
  const lines = Number(values.lines ?? '20');

  if (action === 'listen') return listenAll(options, serials, Number(values.seconds ?? '60'), values.download === true);
  const steps: ((serial: string) => Promise<CallResult | null>)[] = [];
  switch (action) {
    case 'announce':
      steps.push((s) => simulateAnnounce(options, s));
      break;
    case 'pair':
      steps.push(async (s) => (pins.has(s) ? simulatePair(options, s, pins.get(s)!) : null));
      break;
    case 'heartbeat':
      steps.push((s) => simulateHeartbeat(options, s, status));
      break;
    case 'logs':
      steps.push((s) => simulateLogs(options, s, level, lines));
      break;
    case 'manifest':
      steps.push((s) => simulateManifest(options, s, values.download === true));
      break;
    case 'plays': {
      const from = Number(values.from ?? '1');
      const count = Number(values.plays ?? '10');
      if (!Number.isInteger(from) || from < 1 || !Number.isInteger(count) || count < 1 || count > 500) {
        throw new HttpError(400, '--from must be 1 or more and --plays 1-500');
      }
      steps.push((s) => simulatePlays(options, s, from, count));
      break;
    }
    case 'run':
      steps.push(
        (s) => simulateAnnounce(options, s),
        async (s) => (pins.has(s) ? simulatePair(options, s, pins.get(s)!) : null),
        async (s) => (pins.has(s) ? simulateHeartbeat(options, s, status) : null),
        async (s) => (pins.has(s) ? simulateLogs(options, s, level, lines) : null),
      );
      break;
    default:
      throw new HttpError(
        400,
        `Unknown simulate action '${action ?? ''}' (announce, pair, heartbeat, logs, manifest, plays, listen, run)`,
      );
  }
  let failed = 0;
  for (const serial of serials) {
    for (const step of steps) {
      const result = await step(serial);
      if (!result) continue;
      if (result.status !== 200) failed++;
      const line = `${result.serial}: ${result.status} ${result.message}`;
      if (result.status === 200) console.info(line);
      else console.error(line);
    }
  }
  return failed === 0 ? 0 : 1;
}

/** `simulate listen`: paired serials keep their push channels open for `seconds`, collecting and confirming. */
async function listenAll(options: SimulatorOptions, serials: string[], seconds: number, download: boolean) {
  if (!Number.isFinite(seconds) || seconds < 1 || seconds > 86_400)
    throw new HttpError(400, '--seconds must be 1-86400');
  const players = serials.flatMap((serial) => {
    const client = pairedClientOf(options, serial);
    if (!client) {
      console.error(`${serial}: not paired here (no token in the state file)`);
      return [];
    }
    return [
      startSimulatedPlayer({
        client,
        download,
        onApplied: ({ version, reason }) => console.info(`${serial}: applied ${version} (${reason})`),
        onLine: (line) => console.error(`${serial}: ${line}`),
      }),
    ];
  });
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  await Promise.all(players.map((player) => player.stop()));
  return players.length === serials.length ? 0 : 1;
}
