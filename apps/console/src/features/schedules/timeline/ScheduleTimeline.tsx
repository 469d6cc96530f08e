import { LeftOutlined, RightOutlined, ZoomInOutlined } from '@ant-design/icons';
import { addDays, type LocalDate, type TimeZone, type TSchedule, todayIn, zoneClock, zonedNow } from '@signage/domain';
import { Button, Empty, Flex, Segmented, Tag, Typography } from 'antd';
import { type CSSProperties, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChosenLanguage } from '../../../i18n';
import { dateRangeText, timeRangeText } from '../contentList/format';
import {
  barsOf,
  canZoom,
  positionOf,
  spanDays,
  TIMELINE,
  TIMELINE_SPANS,
  type TimelineBar,
  type TimelineRange,
  type TimelineSpan,
  timelineRange,
} from './range';
import '../../../i18n/schedules';

type Props = {
  schedules: TSchedule[];
  zone: TimeZone;
  currentId: string | null;
  nextId: string | null;
  onOpen: (scheduleId: string) => void;
  /** The moment the timeline marks as now (tests pin it). */
  now?: Date;
};

const LOCALES = { en: 'en', ja: 'ja', tw: 'zh-TW', ko: 'ko' } as const;

/** 'MM-DD HH:mm' of a moment on the player's clock. */
export function atStore(ms: number, zone: TimeZone): string {
  const local = zonedNow(zone, new Date(ms));
  return `${local.date} ${local.time.slice(0, 5)}`;
}

function weekday(date: LocalDate, locale: string) {
  return new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

const pct = (fraction: number) => `${(fraction * 100).toFixed(4)}%`;

const trackStyle: CSSProperties = { position: 'relative', flex: 1, minWidth: 0, borderLeft: '1px solid #f0f0f0' };

/** Day boundaries as thin lines, so bars read against the days they fall on. */
function DayLines({ range }: { range: TimelineRange }) {
  return (
    <>
      {range.days.slice(1).map((day) => (
        <div
          key={day.date}
          aria-hidden
          style={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            left: pct(positionOf(day.startMs, range) ?? 0),
            borderLeft: '1px solid #f0f0f0',
          }}
        />
      ))}
    </>
  );
}

function NowLine({ range, now }: { range: TimelineRange; now: number }) {
  const at = positionOf(now, range);
  if (at === null) return null;
  return (
    <div
      aria-hidden
      data-testid="timeline-now"
      style={{ position: 'absolute', top: 0, bottom: 0, left: pct(at), borderLeft: '2px solid #ff4d4f', zIndex: 2 }}
    />
  );
}

function Bar({ bar, color, label, onClick }: { bar: TimelineBar; color: string; label: string; onClick: () => void }) {
  return (
    // Pointer shortcut only: the row's name button is the keyboard and screen-reader way in (one tab stop a row).
    <button
      type="button"
      tabIndex={-1}
      aria-hidden
      title={label}
      data-testid="timeline-bar"
      onClick={onClick}
      style={{
        position: 'absolute',
        top: 34,
        height: 42,
        left: pct(bar.left),
        width: `max(3px, ${pct(bar.width)})`,
        background: color,
        border: 'none',
        borderRadius: `${bar.openStart ? 0 : 4}px ${bar.openEnd ? 0 : 4}px ${bar.openEnd ? 0 : 4}px ${bar.openStart ? 0 : 4}px`,
        cursor: 'pointer',
        padding: 0,
      }}
    />
  );
}

const COLORS = { current: '#52c41a', next: '#1677ff', other: '#8c8c8c' };

/**
 * The player's schedule timeline (SPEC.md section 2, Player detail): today 00:00 to 9 days ahead in the
 * player's zone, sidebar 390 px, rows 110 px, one row per schedule, current and next marked. Drawn with DOM
 * elements rather than a canvas: each row's name is a real button (keyboard, screen readers, the browser's
 * zoom and find all work), and a player's handful of schedules is far from the element counts where a canvas
 * pays off. The bars come from the domain's window rules (scheduleWindowsBetween), DST days included.
 */
export function ScheduleTimeline({ schedules, zone, currentId, nextId, onOpen, now = new Date() }: Props) {
  const { t } = useTranslation();
  const locale = LOCALES[useChosenLanguage()];
  const today = todayIn(zone, now);
  const [start, setStart] = useState<LocalDate>(today);
  const [span, setSpan] = useState<TimelineSpan>('days10');
  const days = spanDays(start, span);
  const range = useMemo(() => timelineRange(start, days, zone), [start, days, zone]);
  const rows = useMemo(() => {
    const clock = zoneClock(zone);
    return schedules
      .map((schedule) => ({ schedule, bars: barsOf(schedule, clock, range) }))
      .filter((row) => row.bars.length > 0);
  }, [schedules, zone, range]);
  const outside = schedules.length - rows.length;
  const spanLabels: Record<TimelineSpan, string> = {
    days10: t('scheduleView.timeline.days10'),
    weeks2: t('scheduleView.timeline.weeks2'),
    month: t('scheduleView.timeline.month'),
  };
  const labelEvery = days > 14 ? 2 : 1;

  return (
    <section aria-label={t('scheduleView.timeline.title')}>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <Flex gap={8} align="center" wrap>
          <Button
            icon={<LeftOutlined />}
            aria-label={t('scheduleView.timeline.earlier')}
            onClick={() => setStart(addDays(start, -days))}
          />
          <Button onClick={() => setStart(today)} disabled={start === today}>
            {t('scheduleView.timeline.today')}
          </Button>
          <Button
            icon={<RightOutlined />}
            aria-label={t('scheduleView.timeline.later')}
            onClick={() => setStart(addDays(start, days))}
          />
          <Typography.Text data-testid="timeline-range">
            {`${range.days[0]?.date} 00:00 – ${range.days.at(-1)?.date} 23:59:59.999`}
          </Typography.Text>
        </Flex>
        <Flex gap={8} align="center" wrap>
          <Segmented<TimelineSpan>
            aria-label={t('scheduleView.timeline.span')}
            value={span}
            onChange={setSpan}
            options={TIMELINE_SPANS.map((value) => ({ value, label: spanLabels[value] }))}
          />
          {canZoom(days) ? (
            <Button icon={<ZoomInOutlined />} onClick={() => setSpan('days10')}>
              {t('scheduleView.timeline.zoom', { days: TIMELINE.zoomDays })}
            </Button>
          ) : null}
        </Flex>
      </Flex>
      <div style={{ border: '1px solid #f0f0f0', borderRadius: 8, overflow: 'hidden' }} data-days={days}>
        <Flex style={{ background: '#fafafa', borderBottom: '1px solid #f0f0f0', height: 44 }}>
          <Flex
            align="center"
            style={{ width: TIMELINE.sidebarWidth, flex: 'none', padding: '0 12px' }}
            data-testid="timeline-sidebar-head"
          >
            <Typography.Text type="secondary">{t('scheduleView.timeline.schedule')}</Typography.Text>
          </Flex>
          <div style={trackStyle} aria-hidden>
            <DayLines range={range} />
            {range.days.map((day, i) =>
              i % labelEvery === 0 ? (
                <div
                  key={day.date}
                  style={{
                    position: 'absolute',
                    left: pct(positionOf(day.startMs, range) ?? 0),
                    top: 4,
                    paddingLeft: 4,
                    fontSize: 12,
                    lineHeight: '18px',
                    whiteSpace: 'nowrap',
                    color: day.date === today ? '#cf1322' : undefined,
                  }}
                >
                  <div>{day.date.slice(5)}</div>
                  <div style={{ color: 'rgba(0, 0, 0, 0.62)' }}>{weekday(day.date, locale)}</div>
                </div>
              ) : null,
            )}
          </div>
        </Flex>
        {rows.length === 0 ? (
          <Empty
            style={{ padding: 24 }}
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('scheduleView.timeline.empty')}
          />
        ) : (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('scheduleView.timeline.rows')}>
            {rows.map(({ schedule, bars }) => {
              const id = schedule.schedule_id;
              const mark = id === currentId ? 'current' : id === nextId ? 'next' : 'other';
              const times = timeRangeText(t, schedule);
              return (
                <li
                  key={id}
                  data-testid="timeline-row"
                  style={{ display: 'flex', height: TIMELINE.rowHeight, borderBottom: '1px solid #f0f0f0' }}
                >
                  <div style={{ width: TIMELINE.sidebarWidth, flex: 'none', padding: '10px 12px', overflow: 'hidden' }}>
                    <Flex vertical gap={2}>
                      <Flex gap={6} align="center">
                        <Button
                          type="link"
                          onClick={() => onOpen(id)}
                          style={{ padding: 0, height: 'auto', fontWeight: 600, maxWidth: 250 }}
                          aria-label={t('scheduleView.timeline.openSchedule', { name: schedule.schedule_name })}
                        >
                          <Typography.Text ellipsis style={{ maxWidth: 250, color: 'inherit' }}>
                            {schedule.schedule_name}
                          </Typography.Text>
                        </Button>
                        {mark === 'current' ? <Tag color="green">{t('scheduleView.current')}</Tag> : null}
                        {mark === 'next' ? <Tag color="blue">{t('scheduleView.next')}</Tag> : null}
                      </Flex>
                      <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                        {t('scheduleView.playlistNamed', { name: schedule.playlist_name })}
                      </Typography.Text>
                      <Typography.Text style={{ fontSize: 12 }}>{dateRangeText(t, schedule)}</Typography.Text>
                      <Typography.Text style={{ fontSize: 12 }}>{times}</Typography.Text>
                    </Flex>
                  </div>
                  <div style={trackStyle}>
                    <DayLines range={range} />
                    <NowLine range={range} now={now.getTime()} />
                    {bars.map((bar) => (
                      <Bar
                        key={bar.startMs}
                        bar={bar}
                        color={COLORS[mark]}
                        label={`${schedule.schedule_name}: ${
                          Number.isFinite(bar.startMs) ? atStore(bar.startMs, zone) : '…'
                        } – ${Number.isFinite(bar.endMs) ? atStore(bar.endMs - 1000, zone) : '…'}`}
                        onClick={() => onOpen(id)}
                      />
                    ))}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {outside > 0 ? (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
          {t('scheduleView.timeline.outside', { count: outside })}
        </Typography.Text>
      ) : null}
    </section>
  );
}
