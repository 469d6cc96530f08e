// Files without a DOM (catalogue and rule checks, the build's own helpers) run in node: they say so in their first
// line (`// @vitest-environment node`), and skip jsdom, antd's stand-ins, Testing Library and the i18n set-up.
if (typeof window !== 'undefined') await import('./domSetup');

export {};
