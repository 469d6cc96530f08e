import { DeleteOutlined } from '@ant-design/icons';
import {
  formFromSchedule,
  MESSAGES,
  runtimeZone,
  type ScheduleForm,
  type ScheduleIssue,
  scheduleUpdateBody,
  scheduleUpdateChanges,
  type TSchedule,
  todayIn,
  validateScheduleValues,
  zoneLabel,
} from '@signage/domain';
import { Alert, Button, Card, Descriptions, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeviceContentList } from '../../../app/shell/deviceContentList';
import { useBanner } from '../../../app/shell/useBanner';
import { errorMessageOf } from '../../../lib/api';
import { openDialog } from '../../../ui/dialog';
import { PageHeader } from '../../../ui/PageHeader';
import { useDeleteSchedule, useUpdateSchedule } from '../contentList/api';
import { isLockedLive } from '../contentList/format';
import { ChosenSchedule } from '../update/ChosenSchedule';
import { playerDetailPath, useScheduleSelection, valuesOf } from '../update/selection';
import { SettingForm } from '../wizard/SettingForm';
import '../../../i18n/schedules';

/** The zone the user enters dates and times in: this browser's (sent as zone_code, decides 'today'). */
const userZone = () => runtimeZone();

function UpdateForm({
  schedule,
  deviceCode,
  playerZone,
}: {
  schedule: TSchedule;
  deviceCode: string;
  playerZone: string | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const banner = useBanner();
  const { from } = useScheduleSelection();
  const today = todayIn(userZone());
  const before = valuesOf(schedule);
  const [form, setForm] = useState<ScheduleForm>(() =>
    formFromSchedule(before, { today, firstContentLive: schedule.first_content_live }),
  );
  const [issues, setIssues] = useState<ScheduleIssue[]>([]);
  const update = useUpdateSchedule(schedule.schedule_id);
  const remove = useDeleteSchedule();
  const changes = scheduleUpdateChanges(before, form, today);
  const changed = Object.keys(changes).length > 0;
  const locked = playerZone !== null && isLockedLive(schedule, playerZone);
  const backToPlayer = () => navigate(playerDetailPath(deviceCode), { replace: true });

  const submit = () => {
    const found = validateScheduleValues(
      { ...before, ...changes },
      { today, timing: form.timing, checkStart: 'available_date_from' in changes },
    );
    setIssues(found);
    if (found.length > 0) return;
    openDialog({
      kind: 'scheduleUpdate',
      title: t('scheduleView.update.confirmTitle'),
      content: t('scheduleView.update.confirmContent', { name: form.scheduleName }),
      // The promise, not mutate's callbacks: the refresh after the write gives the schedule a new version,
      // which remounts this form (ChosenSchedule keys it so) and would drop those callbacks with it, leaving
      // the user on the form with neither the message nor the player's detail.
      onOk: () =>
        void update.mutateAsync(scheduleUpdateBody(before, form, { today, zoneCode: userZone() })).then(
          () => {
            banner.show({ level: 'info', text: 'scheduleView.update.done' });
            backToPlayer();
          },
          (error) => banner.show({ level: 'error', text: errorMessageOf(error, MESSAGES.schedulePutFailed) }),
        ),
    });
  };

  const confirmDelete = () =>
    openDialog({
      kind: 'scheduleDelete',
      title: t('scheduleView.delete.confirmTitle'),
      content: t('scheduleView.delete.confirmContent', { name: schedule.schedule_name }),
      okText: t('common.delete'),
      danger: true,
      // The promise, as for the update: the refresh after the delete unmounts this form (the schedule is gone).
      onOk: () =>
        void remove.mutateAsync(schedule.schedule_id).then(
          () => {
            banner.show({ level: 'info', text: 'scheduleView.delete.done' });
            // SPEC.md section 4: from player detail the detail reloads (its queries were invalidated); from
            // elsewhere the schedule selection is cleared and the player's detail shown.
            if (from !== 'detail') useDeviceContentList.setState({ scheduleId: null });
            backToPlayer();
          },
          (error) => banner.show({ level: 'error', text: errorMessageOf(error, MESSAGES.scheduleDeleteFailed) }),
        ),
    });

  return (
    <>
      <PageHeader
        title={t('title.scheduleDetail')}
        extra={
          <Button danger icon={<DeleteOutlined />} onClick={confirmDelete} loading={remove.isPending}>
            {t('common.delete')}
          </Button>
        }
      />
      <Card>
        <Flex vertical gap={16}>
          {locked ? <Alert type="warning" showIcon title={t('scheduleView.lockedLive')} /> : null}
          <Typography.Text type="secondary">
            {t('scheduleView.form.zoneNote', {
              zone: playerZone ? zoneLabel(playerZone) : '-',
              userZone: zoneLabel(userZone()),
            })}
          </Typography.Text>
          <SettingForm form={form} today={today} issues={issues} onChange={setForm} />
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'contents',
                label: t('scheduleView.contents'),
                children: schedule.contents.map((c) => c.name).join(', ') || '-',
              },
              {
                key: 'players',
                label: t('scheduleView.players'),
                children:
                  schedule.dest_hidden > 0
                    ? t('scheduleView.playersWithHidden', { count: schedule.dest.length, hidden: schedule.dest_hidden })
                    : t('scheduleView.playersCount', { count: schedule.dest.length }),
              },
            ]}
          />
          <Flex gap={8} justify="flex-end">
            <Button onClick={backToPlayer}>{t('common.back')}</Button>
            <Button type="primary" onClick={submit} disabled={!changed || locked} loading={update.isPending}>
              {t('scheduleView.update.submit')}
            </Button>
          </Flex>
        </Flex>
      </Card>
    </>
  );
}

/**
 * Schedule update (SPEC.md section 2): the schedule's fields loaded by the domain's rules, the scheduleUpdate
 * dialog (only the changed fields plus zone_code are sent) and the scheduleDelete dialog. Without a schedule
 * or a player chosen there is nothing to edit: back to the player list (SPEC.md section 4).
 */
export default function ScheduleUpdatePage() {
  return (
    <ChosenSchedule titleKey="title.scheduleDetail">
      {({ schedule, deviceCode, playerZone }) => (
        <UpdateForm schedule={schedule} deviceCode={deviceCode} playerZone={playerZone} />
      )}
    </ChosenSchedule>
  );
}
