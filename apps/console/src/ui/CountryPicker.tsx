import { CloseCircleFilled, GlobalOutlined } from '@ant-design/icons';
import { AREAS, type CountryCode } from '@signage/domain';
import { Button, Flex, Modal, Radio, Space, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textOr } from '../i18n/keys';
import { useOverlayToggle } from './useOverlay';

type CountryPickerProps = {
  value?: string | null;
  onChange?: (value: CountryCode | null) => void;
  placeholder?: string;
  disabled?: boolean;
  /** Restrict the choice (region-bound users); all countries when omitted. */
  countries?: readonly string[];
  id?: string;
  'aria-label'?: string;
};

/**
 * The country picker of SPEC.md section 3: a field that opens a modal with the countries grouped
 * by area as radio choices, and a clear control. Works as an antd Form item (value/onChange).
 */
export function CountryPicker({
  value,
  onChange,
  placeholder,
  disabled,
  countries,
  id,
  'aria-label': ariaLabel,
}: CountryPickerProps) {
  const { t } = useTranslation();
  const [open, show, close] = useOverlayToggle('countrySelect');
  const [draft, setDraft] = useState<string | null>(value ?? null);
  const titleId = useId();
  const areas = AREAS.map((area) => ({
    code: area.code,
    countries: area.countries.filter((c) => !countries || countries.includes(c)),
  })).filter((area) => area.countries.length > 0);

  const openPicker = () => {
    setDraft(value ?? null);
    show();
  };

  const shown = value ? textOr(t, `country.${value}`, value) : (placeholder ?? t('countryPicker.placeholder'));
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Button
          id={id}
          // The field's name, then what the button shows: a name holding the visible text (WCAG 2.5.3).
          aria-label={ariaLabel ? `${ariaLabel} ${shown}` : undefined}
          aria-haspopup="dialog"
          icon={<GlobalOutlined />}
          disabled={disabled}
          onClick={openPicker}
          style={{ flex: 1, justifyContent: 'flex-start', textAlign: 'left' }}
        >
          {value ? shown : <Typography.Text type="secondary">{shown}</Typography.Text>}
        </Button>
        {value && !disabled ? (
          <Button aria-label={t('countryPicker.clear')} icon={<CloseCircleFilled />} onClick={() => onChange?.(null)} />
        ) : null}
      </Space.Compact>
      <Modal
        open={open}
        title={<span id={titleId}>{t('countryPicker.title')}</span>}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        onCancel={close}
        onOk={() => {
          onChange?.((draft as CountryCode | null) ?? null);
          close();
        }}
        footer={(_, { OkBtn, CancelBtn }) => (
          <Flex justify="space-between">
            <Button onClick={() => setDraft(null)} disabled={draft === null}>
              {t('countryPicker.clear')}
            </Button>
            <Space>
              <CancelBtn />
              <OkBtn />
            </Space>
          </Flex>
        )}
        destroyOnHidden
      >
        <Radio.Group
          aria-labelledby={titleId}
          value={draft}
          onChange={(event) => setDraft(event.target.value as string)}
          style={{ width: '100%' }}
        >
          {areas.map((area) => (
            <fieldset key={area.code} style={{ border: 0, padding: 0, margin: '0 0 12px' }}>
              <legend style={{ marginBottom: 4 }}>
                <Typography.Text strong>{t(`area.${area.code}`)}</Typography.Text>
              </legend>
              <Flex wrap gap={8}>
                {area.countries.map((country) => (
                  <Radio key={country} value={country}>
                    {t(`country.${country}`)}
                  </Radio>
                ))}
              </Flex>
            </fieldset>
          ))}
        </Radio.Group>
      </Modal>
    </>
  );
}
