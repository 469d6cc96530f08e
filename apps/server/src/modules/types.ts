import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BlobStore } from '../blob';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { LiveProvider } from '../live';

/** Where media goes: the blob store, the configured live platforms, and local folders for uploads in flight. */
export type MediaDeps = {
  blobs: BlobStore;
  liveProviders: LiveProvider[];
  /** Local folder for uploads being received (multipart temp files and resumable tus uploads). */
  uploadDir: string;
};

/**
 * Says why a content may not be deleted (for example: a schedule still plays it), or null when nothing
 * holds it. Called with the delete transaction's handle. Features that use contents (schedules,
 * playlists) hand their check to buildApp; deleting then answers 409 with the check's message.
 */
export type ContentUsageCheck = (tx: Database, contentId: string) => Promise<string | null>;

/** What every module gets: no globals, so tests can build as many apps as they like. */
export type AppDeps = {
  config: Config;
  db: Database;
  media: MediaDeps;
  /** The content-usage port: every check must pass before a content is deleted. */
  contentUsage: readonly ContentUsageCheck[];
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
