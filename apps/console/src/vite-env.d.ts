/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the server API; empty means same origin. */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
