import type { TContentHistory } from '@signage/domain';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import '../../../i18n/schedules';
import { formatGmtSeconds } from '../../../lib/gmt';
import { countryText } from '../../../ui/contents/format';

/** The header facts of one content's history: country, update date, days played, players, yesterday, plays. */
export function ContentFacts({ content }: { content: TContentHistory }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, lg: 3 }}
      items={[
        { key: 'country', label: t('history.columns.country'), children: countryText(t, content.region) },
        { key: 'updated', label: t('history.columns.updated'), children: formatGmtSeconds(content.updated_at) },
        { key: 'days', label: t('history.realDays'), children: content.real_days },
        { key: 'players', label: t('history.totalPlayers'), children: content.players },
        { key: 'yesterday', label: t('history.yesterdayPlayers'), children: content.yesterday_devices },
        { key: 'plays', label: t('history.totalPlays'), children: content.plays },
      ]}
    />
  );
}
