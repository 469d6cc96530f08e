import type { TScheduleBrief } from '@signage/domain';
import type { Column, SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BlobStore } from '../blob';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { LiveIngest, LiveProvider } from '../live';
import type { PushHub } from '../push';

/**
 * Where media goes: the blob store, the configured live platforms with our own RTMP ingest, and local folders
 * for uploads in flight.
 */
export type MediaDeps = {
  blobs: BlobStore;
  liveProviders: LiveProvider[];
  /** The self-hosted RTMP ingest (embedded nginx, nginx as its own service, or none). */
  liveIngest: LiveIngest;
  /** Local folder for uploads being received (multipart temp files and resumable tus uploads). */
  uploadDir: string;
};

/**
 * Says why a content may not be deleted (for example: a schedule still plays it), or null when nothing
 * holds it. Called with the delete transaction's handle. Features that use contents (schedules,
 * playlists) hand their check to buildApp; deleting then answers 409 with the check's message.
 */
export type ContentUsageCheck = (tx: Database, contentId: string) => Promise<string | null>;

/**
 * The players whose manifests may carry a content (their schedules that play it have not ended), so that a
 * change to the content tells them to collect. Called with the write's transaction.
 */
export type ContentPlayersPort = (tx: Database, contentId: string) => Promise<string[]>;

/**
 * Tells players that their manifest changed, in the write's transaction: the players module's changeManifests
 * (it marks their delivery pending, then the push channel tells them to collect). The contents module, which
 * the players module reads, gets it here instead of importing players.
 */
export type ManifestChangePort = (tx: Database, deviceCodes: Iterable<string>, reason: string) => Promise<void>;

/** A player's schedules as its list row and detail show them. */
export type PlayerScheduleSummary = {
  /** It has a schedule that has not ended in its zone. */
  hasSchedule: boolean;
  current: TScheduleBrief | null;
  next: TScheduleBrief | null;
};

/**
 * What the players feature needs of schedules, without knowing their tables (the schedules module fills
 * it; buildApp hands it over). The players module stays the owner of players, the schedules module of
 * schedules, and neither imports the other's files.
 */
export type PlayerSchedulesPort = {
  /**
   * A SQL boolean over a devices row: the player has a schedule that has not ended in its zone at the
   * moment the query runs (the 'Only unscheduled' filter is its negation).
   */
  scheduledSql(player: { deviceCode: Column; timeZone: Column }): SQL<boolean>;
  /**
   * A SQL column over a devices row: the ids of the player's schedules that have not ended in its zone when
   * the query runs, comma-separated ('' when none), so a page of players reads them in its own statement.
   * Pass table-qualified columns (a select list renders bare column names, which a subquery would rebind).
   */
  unendedIdsSql(player: { deviceCode: Column | SQL; timeZone: Column | SQL }): SQL<string>;
  /** has-schedule, current and next of players whose un-ended schedule ids were read (unendedIdsSql). */
  summariesOf(
    db: Database,
    players: readonly { deviceCode: string; timeZone: string; scheduleIds: readonly string[] }[],
    now: Date,
  ): Promise<Map<string, PlayerScheduleSummary>>;
  /** has-schedule, current and next of many players, in one query (no query per player). */
  summaries(
    db: Database,
    players: readonly { deviceCode: string; timeZone: string }[],
    now: Date,
  ): Promise<Map<string, PlayerScheduleSummary>>;
  /**
   * Takes a player off every schedule, in the player delete transaction (`tx`); a schedule left with no
   * player is deleted.
   */
  detachPlayer(tx: Database, deviceCode: string): Promise<void>;
  /**
   * In the player delete transaction, before the player's row is written: locks the schedules it is on
   * (level 2 of the lock order, devices/repo.ts lockPlayers), which detachPlayer may then delete.
   */
  lockSchedulesOf(tx: Database, deviceCode: string): Promise<void>;
  /**
   * In the transaction that changed a player's zone: writes again the instants of its schedules (when each
   * plays for it), read in the new zone by the domain's rules.
   */
  zoneChanged(tx: Database, deviceCode: string): Promise<void>;
};

/**
 * The blobs one module keeps under a key prefix, for the orphan sweep (modules/orphans): `named` answers
 * which of `keys` (all under `prefix`) a row of the module names, deleted rows included. The sweep removes
 * only old blobs that no row names; prefixes no owner claims are never touched.
 */
export type BlobOwner = {
  prefix: string;
  named(db: Database, keys: readonly string[]): Promise<Set<string>>;
};

/** What every module gets: no globals, so tests can build as many apps as they like. */
/**
 * What the player list and the fleet health read of other modules' tables, as SQL over a player's code: whether
 * its store is open at an instant (modules/hours) and whether it reported a playback error since one
 * (modules/commands). buildApp hands it over, so the players module imports neither.
 */
export type PlayerHealthSql = {
  storeOpenSql(deviceCode: SQL, at: SQL): SQL<boolean>;
  playbackErrorSinceSql(deviceCode: SQL, since: SQL): SQL<boolean>;
};

export type AppDeps = {
  config: Config;
  db: Database;
  media: MediaDeps;
  /** The content-usage port: every check must pass before a content is deleted. */
  contentUsage: readonly ContentUsageCheck[];
  /** The players' view of schedules (has_schedule, current and next, removal with the player). */
  playerSchedules: PlayerSchedulesPort;
  /** Opening hours and playback errors as the player list filters by them (PlayerHealthSql). */
  playerHealth: PlayerHealthSql;
  /** The players' push channels open on this process (writes notify them with notifyPlayers, in SQL). */
  push: { hub: PushHub };
  /** Which players a content change concerns (the schedules module answers). */
  contentPlayers: ContentPlayersPort;
  /** Tells players their manifest changed (the players module answers). */
  changeManifests: ManifestChangePort;
  /** What uploads leave for after their answer (thumbnails): see the contents module's ContentProcessing. */
  contentProcessing: ContentProcessingPort;
};

/** The queue of uploads being processed after their answer (the contents module makes it). */
export type ContentProcessingPort = {
  enqueue(contentId: string): void;
  resume(): Promise<number>;
  idle(): Promise<void>;
  stop(): Promise<void>;
  /** Contents queued or being processed on this process now (/metrics). */
  size(): number;
};
export type ModuleOptions = { deps: AppDeps };
export type ModulePlugin = FastifyPluginAsyncZod<ModuleOptions>;

export type ApiModule = {
  name: string;
  /** URL prefix of the module's routes, e.g. '/api/users'. */
  prefix: string;
  plugin: ModulePlugin;
  /**
   * true: the module authenticates by itself (health, the player agent). Otherwise every route needs
   * a session (401) unless it sets `config: { public: true }`.
   */
  public?: boolean;
};
