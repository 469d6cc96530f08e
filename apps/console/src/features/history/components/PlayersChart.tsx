import { HISTORY_DAYS_DISPLAYED } from '@signage/domain';
import { BarChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../i18n/schedules';

echarts.use([BarChart, GridComponent, TooltipComponent, DataZoomComponent, SVGRenderer]);

/** SPEC.md section 9: with no data the counts are zero and the axis goes to 150. */
export const EMPTY_AXIS_MAX = 150;

/**
 * Players per UTC day as bars, HISTORY_DAYS_DISPLAYED days in view (the latest) and a timeline under them to
 * move through the rest of the period. The numbers are also a table for screen readers (and tests).
 */
export function PlayersChart({ name, dates, counts }: { name: string; dates: string[]; counts: number[] }) {
  const { t } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const empty = counts.every((count) => count === 0);

  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const chart = echarts.init(node, undefined, { renderer: 'svg' });
    const first = Math.max(0, dates.length - HISTORY_DAYS_DISPLAYED);
    chart.setOption({
      animation: false,
      grid: { left: 48, right: 24, top: 24, bottom: 72 },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: { type: 'category', data: dates, name: t('history.date'), nameLocation: 'middle', nameGap: 28 },
      yAxis: {
        type: 'value',
        name: t('history.players'),
        minInterval: 1,
        ...(empty ? { min: 0, max: EMPTY_AXIS_MAX } : {}),
      },
      dataZoom: [
        { type: 'slider', xAxisIndex: 0, startValue: first, endValue: dates.length - 1, height: 20, bottom: 8 },
        { type: 'inside', xAxisIndex: 0, startValue: first, endValue: dates.length - 1 },
      ],
      series: [
        { type: 'bar', name: t('history.players'), data: counts, itemStyle: { color: '#1677ff' }, barMaxWidth: 48 },
      ],
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [dates, counts, empty, t]);

  return (
    <figure style={{ margin: 0 }}>
      <div
        ref={element}
        role="img"
        aria-label={t('history.chartLabel', { name })}
        data-testid="players-chart"
        data-counts={counts.join(',')}
        style={{ width: '100%', height: 360 }}
      />
      <table className="visually-hidden" aria-label={t('history.chartTitle')}>
        <thead>
          <tr>
            <th scope="col">{t('history.date')}</th>
            <th scope="col">{t('history.players')}</th>
          </tr>
        </thead>
        <tbody>
          {dates.map((date, i) => (
            <tr key={date}>
              <td>{date}</td>
              <td>{counts[i] ?? 0}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
