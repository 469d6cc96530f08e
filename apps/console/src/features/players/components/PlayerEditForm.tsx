import {
  defaultZoneOf,
  isZoneOfCountry,
  LOCATIONS,
  STORE_TYPES,
  type TDevice,
  type TDeviceUpdate,
} from '@signage/domain';
import { Button, Flex, Form, Input, Select } from 'antd';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeZoneField } from '../../../ui/TimeZoneField';
import { TagField } from './TagField';

type Props = { device: TDevice; saving: boolean; onCancel: () => void; onSave: (change: TDeviceUpdate) => void };

/** Edit mode of Player detail: note, store type, installation site, time zone and tags; Register saves a change. */
export function PlayerEditForm({ device, saving, onCancel, onSave }: Props) {
  const { t } = useTranslation();
  const initial = {
    memo: device.memo,
    store_type: device.store_type,
    device_type: device.device_type,
    tags: device.tags.map((tag) => tag.id),
    time_zone: device.time_zone,
  };
  // A zone that is not one of the country's (a player from before zones existed) starts as the country's
  // default, so the form shows what Register will save and Register is offered to put it right.
  const [draft, setDraft] = useState(() => ({
    ...initial,
    time_zone: isZoneOfCountry(device.region, device.time_zone) ? device.time_zone : defaultZoneOf(device.region),
  }));
  const changed = JSON.stringify(draft) !== JSON.stringify(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!changed) return;
    // The zone goes only when changed: an unchanged one needs no re-check against the country.
    const { time_zone, ...rest } = draft;
    onSave({ ...rest, ...(time_zone !== initial.time_zone ? { time_zone } : {}) } as TDeviceUpdate);
  };
  return (
    <form onSubmit={submit} aria-label={t('players.edit')}>
      <Form layout="vertical" component={false}>
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
            country={device.region}
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
        <Button type="primary" htmlType="submit" disabled={!changed} loading={saving}>
          {t('players.register')}
        </Button>
      </Flex>
    </form>
  );
}
