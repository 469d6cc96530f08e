/**
 * The hours module: the one owner of store_hours, store_hours_exceptions and store_hours_windows (a store's
 * opening hours, issue 29 item 1; docs/opening-hours.md). Other modules ask whether a store is open through
 * storeOpenSql.
 */
export { extendOpeningWindows, hoursZoneChanged, startHoursExtension } from './extend';
export { storeOpenSql } from './open';
export { HOURS_AHEAD_DAYS, readHours } from './repo';
export { hoursRoutes } from './routes';
