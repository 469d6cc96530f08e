import type { PlayerListView } from '@signage/domain';
import { useTranslation } from 'react-i18next';
import '../../i18n/schedules';

/** The columns always shown in a view (the rest are the user's choice: ui/ColumnChooser). */
export const ALWAYS: Record<PlayerListView, string[]> = {
  marketing: ['n', 'shop_name', 'status', 'actions'],
  kitting: ['n', 'device_name', 'shop_name', 'status', 'actions'],
  shop: ['n', 'shop_name', 'status', 'floormap', 'actions'],
};

/**
 * The optional columns shown until a user chooses (issue 31): what fits beside the fixed ones at 1440 px in
 * the compact density; the others (country, pattern, serial number, note, store type, installation site) are
 * a click away in the column chooser.
 */
export const DEFAULT_PLAYER_COLUMNS: Record<PlayerListView, string[]> = {
  marketing: ['shop_no', 'tags', 'schedule', 'last_accessed'],
  kitting: ['shop_no', 'schedule', 'display_pattern', 'last_accessed'],
  shop: ['schedule', 'display_pattern', 'device_type'],
};

/** The optional columns of a view, with their titles, for the column chooser. */
export function usePlayerColumnChoices(view: PlayerListView): { key: string; title: string }[] {
  const { t } = useTranslation();
  const titles: Record<string, string> = {
    shop_no: t('players.storeCode'),
    device_name: t('players.serial'),
    shop_name: t('players.storeName'),
    tags: t('players.tags'),
    schedule: t('scheduleView.currentSchedule'),
    region: t('players.country'),
    display_pattern: t('players.displayPattern'),
    last_accessed: t('players.lastAccess'),
    memo: t('players.memo'),
    store_type: t('players.storeType'),
    device_type: t('players.location'),
  };
  const order: Record<PlayerListView, string[]> = {
    marketing: [
      'shop_no',
      'tags',
      'schedule',
      'region',
      'display_pattern',
      'device_name',
      'last_accessed',
      'memo',
      'store_type',
      'device_type',
    ],
    kitting: ['shop_no', 'schedule', 'display_pattern', 'last_accessed'],
    shop: ['schedule', 'display_pattern', 'memo', 'device_type'],
  };
  return order[view].map((key) => ({ key, title: titles[key] ?? key }));
}
