import {
  addDays,
  type DeliveryTiming,
  type LocalDate,
  parseLocalDate,
  type ScheduleForm,
  type ScheduleIssue,
  scheduleFormControls,
  setDeliveryTiming,
  setEndDate,
  setStartDate,
} from '@signage/domain';
import { Checkbox, DatePicker, Flex, Form, Input, Radio, TimePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../i18n/messages';
import '../../../i18n/schedules';

type Props = {
  form: ScheduleForm;
  today: LocalDate;
  /** The issues to show at their fields (after the first Set, or once a field was left). */
  issues: ScheduleIssue[];
  onChange: (form: ScheduleForm) => void;
  /** A field was left (the wizard shows its issue from then on). */
  onTouch?: (field: ScheduleIssue['field']) => void;
};

const DATE = 'YYYY-MM-DD';
const TIME = 'HH:mm';
const day = (value: Dayjs | null) => (value ? parseLocalDate(value.format(DATE)) : null);

/**
 * The schedule's fields, for the wizard's setting step and for Schedule update alike (SPEC.md sections 2, 4
 * and 5): names, delivery timing, period with 'No
 * expiration', all day and times in 5-minute steps. Every transition is the domain's (setDeliveryTiming,
 * setStartDate, setEndDate); what is shown or disabled is scheduleFormControls'.
 */
export function SettingForm({ form, today, issues, onChange, onTouch }: Props) {
  const { t } = useTranslation();
  const controls = scheduleFormControls(form);
  const issueOf = (field: ScheduleIssue['field']) => issues.find((issue) => issue.field === field);
  const status = (field: ScheduleIssue['field']) =>
    issueOf(field)
      ? { validateStatus: 'error' as const, help: translateMessage(t, issueOf(field)?.message ?? '') }
      : {};
  const earliestStart = form.timing === 'NIGHT' ? addDays(today, 1) : today;
  const timeValue = (time: string) => (time ? dayjs(`2000-01-01T${time.slice(0, 5)}`) : null);

  return (
    <Form layout="vertical" component="div" style={{ maxWidth: 640 }}>
      <Form.Item label={t('wizard.setting.playlistName')} htmlFor="ws-playlist" required {...status('playlist_name')}>
        <Input
          id="ws-playlist"
          value={form.playlistName}
          maxLength={200}
          onChange={(e) => onChange({ ...form, playlistName: e.target.value })}
          onBlur={() => onTouch?.('playlist_name')}
        />
      </Form.Item>
      <Form.Item label={t('wizard.setting.scheduleName')} htmlFor="ws-schedule" required {...status('schedule_name')}>
        <Input
          id="ws-schedule"
          value={form.scheduleName}
          maxLength={200}
          onChange={(e) => onChange({ ...form, scheduleName: e.target.value })}
          onBlur={() => onTouch?.('schedule_name')}
        />
      </Form.Item>
      <Form.Item
        label={t('wizard.setting.timing')}
        extra={
          controls.timingLocked
            ? t('wizard.setting.liveHelp')
            : form.timing === 'NIGHT'
              ? t('wizard.setting.nightHelp')
              : t('wizard.setting.immediateHelp')
        }
      >
        <Radio.Group
          aria-label={t('wizard.setting.timing')}
          value={form.timing}
          disabled={controls.timingLocked}
          onChange={(e) => onChange(setDeliveryTiming(form, e.target.value as DeliveryTiming, today))}
          options={[
            { value: 'NIGHT', label: t('wizard.setting.night') },
            { value: 'NOW', label: t('wizard.setting.immediate') },
          ]}
        />
      </Form.Item>
      <Form.Item label={t('wizard.setting.period')} style={{ marginBottom: 8 }}>
        {form.firstContentLive ? null : (
          <Checkbox checked={form.noEndPeriod} onChange={(e) => onChange({ ...form, noEndPeriod: e.target.checked })}>
            {t('common.noExpiration')}
          </Checkbox>
        )}
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item label={t('wizard.setting.startDate')} htmlFor="ws-date-from" {...status('available_date_from')}>
          <DatePicker
            id="ws-date-from"
            value={dayjs(form.dateFrom)}
            format={DATE}
            allowClear={false}
            disabled={controls.datesDisabled}
            disabledDate={(d) => d.format(DATE) < earliestStart}
            onChange={(value) => {
              const date = day(value);
              if (date) onChange(setStartDate(form, date));
            }}
          />
        </Form.Item>
        {controls.showEndDate ? (
          <Form.Item label={t('wizard.setting.endDate')} htmlFor="ws-date-to" {...status('available_date_to')}>
            <DatePicker
              id="ws-date-to"
              value={dayjs(form.dateTo)}
              format={DATE}
              allowClear={false}
              disabled={controls.datesDisabled}
              disabledDate={(d) => d.format(DATE) < form.dateFrom}
              onChange={(value) => {
                const date = day(value);
                if (date) onChange(setEndDate(form, date));
              }}
            />
          </Form.Item>
        ) : null}
      </Flex>
      <Form.Item label={t('wizard.setting.times')} style={{ marginBottom: 8 }}>
        {form.firstContentLive ? null : (
          <Checkbox checked={form.allDay} onChange={(e) => onChange({ ...form, allDay: e.target.checked })}>
            {t('wizard.setting.allDay')}
          </Checkbox>
        )}
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item label={t('wizard.setting.startTime')} htmlFor="ws-time-from" {...status('available_time_from')}>
          <TimePicker
            id="ws-time-from"
            value={timeValue(form.timeFrom)}
            format={TIME}
            minuteStep={5}
            needConfirm={false}
            allowClear={false}
            disabled={controls.timesDisabled}
            onChange={(value) => onChange({ ...form, timeFrom: value ? value.format(TIME) : '' })}
          />
        </Form.Item>
        {controls.showEndTime ? (
          <Form.Item label={t('wizard.setting.endTime')} htmlFor="ws-time-to" {...status('available_time_to')}>
            <TimePicker
              id="ws-time-to"
              value={timeValue(form.timeTo)}
              format={TIME}
              minuteStep={5}
              needConfirm={false}
              allowClear={false}
              disabled={controls.timesDisabled}
              onChange={(value) => onChange({ ...form, timeTo: value ? value.format(TIME) : '' })}
            />
          </Form.Item>
        ) : null}
      </Flex>
      {issueOf('dest') || issueOf('contents') ? (
        <Typography.Text type="danger" role="alert">
          {translateMessage(t, (issueOf('dest') ?? issueOf('contents'))?.message ?? '')}
        </Typography.Text>
      ) : null}
    </Form>
  );
}
