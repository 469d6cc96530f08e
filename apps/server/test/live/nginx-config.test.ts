import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config';
import { ingestPaths, renderEmbeddedNginxConfig, rtmpApplication } from '../../src/live/ingest/nginxConfig';
import { redactNginxLine } from '../../src/live/ingest/process';

const options = {
  paths: ingestPaths('/srv/signage/data'),
  modulePath: '/usr/lib/nginx/modules/ngx_rtmp_module.so',
  listenHost: '0.0.0.0',
  rtmpPort: 1935,
  hookBaseUrl: 'http://127.0.0.1:8080/internal/live',
  hookSecret: 'S'.repeat(43),
};

describe("the embedded ingest's nginx configuration", () => {
  const config = renderEmbeddedNginxConfig(options);

  it('runs in the foreground under the server, with its own pid file and temp folders, RTMP module loaded', () => {
    expect(config).toContain('load_module /usr/lib/nginx/modules/ngx_rtmp_module.so;');
    expect(config).toContain('daemon off;');
    expect(config).toContain('worker_processes 1;');
    expect(config).toContain('pid /srv/signage/data/live/nginx.pid;');
    expect(config).toContain('client_body_temp_path /srv/signage/data/live/temp/body;');
    expect(config).toContain('listen 1935;');
  });

  it('logs nothing that names a stream: no access log, errors at alert only', () => {
    expect(config).toContain('error_log stderr alert;');
    expect(config.match(/access_log/g)).toEqual(['access_log']);
    expect(config).toContain('access_log off;');
  });

  it('asks the server with the secret on publish, when done and every 5 s; controls only over its socket', () => {
    for (const event of ['publish', 'publish_done', 'update']) {
      expect(config).toContain(`on_${event} http://127.0.0.1:8080/internal/live/${event}?secret=${'S'.repeat(43)};`);
    }
    expect(config).toContain('notify_update_timeout 5s;');
    expect(config).toContain('listen unix:/srv/signage/data/live/control.sock;');
    expect(config).toContain('rtmp_control all;');
    expect(config).toContain('deny play all;');
  });

  it('writes HLS per key with 1 s fragments and a short playlist', () => {
    expect(config).toContain('hls_path /srv/signage/data/live/hls;');
    expect(config).toContain('hls_nested on;');
    expect(config).toContain('hls_fragment 1s;');
    expect(config).toContain('hls_playlist_length 4s;');
    expect(config).toContain('hls_cleanup on;');
  });

  it('listens on one address when the server does, and refuses paths nginx would misread', () => {
    expect(renderEmbeddedNginxConfig({ ...options, listenHost: '10.0.4.17' })).toContain('listen 10.0.4.17:1935;');
    expect(renderEmbeddedNginxConfig({ ...options, listenHost: '::1' })).toContain('listen [::1]:1935;');
    expect(() => renderEmbeddedNginxConfig({ ...options, paths: ingestPaths('/srv/my data') })).toThrow(/characters/);
    expect(() => renderEmbeddedNginxConfig({ ...options, paths: ingestPaths('/srv/a;b') })).toThrow(/characters/);
  });
});

describe('the production template (deploy/nginx-rtmp.conf)', () => {
  const template = readFileSync(path.join(REPO_ROOT, 'deploy/nginx-rtmp.conf'), 'utf8');

  it('has the same live application as the embedded ingest', () => {
    const hook = (event: string) => `SIGNAGE_URL/internal/live/${event}?secret=HOOK_SECRET`;
    const application = rtmpApplication({
      hls: '/var/lib/signage-live/hls',
      publish: hook('publish'),
      done: hook('publish_done'),
      update: hook('update'),
    });
    expect(template).toContain(application);
    expect(template).toContain('error_log /var/log/nginx/error.log alert;');
    expect(template).toContain('access_log off;');
    expect(template).toContain('worker_processes 1;');
  });
});

describe('lines nginx writes', () => {
  it('reach the server log without anything shaped like a key or secret', () => {
    const key = 'Fbl8Sg7lZMj5FUXES5J-FtiQ24iHswHj';
    const line = `2026/11/25 04:13:21 [alert] 1#1: open() "/data/live/hls/${key}/index.m3u8.bak" failed`;
    expect(redactNginxLine(line)).not.toContain(key);
    expect(redactNginxLine(line)).toContain('/data/live/hls/[redacted]/index.m3u8.bak');
    expect(redactNginxLine('bind() to 0.0.0.0:1935 failed (98: Address already in use)')).toBe(
      'bind() to 0.0.0.0:1935 failed (98: Address already in use)',
    );
  });
});
