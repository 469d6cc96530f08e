import type en from './en.json';
import type enLive from './en.live.json';
import type enSchedules from './en.schedules.json';

/**
 * English is the reference catalogue: every key t() is called with must exist in en.json, en.schedules.json or
 * en.live.json, or the typecheck fails (a test keeps ja, tw and ko to exactly en's keys).
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en & typeof enSchedules & typeof enLive };
  }
}
