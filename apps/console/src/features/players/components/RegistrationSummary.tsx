import { displayPatternLabel, zoneLabel } from '@signage/domain';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { textOr } from '../../../i18n/keys';
import { TagField } from '../../../ui/players/TagField';
import type { StoreDraft } from '../store';

/** Every field of step 1 as the installer entered it, so the PIN step confirms what will be registered. */
export function RegistrationSummary({ serial, draft }: { serial: string; draft: StoreDraft }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      column={{ xs: 1, md: 2 }}
      size="small"
      items={[
        { key: 'serial', label: t('players.serial'), children: serial },
        {
          key: 'country',
          label: t('players.country'),
          children: draft.region ? textOr(t, `country.${draft.region}`, draft.region) : '-',
        },
        {
          key: 'timeZone',
          label: t('players.timeZone'),
          children: draft.time_zone ? zoneLabel(draft.time_zone) : '-',
        },
        { key: 'code', label: t('players.storeCode'), children: draft.shop_no },
        { key: 'name', label: t('players.storeName'), children: draft.shop_name },
        {
          key: 'pattern',
          label: t('players.displayPattern'),
          children: draft.display_pattern ? displayPatternLabel(draft.display_pattern) : '-',
        },
        {
          key: 'storeType',
          label: t('players.storeType'),
          children: draft.store_type ? textOr(t, `storeType.${draft.store_type}`, draft.store_type) : '-',
        },
        {
          key: 'location',
          label: t('players.location'),
          children: textOr(t, `location.${draft.device_type}`, draft.device_type),
        },
        { key: 'memo', label: t('players.memo'), span: 'filled', children: draft.memo || '-' },
        {
          key: 'tags',
          label: t('players.tags'),
          span: 'filled',
          children: <TagField kind="deviceTag" value={draft.tags} onChange={() => undefined} disabled />,
        },
      ]}
    />
  );
}
