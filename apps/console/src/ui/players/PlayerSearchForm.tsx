import { DISPLAY_PATTERNS, LOCATIONS, padStoreCode, STORE_TYPES, sanitizeStoreCode } from '@signage/domain';
import { Button, Checkbox, Drawer, Flex, Form, Input, Select } from 'antd';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../i18n/schedules';
import { CountryPicker } from '../CountryPicker';
import type { PlayerCriteria } from './criteria';
import { TagField } from './TagField';

type Props = {
  open: boolean;
  initial: PlayerCriteria;
  showCountry: boolean;
  onClose: () => void;
  onSearch: (criteria: PlayerCriteria) => void;
};

/** The player search overlay: every field of SPEC.md section 2; the country only for roles not region-bound. */
export function PlayerSearchForm({ open, initial, showCountry, onClose, onSearch }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<PlayerCriteria>(initial);
  useEffect(() => {
    if (open) setDraft(initial);
  }, [open, initial]);
  const set = <K extends keyof PlayerCriteria>(key: K, value: PlayerCriteria[K]) =>
    setDraft({ ...draft, [key]: value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft);
  };

  return (
    <Drawer open={open} onClose={onClose} title={t('players.searchTitle')} size={420} destroyOnHidden>
      <form onSubmit={submit} aria-label={t('players.searchTitle')}>
        <Form layout="vertical" component={false}>
          <Form.Item label={t('players.storeName')} htmlFor="ps-name">
            <Input id="ps-name" value={draft.shop_name} onChange={(e) => set('shop_name', e.target.value)} />
          </Form.Item>
          <Form.Item label={t('players.storeCode')} htmlFor="ps-code">
            {/* No maxLength: the browser would cut a paste before the digits are picked out (sanitizeStoreCode cuts after). */}
            <Input
              id="ps-code"
              inputMode="numeric"
              placeholder={t('players.storeCodePlaceholder')}
              value={draft.shop_no}
              onChange={(e) => set('shop_no', sanitizeStoreCode(e.target.value))}
              onBlur={() => set('shop_no', padStoreCode(draft.shop_no ?? ''))}
            />
          </Form.Item>
          {showCountry ? (
            <Form.Item label={t('players.country')} htmlFor="ps-country">
              <CountryPicker
                id="ps-country"
                aria-label={t('players.country')}
                value={draft.region ?? null}
                onChange={(region) => set('region', region)}
              />
            </Form.Item>
          ) : null}
          <Form.Item label={t('players.displayPattern')} htmlFor="ps-pattern">
            <Select
              id="ps-pattern"
              allowClear
              placeholder={t('players.select')}
              value={draft.display_pattern ?? undefined}
              onChange={(v: string | undefined) => set('display_pattern', v ?? null)}
              options={DISPLAY_PATTERNS.map((p) => ({ value: p.value, label: p.label }))}
            />
          </Form.Item>
          <Form.Item label={t('players.memo')} htmlFor="ps-memo">
            <Input id="ps-memo" value={draft.memo} onChange={(e) => set('memo', e.target.value)} />
          </Form.Item>
          <Form.Item label={t('players.storeType')} htmlFor="ps-store-type">
            <Select
              id="ps-store-type"
              mode="multiple"
              allowClear
              placeholder={t('players.select')}
              value={draft.store_type ?? []}
              onChange={(v: string[]) => set('store_type', v)}
              options={STORE_TYPES.map((v) => ({ value: v, label: t(`storeType.${v}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('players.location')} htmlFor="ps-location">
            <Select
              id="ps-location"
              mode="multiple"
              allowClear
              placeholder={t('players.select')}
              value={draft.device_type ?? []}
              onChange={(v: string[]) => set('device_type', v)}
              options={LOCATIONS.map((v) => ({ value: v, label: t(`location.${v}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('players.tags')}>
            <TagField
              kind="deviceSearchDeviceTag"
              label={t('players.tags')}
              value={draft.tags ?? []}
              onChange={(v) => set('tags', v)}
            />
          </Form.Item>
          <Form.Item label={t('players.excludeTags')}>
            <TagField
              kind="deviceSearchDeviceExludeTag"
              label={t('players.excludeTags')}
              value={draft.exclude_tag ?? []}
              onChange={(v) => set('exclude_tag', v)}
            />
          </Form.Item>
          <Flex vertical gap={8} style={{ marginBottom: 24 }}>
            <Checkbox checked={draft.only_issues ?? false} onChange={(e) => set('only_issues', e.target.checked)}>
              {t('players.onlyIssues')}
            </Checkbox>
            <Checkbox
              checked={draft.only_unscheduled ?? false}
              onChange={(e) => set('only_unscheduled', e.target.checked)}
            >
              {t('players.onlyUnscheduled')}
            </Checkbox>
            <Checkbox
              checked={draft.only_pending_delivery ?? false}
              onChange={(e) => set('only_pending_delivery', e.target.checked)}
            >
              {t('delivery.onlyPending')}
            </Checkbox>
          </Flex>
        </Form>
        <Flex gap={8} justify="flex-end">
          <Button htmlType="button" onClick={() => setDraft({})}>
            {t('common.reset')}
          </Button>
          <Button type="primary" htmlType="submit">
            {t('common.search')}
          </Button>
        </Flex>
      </form>
    </Drawer>
  );
}
