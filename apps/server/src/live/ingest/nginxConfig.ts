import path from 'node:path';

/**
 * HLS settings, chosen for latency on a store screen: 1 s fragments (the encoder's keyframe interval should be
 * 1 s: `-g` of the frame rate), a 4 s playlist (hls.js starts 3 fragments behind the live edge, so about 3-4 s
 * behind the encoder, plus the encoder's own delay), and fragments removed once they left the playlist.
 */
export const HLS_SETTINGS = { fragmentSeconds: 1, playlistSeconds: 4 } as const;
/** How often nginx re-asks the hook whether a publisher may go on (a rotated or deleted key stops within this). */
export const UPDATE_SECONDS = 5;
/** The RTMP application encoders push to: rtmp://host:port/live with the stream key as the stream name. */
export const RTMP_APPLICATION = 'live';

/** The embedded ingest's files, all under DATA_DIR/live. */
export function ingestPaths(dataDir: string) {
  const root = path.join(dataDir, 'live');
  return {
    root,
    config: path.join(root, 'nginx.conf'),
    pid: path.join(root, 'nginx.pid'),
    hls: path.join(root, 'hls'),
    temp: path.join(root, 'temp'),
    control: path.join(root, 'control.sock'),
  };
}
export type IngestPaths = ReturnType<typeof ingestPaths>;

export type EmbeddedNginxOptions = {
  paths: IngestPaths;
  modulePath: string;
  /** Where encoders connect: the server's HOST and LIVE_RTMP_PORT. */
  listenHost: string;
  rtmpPort: number;
  /** This server's hook address as nginx reaches it, e.g. http://127.0.0.1:8080/internal/live. */
  hookBaseUrl: string;
  /** The random per-start secret the hook calls carry. */
  hookSecret: string;
  /** Set when the server runs as root: nginx's worker then runs as that user too, so it can write DATA_DIR. */
  user?: string;
};

/** `listen` takes host:port; an IPv6 address goes in brackets. */
function listenAddress(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '') return String(port);
  return host.includes(':') && !host.startsWith('[') ? `[${host}]:${port}` : `${host}:${port}`;
}

/** nginx reads `;`, `{`, quotes and spaces as syntax: paths with them cannot be written into its config. */
export function assertConfigSafe(name: string, value: string): void {
  if (/[\s;{}"'\\$#]/.test(value))
    throw new Error(`${name} contains characters nginx's configuration cannot hold: ${value}`);
}

/**
 * The nginx configuration of the embedded ingest, rewritten at every start. Notes on choices:
 * - `error_log stderr alert`: at `crit` and below nginx-rtmp prints the paths of HLS folders, whose names are
 *   stream keys; alert and emerg carry no stream name (bind failures, crashes). The server reads stderr.
 * - no access log anywhere; the control module listens on a Unix socket in DATA_DIR/live (owner only), not on
 *   a port another local user could reach.
 * - one worker: the control module and the live application only see the sessions of their own worker.
 * - `deny play all`: nobody watches over RTMP; viewers get HLS through the server, which checks access.
 */
export function renderEmbeddedNginxConfig(options: EmbeddedNginxOptions): string {
  const { paths } = options;
  for (const [name, value] of Object.entries({ ...paths, modulePath: options.modulePath })) {
    assertConfigSafe(name, value);
  }
  const hook = (event: string) => `${options.hookBaseUrl}/${event}?secret=${options.hookSecret}`;
  return `# Written by Signage Console at every start of the embedded live ingest; edits are lost.
load_module ${options.modulePath};
${options.user ? `user ${options.user};\n` : ''}daemon off;
master_process on;
worker_processes 1;
pid ${paths.pid};
error_log stderr alert;

events {
  worker_connections 1024;
}

rtmp {
  server {
    listen ${listenAddress(options.listenHost, options.rtmpPort)};
    chunk_size 4096;
${rtmpApplication({ hls: paths.hls, publish: hook('publish'), done: hook('publish_done'), update: hook('update') })}
  }
}

http {
  access_log off;
  client_body_temp_path ${paths.temp}/body;
  proxy_temp_path ${paths.temp}/proxy;
  fastcgi_temp_path ${paths.temp}/fastcgi;
  uwsgi_temp_path ${paths.temp}/uwsgi;
  scgi_temp_path ${paths.temp}/scgi;

  server {
    listen unix:${paths.control};
    location = /ready {
      return 204;
    }
    location /control {
      rtmp_control all;
    }
  }
}
`;
}

/** The `application live` block, shared with the production template's settings (deploy/nginx-rtmp.conf). */
export function rtmpApplication(urls: { hls: string; publish: string; done: string; update: string }): string {
  return `    application ${RTMP_APPLICATION} {
      live on;
      record off;
      deny play all;
      drop_idle_publisher 10s;
      notify_method post;
      on_publish ${urls.publish};
      on_publish_done ${urls.done};
      on_update ${urls.update};
      notify_update_timeout ${UPDATE_SECONDS}s;
      hls on;
      hls_path ${urls.hls};
      hls_nested on;
      hls_fragment ${HLS_SETTINGS.fragmentSeconds}s;
      hls_playlist_length ${HLS_SETTINGS.playlistSeconds}s;
      hls_cleanup on;
      hls_continuous on;
    }`;
}
