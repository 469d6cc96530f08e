import { HISTORY_MAX_DAYS, utcDaysBetween } from '@signage/domain';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import '../../../i18n/schedules';

export type Period = { start_date: string; end_date: string };

/** The play period (UTC days) of a history screen, at most HISTORY_MAX_DAYS long. */
export function PeriodPicker({ value, onChange }: { value: Period; onChange: (period: Period) => void }) {
  const { t } = useTranslation();
  return (
    <DatePicker.RangePicker
      aria-label={t('history.period')}
      allowClear={false}
      value={[dayjs(value.start_date), dayjs(value.end_date)]}
      disabledDate={(day, info) => {
        const from = info.from?.format('YYYY-MM-DD');
        if (!from) return false;
        const other = day.format('YYYY-MM-DD');
        const [a, b] = [from, other].sort() as [string, string];
        return utcDaysBetween(a, b).length > HISTORY_MAX_DAYS;
      }}
      onChange={(range) => {
        const [from, to] = range ?? [];
        if (from && to) onChange({ start_date: from.format('YYYY-MM-DD'), end_date: to.format('YYYY-MM-DD') });
      }}
    />
  );
}
