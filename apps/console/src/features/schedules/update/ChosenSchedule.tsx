import { MESSAGES, type TSchedule } from '@signage/domain';
import { Card, Empty } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import type { I18nKey } from '../../../i18n/keys';
import { translateMessage } from '../../../i18n/messages';
import { errorMessageOf } from '../../../lib/api';
import { CenteredSpinner } from '../../../ui/CenteredSpinner';
import { PageHeader } from '../../../ui/PageHeader';
import { useDeviceSchedules, useSchedule } from '../contentList/api';
import { useScheduleSelection } from './selection';
import '../../../i18n/schedules';

type Chosen = { schedule: TSchedule; deviceCode: string; playerZone: string | null };

/**
 * The schedule a schedule-edit screen works on (Edit contents, Schedule update): without a schedule or a
 * player chosen, back to the player list (SPEC.md section 4); a spinner while it loads; the load failure
 * under the screen's title; else the screen, keyed by the schedule's version so a save starts it afresh.
 */
export function ChosenSchedule({ titleKey, children }: { titleKey: I18nKey; children: (chosen: Chosen) => ReactNode }) {
  const { t } = useTranslation();
  const { scheduleId, deviceCode } = useScheduleSelection();
  const schedule = useSchedule(scheduleId);
  const schedules = useDeviceSchedules(deviceCode);
  if (!scheduleId || !deviceCode) return <Navigate to="/device/list" replace />;
  if (schedule.isLoading) return <CenteredSpinner label={t('common.loading')} />;
  if (!schedule.data) {
    return (
      <>
        <PageHeader title={t(titleKey)} />
        <Card>
          <Empty description={translateMessage(t, errorMessageOf(schedule.error, MESSAGES.scheduleGetFailed))} />
        </Card>
      </>
    );
  }
  return (
    <Fragment key={schedule.data.updated_at}>
      {children({ schedule: schedule.data, deviceCode, playerZone: schedules.data?.time_zone ?? null })}
    </Fragment>
  );
}
