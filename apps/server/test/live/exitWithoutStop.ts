// Run by supervisor.test.ts as a server process of its own: starts the embedded ingest, says whether it runs, then
// ends the way a server may end without stopping it (a second Ctrl+C, the shutdown timeout): process.exit.
import { readFileSync } from 'node:fs';
import pino from 'pino';
import { EmbeddedIngest } from '../../src/live';
import { ingestPaths } from '../../src/live/ingest/nginxConfig';

const [dataDir = '', port = '0'] = process.argv.slice(2);
const ingest = new EmbeddedIngest({
  dataDir,
  listenHost: '127.0.0.1',
  rtmpPort: Number(port),
  nginxPath: '/usr/sbin/nginx',
  modulePath: '/usr/lib/nginx/modules/ngx_rtmp_module.so',
});
await ingest.start('http://127.0.0.1:1/internal/live', pino({ level: 'silent' }));
// The nginx master's pid, read while it runs (nginx removes its pid file when it exits).
const pid = readFileSync(ingestPaths(dataDir).pid, 'utf8').trim();
process.stdout.write(`${ingest.state()} ${pid}\n`);
process.exit(1);
