import { FLEET_HEALTH_STATES, type FleetHealthState, type TFleetHealth } from '@signage/domain';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

echarts.use([BarChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

/** One colour per state, each at least 3:1 against white (the bars are graphics, WCAG 1.4.11). */
export const STATE_COLORS: Record<FleetHealthState, string> = {
  online: '#237804',
  offline_open: '#cf1322',
  offline_closed: '#595959',
  behind: '#ad6800',
  errors: '#9e1068',
  storage: '#0958d9',
};

/** Players per country and health state as grouped bars; the table of the page holds the same numbers. */
export function HealthChart({ health }: { health: TFleetHealth }) {
  const { t } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const countries = health.countries.map((c) => c.region).join(',');
  const series = FLEET_HEALTH_STATES.map((state) => ({ state, data: health.countries.map((c) => c[state]) }));
  const data = JSON.stringify(series);

  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const chart = echarts.init(node, undefined, { renderer: 'svg' });
    chart.setOption({
      animation: false,
      grid: { left: 48, right: 24, top: 48, bottom: 32 },
      legend: { top: 0 },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: { type: 'category', data: countries.split(',') },
      yAxis: { type: 'value', name: t('fleet.players'), minInterval: 1 },
      series: (JSON.parse(data) as typeof series).map(({ state, data: counts }) => ({
        type: 'bar',
        name: t(`fleet.${state}`),
        data: counts,
        itemStyle: { color: STATE_COLORS[state] },
        barMaxWidth: 24,
      })),
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [countries, data, t]);

  return (
    <div
      ref={element}
      role="img"
      aria-label={t('fleet.chartLabel')}
      data-testid="fleet-chart"
      style={{ width: '100%', height: 320 }}
    />
  );
}
