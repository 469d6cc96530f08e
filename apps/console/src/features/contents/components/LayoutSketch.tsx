import { useTranslation } from 'react-i18next';

const CORNERS: Record<string, { x: number; y: number }> = {
  upper_left: { x: 8, y: 8 },
  upper_right: { x: 132, y: 8 },
  lower_left: { x: 8, y: 72 },
  lower_right: { x: 132, y: 72 },
};

/** A small drawing of a stream's layout: the video area, and the logo corner or the element panel. */
export function LayoutSketch({ layout, logoPosition }: { layout: string | null; logoPosition: string | null }) {
  const { t } = useTranslation();
  const corner = logoPosition ? CORNERS[logoPosition] : undefined;
  const multi = layout === 'Multielement';
  return (
    <svg width={160} height={90} viewBox="0 0 160 90" role="img" aria-label={t('contents.detail.layoutSketch')}>
      <rect x={1} y={1} width={158} height={88} rx={4} fill="#f0f5ff" stroke="#1677ff" />
      <rect x={6} y={6} width={multi ? 100 : 148} height={78} rx={2} fill="#d6e4ff" />
      <text x={multi ? 56 : 80} y={50} textAnchor="middle" fontSize={11} fill="#1d39c4">
        LIVE
      </text>
      {multi ? <rect x={112} y={6} width={42} height={78} rx={2} fill="#fff1b8" /> : null}
      {!multi && corner ? <rect x={corner.x} y={corner.y} width={20} height={10} rx={2} fill="#fa8c16" /> : null}
    </svg>
  );
}
