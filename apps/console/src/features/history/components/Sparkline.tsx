import { useTranslation } from 'react-i18next';
import '../../../i18n/schedules';

/**
 * Players per day as a row of small bars (the history list's glance at the period), scaled to the row's own
 * highest day; read out as the same numbers for screen readers.
 */
export function Sparkline({ dates, counts }: { dates: string[]; counts: number[] }) {
  const { t } = useTranslation();
  const top = Math.max(1, ...counts);
  const label = `${t('history.chartTitle')}: ${dates.map((date, i) => `${date} ${counts[i] ?? 0}`).join(', ')}`;
  return (
    <div role="img" aria-label={label} style={{ display: 'flex', alignItems: 'flex-end', gap: 2, height: 28 }}>
      {counts.map((count, i) => (
        <span
          key={dates[i]}
          title={`${dates[i]}: ${count}`}
          style={{
            width: 6,
            height: count > 0 ? Math.max(3, Math.round((count / top) * 28)) : 1,
            background: count > 0 ? '#1677ff' : '#d9d9d9',
            borderRadius: 1,
          }}
        />
      ))}
    </div>
  );
}
