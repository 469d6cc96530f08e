export * from './contentKind';
export * from './defaults';
export * from './diff';
export * from './picker';
export * from './resolution';
export * from './types';
export * from './validation';
export {
  nextScheduleWindow,
  scheduleExtent,
  scheduleWindowAt,
  scheduleWindowsBetween,
  type ZoneClock,
  zoneClock,
} from './windows';
