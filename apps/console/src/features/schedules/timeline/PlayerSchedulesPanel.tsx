import { MESSAGES, parseZone, type TDevice, UTC, zoneLabel } from '@signage/domain';
import { Alert, Card, Divider, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { openDeviceContentList } from '../../../app/shell/deviceContentList';
import { translateMessage } from '../../../i18n/messages';
import { errorMessageOf } from '../../../lib/api';
import { useDeviceSchedules } from '../contentList/api';
import { EffectiveSchedule } from './EffectiveSchedule';
import { ScheduleTimeline } from './ScheduleTimeline';
import '../../../i18n/schedules';

/** Player detail's schedule part: the timeline and the effective-schedule view, in the player's zone. */
export default function PlayerSchedulesPanel({ device }: { device: TDevice }) {
  const { t } = useTranslation();
  // Ended schedules too: the effective view may be asked about a past moment.
  const query = useDeviceSchedules(device.device_code, { includeEnded: true });
  const list = query.data;
  const zone = parseZone(list?.time_zone ?? device.time_zone) ?? UTC;
  const open = (scheduleId: string) => openDeviceContentList(device.device_code, { scheduleId, origin: 'detail' });

  return (
    <Card
      title={t('scheduleView.timeline.title')}
      extra={<Typography.Text type="secondary">{t('scheduleView.inZone', { zone: zoneLabel(zone) })}</Typography.Text>}
      style={{ marginTop: 16 }}
    >
      {query.isLoading ? <Skeleton active /> : null}
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          title={translateMessage(t, errorMessageOf(query.error, MESSAGES.scheduleGetFailed))}
        />
      ) : null}
      {list ? (
        <>
          <ScheduleTimeline
            schedules={list.schedules}
            zone={zone}
            currentId={list.current_schedule?.schedule_id ?? null}
            nextId={list.next_schedule?.schedule_id ?? null}
            onOpen={open}
          />
          <Divider />
          <EffectiveSchedule schedules={list.schedules} zone={zone} onOpen={open} />
        </>
      ) : null}
    </Card>
  );
}
