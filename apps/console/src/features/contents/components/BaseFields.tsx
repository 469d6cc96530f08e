import { CONTENT_NAME_MAX, DISPLAY_PATTERNS, type DisplayPattern, runtimeZone, todayIn } from '@signage/domain';
import { Checkbox, DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CountryPicker } from '../../../ui/CountryPicker';
import { fieldFeedback } from '../fieldFeedback';
import { type FieldErrors, type RegisterForm, type RegisterMode, withDisplayPattern, withStartDate } from '../rules';

type FieldsProps = {
  form: RegisterForm;
  mode: RegisterMode;
  onChange: (form: RegisterForm) => void;
  disabled: boolean;
  /** Messages of the touched fields only. */
  errors: FieldErrors;
  onTouch: (field: keyof RegisterForm) => void;
};

const day = (value: string | null) => (value ? dayjs(value) : null);
const text = (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null);

/** Fields both modes share: name, license period (or No expiration), display pattern, distribution country. */
export function BaseFields({ form, mode, onChange, disabled, errors, onTouch }: FieldsProps) {
  const { t } = useTranslation();
  // Licence dates are picked in the user's own calendar; the server accepts any day still current somewhere.
  const today = todayIn(runtimeZone());
  const feedback = fieldFeedback(t, errors);
  return (
    <>
      <Form.Item label={t('contents.fields.name')} htmlFor="content-name" required {...feedback('name')}>
        <Input
          id="content-name"
          value={form.name}
          maxLength={CONTENT_NAME_MAX}
          disabled={disabled}
          placeholder={t('messages.enterContentName')}
          onBlur={() => onTouch('name')}
          onChange={(event) => onChange({ ...form, name: event.target.value })}
        />
      </Form.Item>
      <Form.Item label={t('contents.fields.licensePeriod')}>
        <Checkbox
          checked={form.noExpiration}
          disabled={disabled}
          onChange={(event) => onChange({ ...form, noExpiration: event.target.checked })}
        >
          {t('common.noExpiration')}
        </Checkbox>
        <div style={{ display: 'flex', gap: 8, marginTop: 8, flexWrap: 'wrap' }}>
          <DatePicker
            aria-label={t('contents.fields.startDate')}
            placeholder={t('contents.fields.startDate')}
            value={day(form.startDate)}
            disabled={disabled || form.noExpiration}
            disabledDate={(d) => d.format('YYYY-MM-DD') < today}
            onChange={(value) => onChange(withStartDate(form, text(value)))}
          />
          <DatePicker
            aria-label={t('contents.fields.endDate')}
            placeholder={t('contents.fields.endDate')}
            value={day(form.endDate)}
            disabled={disabled || form.noExpiration}
            disabledDate={(d) => d.format('YYYY-MM-DD') < (form.startDate ?? today)}
            onChange={(value) => onChange({ ...form, endDate: text(value) })}
          />
        </div>
      </Form.Item>
      <Form.Item
        label={t('contents.fields.displayPattern')}
        htmlFor="content-pattern"
        required
        {...feedback('displayPattern')}
      >
        <Select<DisplayPattern>
          id="content-pattern"
          value={form.displayPattern ?? undefined}
          disabled={disabled}
          placeholder={t('contents.fields.selectPattern')}
          onBlur={() => onTouch('displayPattern')}
          onChange={(value) => onChange(withDisplayPattern(form, value))}
          options={DISPLAY_PATTERNS.map((p) => ({
            value: p.value,
            label: p.label,
            disabled: mode === 'live' && !p.liveAllowed,
          }))}
        />
      </Form.Item>
      <Form.Item label={t('contents.fields.country')}>
        <CountryPicker
          value={form.country}
          disabled={disabled}
          aria-label={t('contents.fields.country')}
          placeholder={t('messages.selectDistributionCountry')}
          onChange={(value) => onChange({ ...form, country: value })}
        />
      </Form.Item>
    </>
  );
}
