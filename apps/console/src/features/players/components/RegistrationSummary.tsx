import { displayPatternLabel } from '@signage/domain';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StoreDraft } from '../store';
import { TagField } from './TagField';

/** Every field of step 1 as the installer entered it, so the PIN step confirms what will be registered. */
export function RegistrationSummary({ serial, draft }: { serial: string; draft: StoreDraft }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      column={{ xs: 1, md: 2 }}
      size="small"
      items={[
        { key: 'serial', label: t('players.serial'), children: serial },
        { key: 'country', label: t('players.country'), children: draft.region ? t(`country.${draft.region}`) : '-' },
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
          children: draft.store_type ? t(`storeType.${draft.store_type}`) : '-',
        },
        { key: 'location', label: t('players.location'), children: t(`location.${draft.device_type}`) },
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
