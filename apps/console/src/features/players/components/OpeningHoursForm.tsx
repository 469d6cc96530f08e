import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type HoursRange, MAX_RANGES_PER_DAY, type OpeningHours, ZOpeningHours } from '@signage/domain';
import { Button, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../i18n/messages';

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** The i18n key of an ISO weekday's name. */
export const dayKey = (day: number) => `hours.day${day}` as `hours.day${(typeof WEEKDAYS)[number]}`;
/** The form's starting point: every weekday listed (no ranges is closed), the hours' own ranges where set. */
export function draftOf(hours: OpeningHours | null): OpeningHours {
  return {
    week: WEEKDAYS.map((day) => ({ day, ranges: hours?.week.find((d) => d.day === day)?.ranges ?? [] })),
    exceptions: hours?.exceptions ?? [],
  };
}
const NEW_RANGE: HoursRange = { open: '10:00', close: '21:00' };

/** The problems of a draft by field path ('week.0.ranges.1.close'), in the catalogue's words, or none. */
export function problemsOf(draft: OpeningHours): Map<string, string> {
  const parsed = ZOpeningHours.safeParse(draft);
  const out = new Map<string, string>();
  for (const issue of parsed.error?.issues ?? []) {
    const path = issue.path.join('.');
    if (!out.has(path)) out.set(path, issue.message);
  }
  return out;
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <Typography.Text type="danger" id={id} role="alert" style={{ display: 'block', fontSize: 12 }}>
      {translateMessage(t, message)}
    </Typography.Text>
  );
}

type RangesProps = {
  at: string;
  label: string;
  ranges: HoursRange[];
  problems: Map<string, string>;
  onChange: (ranges: HoursRange[]) => void;
};

/** One day's opening times: open and close per range, removable; none shows 'Closed'. */
function RangesEditor({ at, label, ranges, problems, onChange }: RangesProps) {
  const { t } = useTranslation();
  const set = (index: number, field: keyof HoursRange, value: string) =>
    onChange(ranges.map((r, i) => (i === index ? { ...r, [field]: value } : r)));
  const dayProblem = problems.get(`${at}.ranges`) ?? problems.get(at);
  return (
    <Flex vertical gap={4}>
      {ranges.length === 0 ? <Typography.Text type="secondary">{t('hours.closed')}</Typography.Text> : null}
      {ranges.map((range, index) => {
        const path = `${at}.ranges.${index}`;
        const fieldId = (field: string) => `${path}.${field}`.replaceAll('.', '-');
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: ranges have no identity but their place in the day
          <Flex key={index} gap={8} align="start" wrap>
            {(['open', 'close'] as const).map((field) => {
              const problem = problems.get(`${path}.${field}`);
              return (
                <Flex key={field} vertical>
                  <Input
                    value={range[field]}
                    placeholder="HH:mm"
                    style={{ width: 96 }}
                    aria-label={`${label} ${t(field === 'open' ? 'hours.opens' : 'hours.closes')} ${index + 1}`}
                    status={problem ? 'error' : undefined}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? fieldId(`${field}-error`) : undefined}
                    onChange={(event) => set(index, field, event.target.value)}
                  />
                  <FieldError id={fieldId(`${field}-error`)} message={problem} />
                </Flex>
              );
            })}
            <Button
              icon={<DeleteOutlined />}
              aria-label={`${t('hours.removeTime')} ${label} ${index + 1}`}
              onClick={() => onChange(ranges.filter((_, i) => i !== index))}
            />
          </Flex>
        );
      })}
      <FieldError id={`${at}-error`.replaceAll('.', '-')} message={dayProblem} />
      {ranges.length < MAX_RANGES_PER_DAY ? (
        <Button
          size="small"
          type="dashed"
          icon={<PlusOutlined />}
          style={{ alignSelf: 'start' }}
          aria-label={`${t('hours.addTime')} ${label}`}
          onClick={() => onChange([...ranges, NEW_RANGE])}
        >
          {t('hours.addTime')}
        </Button>
      ) : null}
    </Flex>
  );
}

type FormProps = {
  initial: OpeningHours | null;
  saving: boolean;
  submitLabel: string;
  onSubmit: (hours: OpeningHours | null) => void;
  onCancel: () => void;
};

/**
 * The opening hours form (issue 29 item 1): times per weekday and exception dates (closed, or other times),
 * checked with the server's own schema before sending, each problem shown at its field.
 */
export function OpeningHoursForm({ initial, saving, submitLabel, onSubmit, onCancel }: FormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<OpeningHours>(() => draftOf(initial));
  const [tried, setTried] = useState(false);
  const problems = tried ? problemsOf(draft) : new Map<string, string>();
  const setDay = (index: number, ranges: HoursRange[]) =>
    setDraft({ ...draft, week: draft.week.map((d, i) => (i === index ? { ...d, ranges } : d)) });
  const setException = (index: number, change: Partial<OpeningHours['exceptions'][number]>) =>
    setDraft({ ...draft, exceptions: draft.exceptions.map((e, i) => (i === index ? { ...e, ...change } : e)) });
  const submit = () => {
    setTried(true);
    if (problemsOf(draft).size === 0) onSubmit(draft);
  };
  return (
    <form
      aria-label={t('hours.title')}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Flex vertical gap={12}>
        {draft.week.map((day, index) => (
          <Flex key={day.day} gap={16} align="start">
            <Typography.Text strong style={{ width: 96 }}>
              {t(dayKey(day.day))}
            </Typography.Text>
            <RangesEditor
              at={`week.${index}`}
              label={t(dayKey(day.day))}
              ranges={day.ranges}
              problems={problems}
              onChange={(ranges) => setDay(index, ranges)}
            />
          </Flex>
        ))}
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('hours.exceptions')}
        </Typography.Title>
        {draft.exceptions.length === 0 ? (
          <Typography.Text type="secondary">{t('hours.noExceptions')}</Typography.Text>
        ) : null}
        {draft.exceptions.map((exception, index) => {
          const problem = problems.get(`exceptions.${index}.date`);
          const errorId = `exceptions-${index}-date-error`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: an exception being typed has no identity yet
            <Flex key={index} gap={16} align="start" wrap>
              <Flex vertical>
                <Input
                  value={exception.date}
                  placeholder="YYYY-MM-DD"
                  style={{ width: 128 }}
                  aria-label={`${t('hours.exceptionDate')} ${index + 1}`}
                  status={problem ? 'error' : undefined}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? errorId : undefined}
                  onChange={(event) => setException(index, { date: event.target.value })}
                />
                <FieldError id={errorId} message={problem} />
              </Flex>
              <RangesEditor
                at={`exceptions.${index}`}
                label={exception.date || `${t('hours.exceptionDate')} ${index + 1}`}
                ranges={exception.ranges}
                problems={problems}
                onChange={(ranges) => setException(index, { ranges })}
              />
              <Button
                icon={<DeleteOutlined />}
                aria-label={`${t('hours.removeException')} ${index + 1}`}
                onClick={() => setDraft({ ...draft, exceptions: draft.exceptions.filter((_, i) => i !== index) })}
              />
            </Flex>
          );
        })}
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          style={{ alignSelf: 'start' }}
          onClick={() => setDraft({ ...draft, exceptions: [...draft.exceptions, { date: '', ranges: [] }] })}
        >
          {t('hours.addException')}
        </Button>
        <Flex gap={8} wrap>
          <Button type="primary" htmlType="submit" loading={saving}>
            {submitLabel}
          </Button>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
          <Button danger onClick={() => onSubmit(null)} disabled={saving}>
            {t('hours.clear')}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
