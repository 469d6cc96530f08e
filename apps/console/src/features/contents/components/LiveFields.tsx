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
import { translateMessage } from '../../../i18n/messages';
import { liveErrors, type RegisterForm, withLayout, withResolution } from '../rules';

type LiveFieldsProps = {
  form: RegisterForm;
  platforms: TLivePlatform[];
  onChange: (form: RegisterForm) => void;
  disabled: boolean;
};

/** The Live fields (SPEC.md sections 2, 4, 5): which are required follows the layout. */
export function LiveFields({ form, platforms, onChange, disabled }: LiveFieldsProps) {
  const { t } = useTranslation();
  const errors = liveErrors(form);
  const multi = form.layout === 'Multielement';
  const manual = form.resolution === 'Manual_input';
  const status = (error: string | null) => (error ? ('error' as const) : undefined);
  const help = (error: string | null) => (error ? translateMessage(t, error) : undefined);
  return (
    <>
      <Form.Item label={t('contents.live.platform')} htmlFor="live-platform" required>
        <Select
          id="live-platform"
          value={form.platform ?? undefined}
          disabled={disabled}
          placeholder={t('contents.live.selectPlatform')}
          options={platforms.map((p) => ({
            value: p.id,
            label: t(`contents.platform.${p.id}`, { defaultValue: p.label }),
          }))}
          onChange={(value: string) => onChange({ ...form, platform: value })}
        />
      </Form.Item>
      <Form.Item label={t('contents.live.layout')} required>
        <Radio.Group
          value={form.layout}
          disabled={disabled}
          onChange={(event) => onChange(withLayout(form, event.target.value))}
          options={layoutsFor(form.displayPattern).map((layout) => ({
            value: layout,
            label: t(`contents.layout.${layout}`),
          }))}
        />
      </Form.Item>
      <Form.Item label={t('contents.live.title')} htmlFor="live-title" required={multi}>
        <Input
          id="live-title"
          value={form.title}
          disabled={disabled}
          placeholder={t('messages.enterLiveTitle')}
          onChange={(event) => onChange({ ...form, title: event.target.value })}
        />
      </Form.Item>
      <Form.Item
        label={t('contents.live.stationUrl')}
        htmlFor="live-station"
        required
        validateStatus={status(errors.stationUrl)}
        help={help(errors.stationUrl)}
      >
        <Input
          id="live-station"
          value={form.stationUrl}
          disabled={disabled}
          placeholder="https://"
          onChange={(event) => onChange({ ...form, stationUrl: event.target.value })}
        />
      </Form.Item>
      <Form.Item label={t('contents.live.showId')} htmlFor="live-show" required={form.platform === 'bambuser'}>
        <Input
          id="live-show"
          value={form.showId}
          disabled={disabled}
          placeholder={t('messages.enterShowId')}
          onChange={(event) => onChange({ ...form, showId: event.target.value })}
        />
      </Form.Item>
      <Form.Item label={t('contents.live.resolution')} htmlFor="live-resolution" required>
        <Select<OutputResolution>
          id="live-resolution"
          value={form.resolution ?? undefined}
          disabled={disabled || form.layout === null}
          placeholder={t('contents.live.selectResolution')}
          options={OUTPUT_RESOLUTIONS.map((r) => ({ value: r, label: t(`contents.resolution.${r}`) }))}
          onChange={(value) => onChange(withResolution(form, value))}
        />
      </Form.Item>
      <div style={{ display: 'flex', gap: 12 }}>
        <Form.Item
          label={t('contents.live.width')}
          htmlFor="live-width"
          required
          validateStatus={status(errors.width)}
          help={help(errors.width)}
          style={{ flex: 1 }}
        >
          <Input
            id="live-width"
            inputMode="numeric"
            value={form.width}
            disabled={disabled || !manual}
            onChange={(event) => onChange({ ...form, width: event.target.value.replace(/\D/g, '') })}
          />
        </Form.Item>
        <Form.Item
          label={t('contents.live.height')}
          htmlFor="live-height"
          required
          validateStatus={status(errors.height)}
          help={help(errors.height)}
          style={{ flex: 1 }}
        >
          <Input
            id="live-height"
            inputMode="numeric"
            value={form.height}
            disabled={disabled || !manual}
            onChange={(event) => onChange({ ...form, height: event.target.value.replace(/\D/g, '') })}
          />
        </Form.Item>
      </div>
      <Form.Item label={t('contents.live.prompt')} htmlFor="live-prompt" required={!multi}>
        <Input.TextArea
          id="live-prompt"
          rows={2}
          value={form.prompt}
          disabled={disabled || multi}
          placeholder={t('messages.enterLivePrompt')}
          onChange={(event) => onChange({ ...form, prompt: event.target.value })}
        />
      </Form.Item>
      <Form.Item label={t('contents.live.logoPosition')} htmlFor="live-logo" required={!multi}>
        <Select
          id="live-logo"
          value={form.logoPosition ?? undefined}
          disabled={disabled || multi}
          placeholder={t('contents.live.selectLogoPosition')}
          options={LOGO_POSITIONS.map((p) => ({ value: p, label: t(`contents.logoPosition.${p}`) }))}
          onChange={(value) => onChange({ ...form, logoPosition: value })}
        />
      </Form.Item>
      <Form.Item label={t('contents.live.dashboard')} required>
        <Radio.Group
          value={form.dashboard}
          disabled={disabled}
          onChange={(event) => onChange({ ...form, dashboard: event.target.value })}
          options={LIVE_DASHBOARD_OPTIONS.map((d) => ({ value: d, label: t(`contents.dashboard.${d}`) }))}
        />
      </Form.Item>
    </>
  );
}
