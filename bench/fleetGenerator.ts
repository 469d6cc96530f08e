/**
 * One load-generator process of the fleet bench (bench/fleet.ts forks several, each with its slice of the
 * players). Raw node:http: every player holds its push channel (GET /agent/v1/events) on its own socket from
 * a loopback source address of its own range (127.0.0.2, 127.0.0.3 ...: one address has about 28,000
 * ephemeral ports), collects its manifest on 'hello' and on every 'manifest' event as the web player does
 * (and beats after a collect that brought a new version), and in a run sends its poll and heartbeat at
 * planned times (open loop: latency counts from the planned time, so a request sent late counts its
 * lateness). The requests go through keep-alive agents, one per server port.
 */
import http from 'node:http';
import { token } from './fleetData';
import { type Planned, plan, sourceAddress } from './fleetPlan';

export type GeneratorCommand =
  | { type: 'connect'; from: number; to: number; ports: number[]; perAddress: number; perSecond: number }
  | { type: 'run'; players: number; start: number; durationMs: number; drainMs: number }
  | { type: 'mark'; from: number; to: number }
  | { type: 'stop' };

export type GeneratorReport =
  | { type: 'connected'; connected: number; failed: number; retried: number; reasons: Record<string, number> }
  | { type: 'ran'; planned: number; served: number; failed: number; latencies: number[]; cpuMs: number }
  | { type: 'fanout'; event: number[]; manifest: number[]; missing: number };

type Player = {
  index: number;
  port: number;
  etag: string;
  channel: http.ClientRequest | null;
  collecting: Promise<void>;
};

const players = new Map<number, Player>();
/** Why push channels did not open in the current connect command (error code or HTTP status), counted. */
const reasons = new Map<string, number>();
const agents = new Map<number, http.Agent>();
let watch: { from: number; to: number; event: Map<number, number>; manifest: Map<number, number> } | null = null;

const send = (report: GeneratorReport) => process.send?.(report);
const agentOf = (port: number) => {
  let agent = agents.get(port);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, maxSockets: 48 });
    agents.set(port, agent);
  }
  return agent;
};

/** One request; resolves with its status (0 when it failed) once the answer has been read to its end. */
function request(player: Player, method: 'GET' | 'POST', path: string, body?: string): Promise<number> {
  return new Promise((resolve) => {
    const headers: http.OutgoingHttpHeaders = { authorization: `Bearer ${token(player.index)}` };
    if (method === 'GET' && player.etag) headers['if-none-match'] = player.etag;
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(body);
    }
    const req = http.request(
      { host: '127.0.0.1', port: player.port, method, path, headers, agent: agentOf(player.port) },
      (res) => {
        const etag = res.headers.etag;
        res.resume();
        res.on('end', () => {
          if (method === 'GET' && res.statusCode === 200 && typeof etag === 'string') player.etag = etag;
          resolve(res.statusCode ?? 0);
        });
        res.on('error', () => resolve(0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

const beatBody = JSON.stringify({ status: 'ok', time_zone: 'Asia/Tokyo' });
const poll = (player: Player) => request(player, 'GET', '/agent/v1/manifest');
const beat = (player: Player) => request(player, 'POST', '/agent/v1/heartbeat', beatBody);

/** What the web player does on 'hello' and 'manifest': collect, and confirm a new version by heartbeat. */
function collect(player: Player): Promise<void> {
  player.collecting = player.collecting.then(async () => {
    const before = player.etag;
    const status = await poll(player);
    if (status === 200 && player.etag !== before) {
      if (watch && player.index >= watch.from && player.index < watch.to && !watch.manifest.has(player.index)) {
        watch.manifest.set(player.index, Date.now());
      }
      await beat(player);
    }
  });
  return player.collecting;
}

/**
 * A 'manifest' event: with the manifest in it (the server resolved it) the player holds it now and confirms
 * it by heartbeat, as the web player does; without, it collects.
 */
function pushed(player: Player, block: string, watched: boolean): Promise<void> {
  const line = block.split('\n').find((l) => l.startsWith('data: '));
  const data = line ? (JSON.parse(line.slice(6)) as { manifest?: { version: string } }) : {};
  if (!data.manifest) return collect(player);
  player.collecting = player.collecting.then(async () => {
    player.etag = `"${data.manifest?.version}"`;
    if (watched && watch && !watch.manifest.has(player.index)) watch.manifest.set(player.index, Date.now());
    await beat(player);
  });
  return player.collecting;
}

/** Opens a player's push channel; resolves once its first manifest is held (or the channel failed). */
function connect(player: Player, address: string): Promise<boolean> {
  return new Promise((resolve) => {
    let first = true;
    const req = http.get(
      {
        host: '127.0.0.1',
        port: player.port,
        path: '/agent/v1/events',
        localAddress: address,
        agent: false,
        headers: { authorization: `Bearer ${token(player.index)}`, accept: 'text/event-stream' },
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reasons.set(`HTTP ${res.statusCode}`, (reasons.get(`HTTP ${res.statusCode}`) ?? 0) + 1);
          return resolve(false);
        }
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const name = /^event: (\w+)/m.exec(block)?.[1];
            if (name === 'hello' && first) {
              first = false;
              void collect(player).then(() => resolve(true));
            } else if (name === 'manifest') {
              const watched = watch !== null && player.index >= watch.from && player.index < watch.to;
              if (watched && !watch?.event.has(player.index)) watch?.event.set(player.index, Date.now());
              void pushed(player, block, watched);
            } else if (name === 'hello') void collect(player);
          }
        });
        res.on('error', () => undefined);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      const reason = error.code ?? error.message;
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
      resolve(false);
    });
    player.channel = req;
  });
}

async function connectAll(command: Extract<GeneratorCommand, { type: 'connect' }>) {
  let connected = 0;
  let failed = 0;
  let retried = 0;
  reasons.clear();
  const pending: Promise<void>[] = [];
  const started = Date.now();
  for (let index = command.from; index < command.to; index++) {
    const k = index - command.from;
    const player: Player = {
      index,
      port: command.ports[index % command.ports.length] as number,
      etag: '',
      channel: null,
      collecting: Promise.resolve(),
    };
    players.set(index, player);
    // Paced: a fleet that comes up together would be a herd of first collects, which is not what is measured.
    const due = started + (k * 1000) / command.perSecond;
    if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    pending.push(
      (async () => {
        // As the web player does, a channel that did not open is tried again after a backoff (1 s, 5 times).
        for (let attempt = 0; attempt < 6; attempt++) {
          if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 1000));
          if (await connect(player, sourceAddress(index - 1, command.perAddress))) {
            connected += 1;
            retried += attempt > 0 ? 1 : 0;
            return;
          }
        }
        failed += 1;
      })(),
    );
  }
  await Promise.all(pending);
  send({ type: 'connected', connected, failed, retried, reasons: Object.fromEntries(reasons) });
}

async function run(command: Extract<GeneratorCommand, { type: 'run' }>) {
  const indices = [...players.keys()];
  const from = Math.min(...indices);
  const to = Math.max(...indices) + 1;
  const planned: Planned[] = plan(from, to, command.players, command.start, command.durationMs);
  const latencies: number[] = [];
  let served = 0;
  let failed = 0;
  const inFlight: Promise<void>[] = [];
  const cpuBefore = process.cpuUsage();
  for (const item of planned) {
    const wait = item.at - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const player = players.get(item.player) as Player;
    const answer = item.kind === 'poll' ? poll(player) : beat(player);
    inFlight.push(
      answer.then((status) => {
        if (status === 200 || status === 304) {
          served += 1;
          latencies.push(Date.now() - item.at);
        } else failed += 1;
      }),
    );
  }
  const drained = new Promise((resolve) => setTimeout(resolve, command.drainMs));
  await Promise.race([Promise.all(inFlight), drained]);
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  send({
    type: 'ran',
    planned: planned.length,
    served,
    failed,
    latencies,
    cpuMs: (cpu.user + cpu.system) / 1000,
  });
}

function mark(command: Extract<GeneratorCommand, { type: 'mark' }>) {
  const from = Math.max(command.from, Math.min(...players.keys()));
  const to = Math.min(command.to, Math.max(...players.keys()) + 1);
  watch = { from, to, event: new Map(), manifest: new Map() };
  const current = watch;
  const expected = Math.max(0, to - from);
  const check = setInterval(() => {
    if (current.manifest.size < expected) return;
    clearInterval(check);
    report();
  }, 50);
  const report = () => {
    send({
      type: 'fanout',
      event: [...current.event.values()],
      manifest: [...current.manifest.values()],
      missing: expected - current.manifest.size,
    });
  };
  // Reported incomplete after 60 s: the parent prints how many never got the change.
  setTimeout(() => {
    if (current.manifest.size >= expected) return;
    clearInterval(check);
    report();
  }, 60_000).unref();
}

process.on('message', (command: GeneratorCommand) => {
  if (command.type === 'connect') void connectAll(command);
  else if (command.type === 'run') void run(command);
  else if (command.type === 'mark') mark(command);
  else {
    for (const player of players.values()) player.channel?.destroy();
    for (const agent of agents.values()) agent.destroy();
    process.exit(0);
  }
});
