import { DISPLAY_PATTERNS, LOCATIONS, padStoreCode, STORE_TYPES, sanitizeStoreCode } from '@signage/domain';
import { Button, Flex, Form, Input, Select } from 'antd';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountryPicker } from '../../../ui/CountryPicker';
import { TagField } from '../../../ui/players/TagField';
import { TimeZoneField } from '../../../ui/TimeZoneField';
import { canRegisterStore, EMPTY_DRAFT, isDraftFilled, type StoreDraft, withCountry } from '../store';

type Props = {
  value: StoreDraft;
  onChange: (draft: StoreDraft) => void;
  onSubmit: () => void;
  /** Countries the user may choose (region-bound users: their own). */
  countries?: readonly string[];
};

/**
 * Step 1 of Register player: country (picker by area), its time zone (a choice where it has several), store code (digits only, at most four,
 * padded to four on blur), store name, display pattern, note, store type, installation site and tags.
 * Register is enabled once the required fields are valid; Reset once anything is filled.
 */
export function StoreRegistrationForm({ value, onChange, onSubmit, countries }: Props) {
  const { t } = useTranslation();
  const [codeTouched, setCodeTouched] = useState(false);
  const set = <K extends keyof StoreDraft>(key: K, v: StoreDraft[K]) => onChange({ ...value, [key]: v });
  const codeInvalid = codeTouched && value.shop_no.length !== 4;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canRegisterStore(value)) onSubmit();
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('players.stepStore')}>
      <Form layout="vertical" component={false}>
        <Form.Item label={t('players.country')} htmlFor="reg-country" required>
          <CountryPicker
            id="reg-country"
            aria-label={t('players.country')}
            value={value.region}
            countries={countries}
            onChange={(region) => onChange(withCountry(value, region))}
          />
        </Form.Item>
        <Form.Item label={t('players.timeZone')} htmlFor="reg-time-zone">
          <TimeZoneField
            id="reg-time-zone"
            aria-label={t('players.timeZone')}
            country={value.region}
            value={value.time_zone}
            onChange={(zone) => set('time_zone', zone)}
          />
        </Form.Item>
        <Form.Item
          label={t('players.storeCode')}
          htmlFor="reg-store-code"
          required
          validateStatus={codeInvalid ? 'error' : undefined}
          help={codeInvalid ? t('messages.enterStoreCode') : undefined}
        >
          {/* No maxLength: the browser would cut a paste before the digits are picked out (sanitizeStoreCode cuts after). */}
          <Input
            id="reg-store-code"
            inputMode="numeric"
            placeholder={t('players.storeCodePlaceholder')}
            value={value.shop_no}
            onChange={(event) => set('shop_no', sanitizeStoreCode(event.target.value))}
            onBlur={() => {
              setCodeTouched(true);
              set('shop_no', padStoreCode(value.shop_no));
            }}
            aria-invalid={codeInvalid}
          />
        </Form.Item>
        <Form.Item label={t('players.storeName')} htmlFor="reg-store-name" required>
          <Input
            id="reg-store-name"
            maxLength={200}
            placeholder={t('messages.enterStoreName')}
            value={value.shop_name}
            onChange={(event) => set('shop_name', event.target.value)}
          />
        </Form.Item>
        <Form.Item label={t('players.displayPattern')} htmlFor="reg-pattern" required>
          <Select
            id="reg-pattern"
            placeholder={t('players.select')}
            value={value.display_pattern}
            onChange={(pattern: string) => set('display_pattern', pattern)}
            options={DISPLAY_PATTERNS.map((p) => ({ value: p.value, label: p.label }))}
          />
        </Form.Item>
        <Form.Item label={t('players.memo')} htmlFor="reg-memo">
          <Input.TextArea
            id="reg-memo"
            maxLength={500}
            autoSize={{ minRows: 2, maxRows: 4 }}
            value={value.memo}
            onChange={(event) => set('memo', event.target.value)}
          />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item label={t('players.storeType')} htmlFor="reg-store-type" style={{ flex: 1, minWidth: 200 }}>
            <Select
              id="reg-store-type"
              allowClear
              placeholder={t('players.select')}
              value={value.store_type}
              onChange={(storeType: string | undefined) => set('store_type', storeType ?? null)}
              options={STORE_TYPES.map((v) => ({ value: v, label: t(`storeType.${v}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('players.location')} htmlFor="reg-location" style={{ flex: 1, minWidth: 200 }}>
            <Select
              id="reg-location"
              value={value.device_type}
              onChange={(location: string) => set('device_type', location)}
              options={LOCATIONS.map((v) => ({ value: v, label: t(`location.${v}`) }))}
            />
          </Form.Item>
        </Flex>
        <Form.Item label={t('players.tags')}>
          <TagField kind="deviceTag" value={value.tags} onChange={(tags) => set('tags', tags)} />
        </Form.Item>
      </Form>
      <Flex gap={8} justify="flex-end">
        <Button
          htmlType="button"
          disabled={!isDraftFilled(value)}
          onClick={() => {
            setCodeTouched(false);
            onChange(EMPTY_DRAFT);
          }}
        >
          {t('common.reset')}
        </Button>
        <Button type="primary" htmlType="submit" disabled={!canRegisterStore(value)}>
          {t('players.register')}
        </Button>
      </Flex>
    </form>
  );
}
