import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, displayUrl, loadConfig, REPO_ROOT } from '../src/config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({ INIT_CWD: '/srv/signage' });
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/signage/data',
      databaseUrl: undefined,
      storageUrl: undefined,
      storagePublicUrl: undefined,
      mediaUrlTtlSeconds: 900,
      publicUrl: undefined,
      adminPassword: undefined,
      consoleDist: path.join(REPO_ROOT, 'apps/console/dist'),
      playerDist: path.join(REPO_ROOT, 'apps/player/dist'),
      pgliteTemplate: path.join(REPO_ROOT, 'apps/server/dist/pglite-template'),
      logLevel: 'info',
      playRetentionDays: 400,
      orphanGraceMs: 3_600_000,
      deviceCacheEntries: 250_000,
      trustProxy: 'loopback',
      drainTimeoutMs: 30_000,
      live: {
        bambuserApiKey: undefined,
        bambuserBaseUrl: undefined,
        liveRtmpUrl: undefined,
        liveHlsUrl: undefined,
        ingest: 'embedded',
        rtmpPort: 1935,
        nginxPath: '/usr/sbin/nginx',
        nginxModule: '/usr/lib/nginx/modules/ngx_rtmp_module.so',
        hookSecret: undefined,
        controlUrl: undefined,
      },
      alerts: {
        smtpUrl: undefined,
        from: 'Signage Console <alerts@localhost>',
        offlineMinutes: 10,
        behindMinutes: 30,
        quietMinutes: 60,
        checkSeconds: 60,
        allowPrivateWebhooks: false,
      },
    });
    expect(displayUrl(config)).toBe('http://localhost:8080');
  });

  it('reads every variable and resolves relative paths from where the command was typed', () => {
    const config = loadConfig({
      INIT_CWD: '/home/me/signage',
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: 'var/data',
      DATABASE_URL: 'postgres://db/signage',
      STORAGE_URL: 's3://bucket',
      PUBLIC_URL: 'https://signage.example.com/',
      ADMIN_PASSWORD: 'secret-password',
      CONSOLE_DIST: 'build/console',
      LOG_LEVEL: 'WARN',
      PLAY_RETENTION_DAYS: '90',
      ORPHAN_GRACE_MINUTES: '0',
      DEVICE_CACHE_ENTRIES: '1000000',
      TRUST_PROXY: 'true',
      DRAIN_TIMEOUT_SECONDS: '45',
      BAMBUSER_API_KEY: 'bk',
      BAMBUSER_BASE_URL: 'http://127.0.0.1:9/api',
      LIVE_RTMP_URL: 'rtmp://live.example.com/live',
      LIVE_HLS_URL: 'https://live.example.com/hls',
      LIVE_HOOK_SECRET: 'h'.repeat(40),
      LIVE_CONTROL_URL: 'http://127.0.0.1:8088/control',
      LIVE_INGEST: 'OFF',
      LIVE_RTMP_PORT: '19350',
      LIVE_NGINX: 'bin/nginx',
      LIVE_NGINX_MODULE: '/opt/rtmp.so',
    });
    expect(config).toMatchObject({
      drainTimeoutMs: 45_000,
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/home/me/signage/var/data',
      databaseUrl: 'postgres://db/signage',
      storageUrl: 's3://bucket',
      publicUrl: 'https://signage.example.com',
      adminPassword: 'secret-password',
      consoleDist: '/home/me/signage/build/console',
      logLevel: 'warn',
      playRetentionDays: 90,
      orphanGraceMs: 0,
      deviceCacheEntries: 1_000_000,
      trustProxy: true,
      live: {
        bambuserApiKey: 'bk',
        bambuserBaseUrl: 'http://127.0.0.1:9/api',
        liveRtmpUrl: 'rtmp://live.example.com/live',
        liveHlsUrl: 'https://live.example.com/hls',
        hookSecret: 'h'.repeat(40),
        controlUrl: 'http://127.0.0.1:8088/control',
        ingest: 'off',
        rtmpPort: 19350,
        nginxPath: '/home/me/signage/bin/nginx',
        nginxModule: '/opt/rtmp.so',
      },
    });
    // The HLS folder of nginx run as its own service may be a path, resolved like DATA_DIR.
    expect(loadConfig({ INIT_CWD: '/srv', LIVE_HLS_URL: 'live/hls' }).live.liveHlsUrl).toBe('/srv/live/hls');
    expect(displayUrl(config)).toBe('https://signage.example.com');
  });

  it('treats empty variables as unset and refuses nonsense with a clear message', () => {
    expect(loadConfig({ DATABASE_URL: '', ADMIN_PASSWORD: '' })).toMatchObject({
      databaseUrl: undefined,
      adminPassword: undefined,
    });
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(
      new ConfigError("PORT must be a whole number between 0 and 65535, got 'eighty'"),
    );
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(ConfigError);
    expect(() => loadConfig({ LIVE_INGEST: 'nginx' })).toThrow(
      new ConfigError("LIVE_INGEST must be one of embedded, off, got 'nginx'"),
    );
    expect(() => loadConfig({ LIVE_RTMP_PORT: '0' })).toThrow(
      new ConfigError("LIVE_RTMP_PORT must be a whole number between 1 and 65535, got '0'"),
    );
    expect(() => loadConfig({ DRAIN_TIMEOUT_SECONDS: '0' })).toThrow(
      new ConfigError("DRAIN_TIMEOUT_SECONDS must be a whole number of seconds from 1 to 3600, got '0'"),
    );
    expect(() => loadConfig({ DEVICE_CACHE_ENTRIES: 'many' })).toThrow(
      new ConfigError("DEVICE_CACHE_ENTRIES must be a whole number from 0 to 10000000, got 'many'"),
    );
    expect(() => loadConfig({ PLAY_RETENTION_DAYS: '0' })).toThrow(
      new ConfigError("PLAY_RETENTION_DAYS must be a whole number of days from 1 to 36500, got '0'"),
    );
    expect(() => loadConfig({ ORPHAN_GRACE_MINUTES: '1.5' })).toThrow(
      new ConfigError("ORPHAN_GRACE_MINUTES must be a whole number of minutes from 0 to 10080, got '1.5'"),
    );
  });

  it('reads the media URL settings of S3 storage and refuses what cannot be signed for', () => {
    expect(
      loadConfig({ STORAGE_PUBLIC_URL: 'https://media.example.com:8443/', MEDIA_URL_TTL_SECONDS: '60' }),
    ).toMatchObject({ storagePublicUrl: 'https://media.example.com:8443', mediaUrlTtlSeconds: 60 });
    expect(loadConfig({ MEDIA_URL_TTL_SECONDS: '604800' }).mediaUrlTtlSeconds).toBe(604_800);
    for (const ttl of ['0', '604801', '15m', '1.5']) {
      expect(() => loadConfig({ MEDIA_URL_TTL_SECONDS: ttl })).toThrow(
        new ConfigError(
          `MEDIA_URL_TTL_SECONDS must be a whole number of seconds from 1 to 604800 (a week, S3's limit), got '${ttl}'`,
        ),
      );
    }
    expect(() => loadConfig({ STORAGE_PUBLIC_URL: 'cdn.example.com' })).toThrow(
      new ConfigError("STORAGE_PUBLIC_URL must be an http(s) URL, got 'cdn.example.com'"),
    );
    expect(() => loadConfig({ STORAGE_PUBLIC_URL: 'https://cdn.example.com/media' })).toThrow(
      /STORAGE_PUBLIC_URL must be an origin only .* got 'https:\/\/cdn.example.com\/media'/,
    );
  });

  it('reads the alert settings and refuses an SMTP URL it cannot use without echoing its password', () => {
    expect(
      loadConfig({ SMTP_URL: 'smtps://ops:secret@mail.example.com:465', ALERT_OFFLINE_MINUTES: '5' }).alerts,
    ).toMatchObject({ smtpUrl: 'smtps://ops:secret@mail.example.com:465', offlineMinutes: 5 });
    expect(loadConfig({ ALERT_WEBHOOK_ALLOW_PRIVATE: 'true' }).alerts.allowPrivateWebhooks).toBe(true);
    // Seconds for a test: offline after 0.1 minutes (6 s), a round every 2 s.
    expect(loadConfig({ ALERT_OFFLINE_MINUTES: '0.1', ALERT_CHECK_SECONDS: '2' }).alerts).toMatchObject({
      offlineMinutes: 0.1,
      checkSeconds: 2,
    });
    for (const refused of ['0.01', '1e3', '1441', 'ten']) {
      expect(() => loadConfig({ ALERT_OFFLINE_MINUTES: refused })).toThrow(
        new ConfigError(`ALERT_OFFLINE_MINUTES must be a number of minutes from 0.05 to 1440, got '${refused}'`),
      );
    }
    expect(() => loadConfig({ ALERT_CHECK_SECONDS: '0' })).toThrow(
      new ConfigError("ALERT_CHECK_SECONDS must be a whole number of seconds from 1 to 3600, got '0'"),
    );
    expect(() => loadConfig({ ALERT_WEBHOOK_ALLOW_PRIVATE: 'yes' })).toThrow(
      new ConfigError("ALERT_WEBHOOK_ALLOW_PRIVATE must be true or false, got 'yes'"),
    );
    expect(() => loadConfig({ SMTP_URL: 'https://ops:secret@mail.example.com' })).toThrow(
      new ConfigError("SMTP_URL must be an smtp:// or smtps:// URL, got 'https://…@mail.example.com'"),
    );
    expect(() => loadConfig({ ALERT_QUIET_MINUTES: '-1' })).toThrow(
      new ConfigError("ALERT_QUIET_MINUTES must be a whole number of minutes from 0 to 1440, got '-1'"),
    );
  });
});
