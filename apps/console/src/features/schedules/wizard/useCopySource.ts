import {
  formFromSchedule,
  MESSAGES,
  parseLocalDate,
  parseLocalTime,
  runtimeZone,
  type ScheduleValues,
  setDeliveryTiming,
  type TSchedule,
  todayIn,
} from '@signage/domain';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useBanner } from '../../../app/shell/useBanner';
import { errorMessageOf } from '../../../lib/api';
import { useScheduleSource } from './api';
import { startCopy, toWizardContent, useWizard, type WizardMode } from './state';

/** The stored values of a schedule, as the domain's form rules take them (players are chosen anew). */
export function copyValuesOf(schedule: TSchedule): ScheduleValues {
  return {
    playlist_name: schedule.playlist_name,
    schedule_name: schedule.schedule_name,
    available_date_from: parseLocalDate(schedule.available_date_from) ?? '',
    available_date_to: parseLocalDate(schedule.available_date_to) ?? '',
    available_time_from: parseLocalTime(schedule.available_time_from) ?? '',
    available_time_to: parseLocalTime(schedule.available_time_to) ?? '',
    download_allow_hour: schedule.download_allow_hour,
    contents: schedule.contents.filter((c) => !c.deleted).map((c) => c.content_id),
    dest: [],
  };
}

/**
 * A copy's source (SPEC.md section 2, Copy-schedule): /duplicateschedule/*?schedule_id=ID loads the schedule
 * once and prefills the contents and the setting; players are chosen anew. Without a schedule to copy the
 * user goes back to the player list (SPEC.md section 4: missing schedule selection).
 */
export function useCopySource(mode: WizardMode) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { setting } = useWizard(mode);
  const stored = mode === 'duplicate' ? (setting.criteria.sourceId ?? null) : null;
  const wanted = mode === 'duplicate' ? (params.get('schedule_id') ?? stored) : null;
  const needsLoad = wanted !== null && wanted !== stored;
  const source = useScheduleSource(needsLoad ? wanted : null);

  useEffect(() => {
    if (mode === 'duplicate' && wanted === null) navigate('/device/list', { replace: true });
  }, [mode, wanted, navigate]);

  useEffect(() => {
    if (!needsLoad || wanted === null) return;
    if (source.data) {
      const schedule = source.data;
      const today = todayIn(runtimeZone());
      const stored = formFromSchedule(copyValuesOf(schedule), { today, firstContentLive: schedule.first_content_live });
      // A copy of a schedule that started already: re-applying its timing moves dates the timing no longer
      // allows (Night: today or earlier to tomorrow) the way the setting step itself would.
      const form = setDeliveryTiming(stored, stored.timing, today);
      const contents = schedule.contents.filter((c) => !c.deleted).map(toWizardContent);
      startCopy({ id: wanted, name: schedule.schedule_name }, contents, form);
    } else if (source.error) {
      useBanner.getState().show({ level: 'error', text: errorMessageOf(source.error, MESSAGES.scheduleGetFailed) });
      navigate('/device/list', { replace: true });
    }
  }, [needsLoad, wanted, source.data, source.error, navigate]);

  return {
    ready: mode === 'new' || (wanted !== null && !needsLoad),
    sourceId: wanted,
    sourceName: mode === 'duplicate' ? setting.criteria.sourceName : undefined,
  };
}
