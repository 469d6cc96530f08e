// Run by supervisor.test.ts as a server process of its own: starts the embedded ingest, says whether it runs, then
// ends the way a server may end without stopping it (a second Ctrl+C, the shutdown timeout): process.exit.
import pino from 'pino';
import { EmbeddedIngest } from '../../src/live';

const [dataDir = '', port = '0'] = process.argv.slice(2);
const ingest = new EmbeddedIngest({
  dataDir,
  listenHost: '127.0.0.1',
  rtmpPort: Number(port),
  nginxPath: '/usr/sbin/nginx',
  modulePath: '/usr/lib/nginx/modules/ngx_rtmp_module.so',
});
await ingest.start('http://127.0.0.1:1/internal/live', pino({ level: 'silent' }));
process.stdout.write(`${ingest.state()}\n`);
process.exit(1);
