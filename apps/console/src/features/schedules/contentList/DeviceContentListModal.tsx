import {
  MESSAGES,
  ROLE_GROUPS,
  roleAllows,
  type TSchedule,
  type TScheduleContent,
  type TScheduleList,
  zoneLabel,
} from '@signage/domain';
import { Alert, Button, Descriptions, Empty, Flex, Modal, Radio, Spin, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeviceContentList } from '../../../app/shell/deviceContentList';
import { translateMessage } from '../../../i18n/messages';
import { errorMessageOf } from '../../../lib/api';
import { useAuth } from '../../../lib/authStore';
import { useOverlayToggle } from '../../../ui/useOverlay';
import { useDeviceSchedules } from './api';
import { dateRangeText, isLockedLive, timeRangeText } from './format';
import '../../../i18n/schedules';

const THUMB = { width: 72, height: 40 };

/** The schedule shown first: the one asked for, else the current, else the next, else the newest. */
function initialSchedule(list: TScheduleList, asked: string | null): string | null {
  const ids = list.schedules.map((s) => s.schedule_id);
  if (asked && ids.includes(asked)) return asked;
  return list.current_schedule?.schedule_id ?? list.next_schedule?.schedule_id ?? ids[0] ?? null;
}

export function ScheduleMarks({
  list,
  id,
}: {
  list: Pick<TScheduleList, 'current_schedule' | 'next_schedule'>;
  id: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {list.current_schedule?.schedule_id === id ? <Tag color="green">{t('scheduleView.current')}</Tag> : null}
      {list.next_schedule?.schedule_id === id ? <Tag color="blue">{t('scheduleView.next')}</Tag> : null}
    </>
  );
}

function ContentTable({ contents }: { contents: TScheduleContent[] }) {
  const { t } = useTranslation();
  const columns: ColumnsType<TScheduleContent> = [
    { title: t('scheduleView.number'), key: 'n', width: 56, render: (_, __, i) => i + 1 },
    {
      title: t('scheduleView.thumbnail'),
      key: 'thumb',
      width: THUMB.width + 16,
      render: (_, c) =>
        c.thumbnail_url ? (
          <img src={c.thumbnail_url} alt="" style={{ ...THUMB, objectFit: 'cover', borderRadius: 4 }} />
        ) : (
          <div style={{ ...THUMB, background: '#f0f0f0', borderRadius: 4 }} aria-hidden />
        ),
    },
    {
      title: t('scheduleView.contentName'),
      key: 'name',
      render: (_, c) => (
        <Flex gap={6} align="center" wrap>
          <span>{c.name}</span>
          {c.type === 'stream' ? <Tag color="red">{t('scheduleView.live')}</Tag> : null}
          {c.deleted ? <Tag>{t('scheduleView.deleted')}</Tag> : null}
        </Flex>
      ),
    },
    {
      title: t('scheduleView.expiringDate'),
      key: 'license',
      width: 150,
      render: (_, c) => (c.license_to ? c.license_to.slice(0, 10) : t('common.noExpiration')),
    },
  ];
  return (
    <Table
      rowKey={(c) => `${c.content_id}`}
      size="small"
      columns={columns}
      dataSource={contents}
      pagination={contents.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      locale={{ emptyText: t('scheduleView.noContents') }}
    />
  );
}

function ScheduleBody({ list, schedule }: { list: TScheduleList; schedule: TSchedule }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={12}>
      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          {
            key: 'name',
            label: t('scheduleView.scheduleName'),
            children: (
              <Flex gap={8} align="center" wrap>
                <strong>{schedule.schedule_name}</strong>
                <ScheduleMarks list={list} id={schedule.schedule_id} />
              </Flex>
            ),
          },
          { key: 'playlist', label: t('scheduleView.playlistName'), children: schedule.playlist_name },
          { key: 'dates', label: t('scheduleView.dateRange'), children: dateRangeText(t, schedule) },
          {
            key: 'times',
            label: t('scheduleView.timeRange'),
            children: `${timeRangeText(t, schedule)} (${t('scheduleView.inZone', { zone: zoneLabel(list.time_zone) })})`,
          },
        ]}
      />
      <ContentTable contents={schedule.contents} />
      <Typography.Text type="secondary" data-testid="licence-zone">
        {t('scheduleView.licenceZone', { zone: zoneLabel(list.time_zone) })}
      </Typography.Text>
    </Flex>
  );
}

/**
 * The device content list overlay (SPEC.md section 2): a player's schedule with its contents. Change content
 * and Change schedule lock once a schedule whose first content is live has started; Duplicate is for the
 * duplicating roles. A player with several schedules lets the user switch between them.
 */
export default function DeviceContentListModal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const role = useAuth((state) => state.user?.authority);
  const { deviceCode, scheduleId: asked, origin, opened } = useDeviceContentList();
  const [open, , close] = useOverlayToggle('deviceContentList');
  const query = useDeviceSchedules(open ? deviceCode : null);
  const list = query.data;
  // A choice holds for the opening it was made in; the next opening starts on the schedule it was opened for.
  const [choice, setChoice] = useState<{ opened: number; id: string } | null>(null);
  const chosen = choice?.opened === opened ? choice.id : null;
  const setChosen = (id: string) => setChoice({ opened, id });
  const selectedId = chosen ?? (list ? initialSchedule(list, asked) : null);
  const schedule = list?.schedules.find((s) => s.schedule_id === selectedId) ?? null;
  const canEdit = role !== undefined && roleAllows(ROLE_GROUPS.scheduleEditors, role);
  const canDuplicate = role !== undefined && roleAllows(ROLE_GROUPS.scheduleDuplicators, role);
  const locked = schedule && list ? isLockedLive(schedule, list.time_zone) : false;
  const target = (path: string) =>
    schedule && deviceCode
      ? `${path}?schedule_id=${encodeURIComponent(schedule.schedule_id)}&device_code=${encodeURIComponent(deviceCode)}&from=${origin}`
      : '';

  const footer = schedule ? (
    <Flex gap={8} justify="flex-end" wrap>
      {canEdit ? (
        <>
          <Button disabled={locked} onClick={() => navigate(target('/device/contentedit'))}>
            {t('scheduleView.changeContent')}
          </Button>
          <Button disabled={locked} onClick={() => navigate(target('/device/scheduleupdate'))}>
            {t('scheduleView.changeSchedule')}
          </Button>
        </>
      ) : null}
      {canDuplicate ? (
        <Button
          onClick={() =>
            navigate(`/duplicateschedule/selectdevice?schedule_id=${encodeURIComponent(schedule.schedule_id)}`)
          }
        >
          {t('scheduleView.duplicateSchedule')}
        </Button>
      ) : null}
      <Button type="primary" onClick={close}>
        {t('common.close')}
      </Button>
    </Flex>
  ) : null;

  return (
    <Modal
      open={open}
      title={t('scheduleView.contentListTitle')}
      onCancel={close}
      footer={footer}
      width={860}
      destroyOnHidden
    >
      {query.isLoading ? (
        <Flex justify="center" style={{ padding: 32 }}>
          <Spin aria-label={t('common.loading')} />
        </Flex>
      ) : null}
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          title={translateMessage(t, errorMessageOf(query.error, MESSAGES.scheduleGetFailed))}
        />
      ) : null}
      {list && list.schedules.length === 0 ? <Empty description={t('scheduleView.noSchedules')} /> : null}
      {list && list.schedules.length > 1 ? (
        <Flex vertical gap={4} style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary" id="schedule-switch-label">
            {t('scheduleView.schedulesOfPlayer', { count: list.schedules.length })}
          </Typography.Text>
          <Radio.Group
            aria-labelledby="schedule-switch-label"
            optionType="button"
            value={selectedId}
            onChange={(event) => setChosen(event.target.value)}
            options={list.schedules.map((s) => ({
              value: s.schedule_id,
              label: (
                <span>
                  {s.schedule_name}
                  {list.current_schedule?.schedule_id === s.schedule_id ? ` · ${t('scheduleView.current')}` : ''}
                  {list.next_schedule?.schedule_id === s.schedule_id ? ` · ${t('scheduleView.next')}` : ''}
                </span>
              ),
            }))}
          />
        </Flex>
      ) : null}
      {list && schedule ? (
        <>
          {locked && canEdit ? (
            <Alert type="info" showIcon title={t('scheduleView.lockedLive')} style={{ marginBottom: 12 }} />
          ) : null}
          <ScheduleBody list={list} schedule={schedule} />
        </>
      ) : null}
    </Modal>
  );
}
