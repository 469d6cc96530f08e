import {
  dateOfInstant,
  type Instant,
  instantOf,
  parseLocalDate,
  parseLocalTime,
  resolveSchedules,
  type ScheduleWindow,
  type TimeZone,
  type TSchedule,
  zonedNow,
  zoneLabel,
} from '@signage/domain';
import { Alert, Button, Descriptions, Flex, Form, Input, List, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateRangeText, resolvable, timeRangeText } from '../contentList/format';
import { atStore } from './ScheduleTimeline';
import '../../../i18n/schedules';
import { formatGmt } from '../../../lib/gmt';

type Props = { schedules: TSchedule[]; zone: TimeZone; onOpen: (scheduleId: string) => void; now?: Date };

const msOf = (instant: Instant | null) => (instant ? dateOfInstant(instant).getTime() : null);

function windowText(window: ScheduleWindow | null, zone: TimeZone, open: string): string {
  const start = msOf(window?.start ?? null);
  const end = msOf(window?.end ?? null);
  return `${start === null ? open : atStore(start, zone)} – ${end === null ? open : atStore(end - 1000, zone)}`;
}

/**
 * What plays at any moment on the player's clock, and why. The moment is typed as SPEC.md section 9 writes
 * it, YYYY-MM-DD and HH:mm on the store's clock (text fields: the browser's date and time inputs would show
 * its own locale's formats, '11/28/2026' and '12:08 AM', issue 31) (SPEC.md section 4 resolution through the
 * domain's resolveSchedules): the winning schedule is the latest-created of those in range; older ones in
 * range are hidden by it; with none in range the player shows its idle screen.
 */
export function EffectiveSchedule({ schedules, zone, onOpen, now = new Date() }: Props) {
  const { t } = useTranslation();
  const initial = zonedNow(zone, now);
  const [date, setDate] = useState<string>(initial.date);
  const [time, setTime] = useState<string>(initial.time.slice(0, 5));
  const day = parseLocalDate(date);
  const clock = parseLocalTime(time);
  const atMs = day && clock ? dateOfInstant(instantOf(day, clock, zone)).getTime() : null;
  const answer = useMemo(
    () => (atMs === null ? null : resolveSchedules(schedules.map(resolvable), zone, new Date(atMs))),
    [schedules, zone, atMs],
  );
  const open = t('scheduleView.effective.open');
  const name = (s: TSchedule) => (
    <Button type="link" style={{ padding: 0, height: 'auto' }} onClick={() => onOpen(s.schedule_id)}>
      {s.schedule_name}
    </Button>
  );

  return (
    <section aria-labelledby="effective-title">
      <Typography.Title level={3} id="effective-title" style={{ fontSize: 16, marginTop: 0 }}>
        {t('scheduleView.effective.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('scheduleView.effective.intro', { zone: zoneLabel(zone) })}
      </Typography.Paragraph>
      <Form layout="inline" onSubmitCapture={(event) => event.preventDefault()} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item label={t('scheduleView.effective.date')} htmlFor="effective-date">
          <Input
            id="effective-date"
            value={date}
            placeholder="YYYY-MM-DD"
            maxLength={10}
            inputMode="numeric"
            style={{ width: 132 }}
            onChange={(e) => setDate(e.target.value.trim())}
          />
        </Form.Item>
        <Form.Item label={t('scheduleView.effective.time')} htmlFor="effective-time">
          <Input
            id="effective-time"
            value={time}
            placeholder="HH:mm"
            maxLength={5}
            inputMode="numeric"
            style={{ width: 88 }}
            onChange={(e) => setTime(e.target.value.trim())}
          />
        </Form.Item>
        <Form.Item>
          <Button
            onClick={() => {
              const here = zonedNow(zone);
              setDate(here.date);
              setTime(here.time.slice(0, 5));
            }}
          >
            {t('scheduleView.effective.now')}
          </Button>
        </Form.Item>
      </Form>
      {!answer ? <Alert type="warning" showIcon title={t('scheduleView.effective.pickMoment')} /> : null}
      {answer ? (
        <Flex vertical gap={12} aria-live="polite" data-testid="effective-answer">
          {answer.current ? (
            <Alert
              type="success"
              showIcon
              title={
                <span>
                  {t('scheduleView.effective.plays')} {name(answer.current)}
                </span>
              }
              description={
                <Descriptions
                  size="small"
                  column={1}
                  items={[
                    {
                      key: 'window',
                      label: t('scheduleView.effective.window'),
                      children: windowText(answer.currentWindow, zone, open),
                    },
                    {
                      key: 'why',
                      label: t('scheduleView.effective.why'),
                      children:
                        answer.hidden.length === 0
                          ? t('scheduleView.effective.onlyOne')
                          : t('scheduleView.effective.newest', { count: answer.hidden.length + 1 }),
                    },
                    {
                      key: 'created',
                      label: t('scheduleView.effective.created'),
                      children: `${formatGmt(answer.current.created_at)} GMT`,
                    },
                  ]}
                />
              }
            />
          ) : (
            <Alert
              type="warning"
              showIcon
              title={t('scheduleView.effective.idle')}
              description={t('scheduleView.effective.idleWhy')}
            />
          )}
          {answer.hidden.length > 0 ? (
            <List
              size="small"
              bordered
              header={<strong>{t('scheduleView.effective.hidden')}</strong>}
              dataSource={answer.hidden}
              renderItem={(s) => (
                <List.Item>
                  <Flex vertical>
                    {name(s)}
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {`${dateRangeText(t, s)} · ${timeRangeText(t, s)} · ${t('scheduleView.effective.createdAt', {
                        at: `${formatGmt(s.created_at)} GMT`,
                      })}`}
                    </Typography.Text>
                  </Flex>
                </List.Item>
              )}
            />
          ) : null}
          <Typography.Text>
            {answer.next
              ? t('scheduleView.effective.nextAt', {
                  name: answer.next.schedule_name,
                  at: windowText(answer.nextWindow, zone, open),
                })
              : t('scheduleView.effective.noNext')}
          </Typography.Text>
          {answer.changesAt ? (
            <Typography.Text type="secondary">
              {t('scheduleView.effective.changesAt', { at: atStore(msOf(answer.changesAt) ?? 0, zone) })}
            </Typography.Text>
          ) : null}
        </Flex>
      ) : null}
    </section>
  );
}
