import type { ScheduleValues, TSchedule } from '@signage/domain';
import { useSearchParams } from 'react-router';
import type { ScheduleOrigin } from '../../../app/shell/deviceContentList';

/** The schedule and player an edit screen works on, from its address (set by the device content list). */
export function useScheduleSelection() {
  const [params] = useSearchParams();
  const from: ScheduleOrigin = params.get('from') === 'detail' ? 'detail' : 'list';
  return { scheduleId: params.get('schedule_id'), deviceCode: params.get('device_code'), from };
}

export const playerDetailPath = (deviceCode: string) => `/device/detail?device_code=${encodeURIComponent(deviceCode)}`;

/** The values the API carries, as the domain's rules read them (content ids in order). */
export function valuesOf(schedule: TSchedule): ScheduleValues {
  return {
    playlist_name: schedule.playlist_name,
    schedule_name: schedule.schedule_name,
    available_date_from: schedule.available_date_from as ScheduleValues['available_date_from'],
    available_date_to: schedule.available_date_to as ScheduleValues['available_date_to'],
    available_time_from: schedule.available_time_from as ScheduleValues['available_time_from'],
    available_time_to: schedule.available_time_to as ScheduleValues['available_time_to'],
    download_allow_hour: schedule.download_allow_hour,
    contents: schedule.contents.map((c) => c.content_id),
    dest: [...schedule.dest],
  };
}
