import {
  DISPLAY_PATTERNS,
  defaultZoneOf,
  isValidStoreCode,
  isZoneOfCountry,
  LOCATIONS,
  padStoreCode,
  STORE_TYPES,
  sanitizeStoreCode,
  type TDevice,
  type TDeviceUpdate,
} from '@signage/domain';
import { Button, Flex, Form, Input, Select } from 'antd';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountryPicker } from '../../../ui/CountryPicker';
import { TagField } from '../../../ui/players/TagField';
import { TimeZoneField } from '../../../ui/TimeZoneField';

type Props = {
  device: TDevice;
  saving: boolean;
  /** DS_LHQIT and DS_FRIT also correct the store: code, name, country and display pattern. */
  editStore: boolean;
  /** Countries a region-bound user may choose (its own); all when omitted. */
  countries?: readonly string[];
  onCancel: () => void;
  onSave: (change: TDeviceUpdate) => void;
};

type Draft = {
  region: string;
  shop_no: string;
  shop_name: string;
  display_pattern: string;
  memo: string;
  store_type: string;
  device_type: string;
  tags: string[];
  time_zone: string;
};

/**
 * Only what differs from the player, so a save never rewrites fields the user did not touch (an
 * unchanged zone then needs no re-check against the country).
 */
function changesOf(initial: Draft, draft: Draft): TDeviceUpdate {
  const change: Record<string, unknown> = {};
  for (const key of Object.keys(draft) as (keyof Draft)[]) {
    if (JSON.stringify(draft[key]) !== JSON.stringify(initial[key])) change[key] = draft[key];
  }
  return change as TDeviceUpdate;
}

/** The zone kept when it is one of the country's, else the country's default. */
const zoneFor = (region: string, zone: string) => (isZoneOfCountry(region, zone) ? zone : defaultZoneOf(region));

/**
 * Edit mode of Player detail: note, store type, installation site, time zone and tags; for store editors
 * also the store code (digits only, padded on blur), store name, country and display pattern. Register
 * saves a change.
 */
export function PlayerEditForm({ device, saving, editStore, countries, onCancel, onSave }: Props) {
  const { t } = useTranslation();
  const initial: Draft = {
    region: device.region,
    shop_no: device.shop_no,
    shop_name: device.shop_name,
    display_pattern: device.display_pattern,
    memo: device.memo,
    store_type: device.store_type,
    device_type: device.device_type,
    tags: device.tags.map((tag) => tag.id),
    time_zone: device.time_zone,
  };
  // A zone that is not one of the country's (a player from before zones existed) starts as the country's
  // default, so the form shows what Register will save and Register is offered to put it right.
  const [draft, setDraft] = useState<Draft>(() => ({
    ...initial,
    time_zone: zoneFor(device.region, device.time_zone),
  }));
  const change = changesOf(initial, draft);
  const changed = Object.keys(change).length > 0;
  const storeValid = isValidStoreCode(draft.shop_no) && draft.shop_name.trim() !== '' && draft.region !== '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changed && storeValid) onSave(change);
  };
  const codeInvalid = !isValidStoreCode(draft.shop_no);
  return (
    <form onSubmit={submit} aria-label={t('players.edit')}>
      <Form layout="vertical" component={false}>
        {editStore ? (
          <>
            <Flex gap={16} wrap>
              <Form.Item label={t('players.country')} htmlFor="pd-country" required style={{ flex: 1, minWidth: 200 }}>
                <CountryPicker
                  id="pd-country"
                  aria-label={t('players.country')}
                  value={draft.region || null}
                  countries={countries}
                  // Another country has other zones: keep the chosen one only where it still fits.
                  onChange={(region) =>
                    setDraft({
                      ...draft,
                      region: region ?? '',
                      time_zone: region ? zoneFor(region, draft.time_zone) : draft.time_zone,
                    })
                  }
                />
              </Form.Item>
              <Form.Item
                label={t('players.storeCode')}
                htmlFor="pd-store-code"
                required
                style={{ flex: 1, minWidth: 160 }}
                validateStatus={codeInvalid ? 'error' : undefined}
                help={codeInvalid ? t('messages.enterStoreCode') : undefined}
              >
                <Input
                  id="pd-store-code"
                  inputMode="numeric"
                  value={draft.shop_no}
                  onChange={(e) => setDraft({ ...draft, shop_no: sanitizeStoreCode(e.target.value) })}
                  onBlur={() => setDraft({ ...draft, shop_no: padStoreCode(draft.shop_no) })}
                  aria-invalid={codeInvalid}
                />
              </Form.Item>
            </Flex>
            <Flex gap={16} wrap>
              <Form.Item
                label={t('players.storeName')}
                htmlFor="pd-store-name"
                required
                style={{ flex: 2, minWidth: 240 }}
                validateStatus={draft.shop_name.trim() === '' ? 'error' : undefined}
                help={draft.shop_name.trim() === '' ? t('messages.enterStoreName') : undefined}
              >
                <Input
                  id="pd-store-name"
                  maxLength={200}
                  value={draft.shop_name}
                  onChange={(e) => setDraft({ ...draft, shop_name: e.target.value })}
                />
              </Form.Item>
              <Form.Item
                label={t('players.displayPattern')}
                htmlFor="pd-pattern"
                required
                style={{ flex: 1, minWidth: 200 }}
              >
                <Select
                  id="pd-pattern"
                  value={draft.display_pattern}
                  onChange={(pattern: string) => setDraft({ ...draft, display_pattern: pattern })}
                  options={DISPLAY_PATTERNS.map((p) => ({ value: p.value, label: p.label }))}
                />
              </Form.Item>
            </Flex>
          </>
        ) : null}
        <Form.Item label={t('players.memo')} htmlFor="pd-memo">
          <Input.TextArea
            id="pd-memo"
            maxLength={500}
            autoSize={{ minRows: 2, maxRows: 5 }}
            value={draft.memo}
            onChange={(e) => setDraft({ ...draft, memo: e.target.value })}
          />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item label={t('players.storeType')} htmlFor="pd-store-type" style={{ flex: 1, minWidth: 200 }}>
            <Select
              id="pd-store-type"
              allowClear
              placeholder={t('players.select')}
              value={draft.store_type || undefined}
              onChange={(v: string | undefined) => setDraft({ ...draft, store_type: v ?? '' })}
              options={STORE_TYPES.map((v) => ({ value: v, label: t(`storeType.${v}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('players.location')} htmlFor="pd-location" style={{ flex: 1, minWidth: 200 }}>
            <Select
              id="pd-location"
              value={draft.device_type}
              onChange={(v: string) => setDraft({ ...draft, device_type: v })}
              options={LOCATIONS.map((v) => ({ value: v, label: t(`location.${v}`) }))}
            />
          </Form.Item>
        </Flex>
        <Form.Item label={t('players.timeZone')} htmlFor="pd-time-zone">
          <TimeZoneField
            id="pd-time-zone"
            aria-label={t('players.timeZone')}
            country={draft.region || device.region}
            value={draft.time_zone}
            onChange={(zone) => setDraft({ ...draft, time_zone: zone })}
          />
        </Form.Item>
        <Form.Item label={t('players.tags')}>
          <TagField
            kind="deviceDetailDeviceTag"
            value={draft.tags}
            known={device.tags}
            onChange={(tags) => setDraft({ ...draft, tags })}
          />
        </Form.Item>
      </Form>
      <Flex gap={8} justify="flex-end">
        <Button htmlType="button" onClick={onCancel}>
          {t('players.cancelEdit')}
        </Button>
        <Button type="primary" htmlType="submit" disabled={!changed || !storeValid} loading={saving}>
          {t('players.register')}
        </Button>
      </Flex>
    </form>
  );
}
