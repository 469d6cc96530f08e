import { vi } from 'vitest';

// Before every test file (vitest.config.ts: isolate false, this setup file): the sources are evaluated afresh, so a
// file's module state (caches, counters, vi.mock of a module or of node:crypto) is its own as if it had a process to
// itself, while the dependencies (fastify, PGlite's WebAssembly, drizzle, pg) stay loaded in the worker from the
// files before. A process per file spent most of its time importing them again (import 146 s of 105 files).
vi.resetModules();
