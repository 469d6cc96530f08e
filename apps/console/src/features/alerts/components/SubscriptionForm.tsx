import {
  ALERT_CONDITIONS,
  ALERT_MESSAGES,
  type AlertChannel,
  COUNTRIES,
  isRegionBound,
  type Role,
  type TAlertSubscriptionInput,
  ZAlertSubscriptionInput,
} from '@signage/domain';
import { Button, Checkbox, Form, Input, Radio, Select, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textOr } from '../../../i18n/keys';

type Field = 'conditions' | 'countries' | 'channel' | 'email' | 'webhook_url' | 'webhook_secret';
type MessageKey = keyof typeof ALERT_MESSAGES;

/** The field each of the catalogue's refusals belongs to (the server's and the form's own, the same rules). */
const FIELD_OF_MESSAGE: Record<MessageKey, Field | null> = {
  conditions: 'conditions',
  countries: 'countries',
  email: 'email',
  webhookUrl: 'webhook_url',
  webhookPrivate: 'webhook_url',
  webhookSecret: 'webhook_secret',
  noSmtp: 'channel',
  tooMany: null,
};

const keyOf = (message: string) =>
  (Object.keys(ALERT_MESSAGES) as MessageKey[]).find((key) => ALERT_MESSAGES[key] === message);

/** A refusal in the user's language at its field; null when it belongs to no field. */
export function alertFieldError(t: TFunction, message: string): { name: Field; errors: string[] } | null {
  const key = keyOf(message);
  const name = key ? FIELD_OF_MESSAGE[key] : null;
  return key && name ? { name, errors: [t(`alerts.messages.${key}`)] } : null;
}

export function alertMessageText(t: TFunction, message: string): string {
  const key = keyOf(message);
  return key ? t(`alerts.messages.${key}`) : message;
}

type Values = {
  conditions?: string[];
  countries?: string[];
  channel?: AlertChannel;
  email?: string;
  webhook_url?: string;
  webhook_secret?: string;
};

/**
 * A new subscription: conditions, countries (a region-bound user's own region only), channel and where to. The
 * same rules as the server's (ZAlertSubscriptionInput) refuse a field before anything is sent.
 */
export function SubscriptionForm({
  role,
  region,
  saving,
  onSubmit,
}: {
  role: Role;
  region: string;
  saving: boolean;
  /** Answers the server's refusal, if any (shown at its field). */
  onSubmit: (input: TAlertSubscriptionInput) => Promise<string | null>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const bound = isRegionBound(role);
  const [channel, setChannel] = useState<AlertChannel>('email');
  const initial: Values = { conditions: ['offline'], countries: bound ? [region] : [], channel: 'email' };

  const submit = async (values: Values) => {
    const input = {
      conditions: values.conditions ?? [],
      countries: values.countries ?? [],
      channel: values.channel ?? 'email',
      ...(values.channel === 'webhook'
        ? { webhook_url: values.webhook_url ?? '', webhook_secret: values.webhook_secret ?? '' }
        : { email: values.email ?? '' }),
    } as TAlertSubscriptionInput;
    const parsed = ZAlertSubscriptionInput.safeParse(input);
    if (!parsed.success) {
      const fields = parsed.error.issues.flatMap((issue) => {
        const error = alertFieldError(t, issue.message);
        return error ? [error] : [];
      });
      form.setFields(fields);
      return;
    }
    const refusal = await onSubmit(input);
    const field = refusal ? alertFieldError(t, refusal) : null;
    if (field) form.setFields([field]);
    else if (refusal === null) {
      form.resetFields();
      setChannel('email');
    }
  };

  return (
    <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={(values) => void submit(values)}>
      <Form.Item name="conditions" label={t('alerts.conditions')}>
        <Checkbox.Group options={ALERT_CONDITIONS.map((value) => ({ value, label: t(`alerts.condition.${value}`) }))} />
      </Form.Item>
      {bound ? (
        // A region-bound user is told of its own region only: shown as text (a disabled select is unreadable).
        <Form.Item label={t('alerts.countries')}>
          <Form.Item name="countries" hidden>
            <Select mode="multiple" />
          </Form.Item>
          <Typography.Text>{textOr(t, `country.${region}`, region)}</Typography.Text>
        </Form.Item>
      ) : (
        <Form.Item name="countries" label={t('alerts.countries')} extra={t('alerts.allCountries')}>
          <Select
            mode="multiple"
            allowClear
            // A typed country is found by the name shown (antd searches the value, 'JP', by default).
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('alerts.countries')}
            placeholder={t('alerts.allCountries')}
            options={COUNTRIES.map((code) => ({ value: code, label: t(`country.${code}`) }))}
          />
        </Form.Item>
      )}
      <Form.Item name="channel" label={t('alerts.channel')}>
        <Radio.Group
          onChange={(event) => setChannel(event.target.value as AlertChannel)}
          options={[
            { value: 'email', label: t('alerts.channelEmail') },
            { value: 'webhook', label: t('alerts.channelWebhook') },
          ]}
        />
      </Form.Item>
      {channel === 'email' ? (
        <Form.Item name="email" label={t('alerts.email')}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
      ) : (
        <>
          <Form.Item name="webhook_url" label={t('alerts.webhookUrl')} extra={t('alerts.webhookHelp')}>
            <Input inputMode="url" />
          </Form.Item>
          <Form.Item name="webhook_secret" label={t('alerts.webhookSecret')}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </>
      )}
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('alerts.subscribe')}
      </Button>
    </Form>
  );
}
