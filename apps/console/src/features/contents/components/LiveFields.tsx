import {
  LIVE_DASHBOARD_OPTIONS,
  LOGO_POSITIONS,
  layoutsFor,
  OUTPUT_RESOLUTIONS,
  type OutputResolution,
  type TLivePlatform,
} from '@signage/domain';
import { Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldFeedback } from '../fieldFeedback';
import { type FieldErrors, type RegisterForm, withLayout, withResolution } from '../rules';

type LiveFieldsProps = {
  form: RegisterForm;
  platforms: TLivePlatform[];
  onChange: (form: RegisterForm) => void;
  disabled: boolean;
  /** Messages of the touched fields only. */
  errors: FieldErrors;
  onTouch: (field: keyof RegisterForm) => void;
};

/** The Live fields (SPEC.md sections 2, 4, 5): which are required follows the layout. */
export function LiveFields({ form, platforms, onChange, disabled, errors, onTouch }: LiveFieldsProps) {
  const { t } = useTranslation();
  const multi = form.layout === 'Multielement';
  const manual = form.resolution === 'Manual_input';
  const feedback = fieldFeedback(t, errors);
  return (
    <>
      <Form.Item label={t('contents.live.platform')} htmlFor="live-platform" required {...feedback('platform')}>
        <Select
          id="live-platform"
          value={form.platform ?? undefined}
          disabled={disabled}
          placeholder={t('contents.live.selectPlatform')}
          options={platforms.map((p) => ({
            value: p.id,
            label: t(`contents.platform.${p.id}`, { defaultValue: p.label }),
          }))}
          onBlur={() => onTouch('platform')}
          onChange={(value: string) => onChange({ ...form, platform: value })}
        />
      </Form.Item>
      <Form.Item label={t('contents.live.layout')} required {...feedback('layout')}>
        <Radio.Group
          value={form.layout}
          disabled={disabled}
          onChange={(event) => {
            onTouch('layout');
            onChange(withLayout(form, event.target.value));
          }}
          options={layoutsFor(form.displayPattern).map((layout) => ({
            value: layout,
            label: t(`contents.layout.${layout}`),
          }))}
        />
      </Form.Item>
      <Form.Item label={t('contents.live.title')} htmlFor="live-title" required={multi} {...feedback('title')}>
        <Input
          id="live-title"
          value={form.title}
          disabled={disabled}
          placeholder={t('messages.enterLiveTitle')}
          onBlur={() => onTouch('title')}
          onChange={(event) => onChange({ ...form, title: event.target.value })}
        />
      </Form.Item>
      <Form.Item label={t('contents.live.stationUrl')} htmlFor="live-station" required {...feedback('stationUrl')}>
        <Input
          id="live-station"
          value={form.stationUrl}
          disabled={disabled}
          placeholder="https://"
          onBlur={() => onTouch('stationUrl')}
          onChange={(event) => onChange({ ...form, stationUrl: event.target.value })}
        />
      </Form.Item>
      <Form.Item
        label={t('contents.live.showId')}
        htmlFor="live-show"
        required={form.platform === 'bambuser'}
        {...feedback('showId')}
      >
        <Input
          id="live-show"
          value={form.showId}
          disabled={disabled}
          placeholder={t('messages.enterShowId')}
          onBlur={() => onTouch('showId')}
          onChange={(event) => onChange({ ...form, showId: event.target.value })}
        />
      </Form.Item>
      <Form.Item label={t('contents.live.resolution')} htmlFor="live-resolution" required {...feedback('resolution')}>
        <Select<OutputResolution>
          id="live-resolution"
          value={form.resolution ?? undefined}
          disabled={disabled || form.layout === null}
          placeholder={t('contents.live.selectResolution')}
          options={OUTPUT_RESOLUTIONS.map((r) => ({ value: r, label: t(`contents.resolution.${r}`) }))}
          onBlur={() => onTouch('resolution')}
          onChange={(value) => onChange(withResolution(form, value))}
        />
      </Form.Item>
      <div style={{ display: 'flex', gap: 12 }}>
        <Form.Item
          label={t('contents.live.width')}
          htmlFor="live-width"
          required
          {...feedback('width')}
          style={{ flex: 1 }}
        >
          <Input
            id="live-width"
            inputMode="numeric"
            value={form.width}
            disabled={disabled || !manual}
            onBlur={() => onTouch('width')}
            onChange={(event) => onChange({ ...form, width: event.target.value.replace(/\D/g, '') })}
          />
        </Form.Item>
        <Form.Item
          label={t('contents.live.height')}
          htmlFor="live-height"
          required
          {...feedback('height')}
          style={{ flex: 1 }}
        >
          <Input
            id="live-height"
            inputMode="numeric"
            value={form.height}
            disabled={disabled || !manual}
            onBlur={() => onTouch('height')}
            onChange={(event) => onChange({ ...form, height: event.target.value.replace(/\D/g, '') })}
          />
        </Form.Item>
      </div>
      <Form.Item label={t('contents.live.prompt')} htmlFor="live-prompt" required={!multi} {...feedback('prompt')}>
        <Input.TextArea
          id="live-prompt"
          rows={2}
          value={form.prompt}
          disabled={disabled || multi}
          placeholder={t('messages.enterLivePrompt')}
          onBlur={() => onTouch('prompt')}
          onChange={(event) => onChange({ ...form, prompt: event.target.value })}
        />
      </Form.Item>
      <Form.Item
        label={t('contents.live.logoPosition')}
        htmlFor="live-logo"
        required={!multi}
        {...feedback('logoPosition')}
      >
        <Select
          id="live-logo"
          value={form.logoPosition ?? undefined}
          disabled={disabled || multi}
          placeholder={t('contents.live.selectLogoPosition')}
          options={LOGO_POSITIONS.map((p) => ({ value: p, label: t(`contents.logoPosition.${p}`) }))}
          onBlur={() => onTouch('logoPosition')}
          onChange={(value) => onChange({ ...form, logoPosition: value })}
        />
      </Form.Item>
      <Form.Item label={t('contents.live.dashboard')} required {...feedback('dashboard')}>
        <Radio.Group
          value={form.dashboard}
          disabled={disabled}
          onChange={(event) => {
            onTouch('dashboard');
            onChange({ ...form, dashboard: event.target.value });
          }}
          options={LIVE_DASHBOARD_OPTIONS.map((d) => ({ value: d, label: t(`contents.dashboard.${d}`) }))}
        />
      </Form.Item>
    </>
  );
}
