import {
  type LocalDate,
  SCHEDULE_LIVE_TIMES,
  type ScheduleForm,
  type ScheduleIssue,
  scheduleFormControls,
  setDeliveryTiming,
  setEndDate,
  setStartDate,
  TIME_STEP_MINUTES,
} from '@signage/domain';
import { Checkbox, DatePicker, Flex, Form, Input, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../i18n/messages';
import '../../../i18n/schedules';

type Props = {
  form: ScheduleForm;
  today: LocalDate;
  issues: ScheduleIssue[];
  onChange: (form: ScheduleForm) => void;
};

const two = (n: number) => String(n).padStart(2, '0');

/** Times in 5-minute steps (SPEC.md section 9); an end may also be 23:59, the default end of the day. */
export function timeOptions(end: boolean, current: string): { value: string; label: string }[] {
  const values: string[] = [];
  for (let m = 0; m < 24 * 60; m += TIME_STEP_MINUTES) values.push(`${two(Math.floor(m / 60))}:${two(m % 60)}`);
  if (end) values.push(SCHEDULE_LIVE_TIMES.to);
  if (current && !values.includes(current)) values.push(current);
  return values.sort().map((value) => ({ value, label: value }));
}

const day = (value: string) => (value ? dayjs(value) : null);
const text = (value: Dayjs | null) => (value ? (value.format('YYYY-MM-DD') as LocalDate) : null);

/**
 * The schedule's fields (SPEC.md sections 4 and 5) driven by the domain's transitions: Night moves a start
 * today to tomorrow, a start after the end moves the end, a live first content forces Immediate and hides
 * the end date and time, No expiration disables the dates and All day the times.
 */
export function ScheduleFields({ form, today, issues, onChange }: Props) {
  const { t } = useTranslation();
  const controls = scheduleFormControls(form);
  const feedback = (...fields: ScheduleIssue['field'][]) => {
    const issue = issues.find((i) => fields.includes(i.field));
    return issue ? { validateStatus: 'error' as const, help: translateMessage(t, issue.message) } : {};
  };

  return (
    <Form layout="vertical" onSubmitCapture={(event) => event.preventDefault()} style={{ maxWidth: 640 }}>
      <Form.Item
        label={t('scheduleView.playlistName')}
        htmlFor="schedule-playlist"
        required
        {...feedback('playlist_name')}
      >
        <Input
          id="schedule-playlist"
          value={form.playlistName}
          maxLength={200}
          onChange={(e) => onChange({ ...form, playlistName: e.target.value })}
        />
      </Form.Item>
      <Form.Item label={t('scheduleView.scheduleName')} htmlFor="schedule-name" required {...feedback('schedule_name')}>
        <Input
          id="schedule-name"
          value={form.scheduleName}
          maxLength={200}
          onChange={(e) => onChange({ ...form, scheduleName: e.target.value })}
        />
      </Form.Item>
      <Form.Item
        label={t('scheduleView.form.timing')}
        extra={controls.timingLocked ? t('scheduleView.form.liveTiming') : undefined}
      >
        <Radio.Group
          value={form.timing}
          disabled={controls.timingLocked}
          onChange={(e) => onChange(setDeliveryTiming(form, e.target.value, today))}
          options={[
            { value: 'NIGHT', label: t('scheduleView.form.night') },
            { value: 'NOW', label: t('scheduleView.form.immediate') },
          ]}
        />
      </Form.Item>
      <Form.Item label={t('scheduleView.form.period')} {...feedback('available_date_from', 'available_date_to')}>
        {controls.showEndDate ? (
          <Checkbox checked={form.noEndPeriod} onChange={(e) => onChange({ ...form, noEndPeriod: e.target.checked })}>
            {t('common.noExpiration')}
          </Checkbox>
        ) : null}
        <Flex gap={8} wrap style={{ marginTop: 8 }} align="center">
          <DatePicker
            aria-label={t('scheduleView.form.startDate')}
            placeholder={t('scheduleView.form.startDate')}
            value={day(form.dateFrom)}
            allowClear={false}
            disabled={controls.datesDisabled}
            disabledDate={(d) => d.format('YYYY-MM-DD') < today}
            onChange={(value) => {
              const date = text(value);
              if (date) onChange(setStartDate(form, date));
            }}
          />
          {controls.showEndDate ? (
            <>
              <span aria-hidden>–</span>
              <DatePicker
                aria-label={t('scheduleView.form.endDate')}
                placeholder={t('scheduleView.form.endDate')}
                value={day(form.dateTo)}
                allowClear={false}
                disabled={controls.datesDisabled}
                disabledDate={(d) => d.format('YYYY-MM-DD') < form.dateFrom}
                onChange={(value) => {
                  const date = text(value);
                  if (date) onChange(setEndDate(form, date));
                }}
              />
            </>
          ) : null}
        </Flex>
      </Form.Item>
      <Form.Item
        label={t('scheduleView.form.times')}
        extra={t('scheduleView.form.timesHint')}
        {...feedback('available_time_from', 'available_time_to')}
      >
        {!form.firstContentLive ? (
          <Checkbox checked={form.allDay} onChange={(e) => onChange({ ...form, allDay: e.target.checked })}>
            {t('scheduleView.allDay')}
          </Checkbox>
        ) : null}
        <Flex gap={8} wrap style={{ marginTop: 8 }} align="center">
          <Select
            aria-label={t('scheduleView.form.startTime')}
            style={{ width: 120 }}
            showSearch
            value={form.timeFrom}
            disabled={controls.timesDisabled}
            options={timeOptions(false, form.timeFrom)}
            onChange={(value) => onChange({ ...form, timeFrom: value })}
          />
          {controls.showEndTime ? (
            <>
              <span aria-hidden>–</span>
              <Select
                aria-label={t('scheduleView.form.endTime')}
                style={{ width: 120 }}
                showSearch
                value={form.timeTo}
                disabled={controls.timesDisabled}
                options={timeOptions(true, form.timeTo)}
                onChange={(value) => onChange({ ...form, timeTo: value })}
              />
            </>
          ) : null}
        </Flex>
      </Form.Item>
    </Form>
  );
}
