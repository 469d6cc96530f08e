import { AUDIT_ACTIONS, AUDIT_MESSAGES, ZAuditQuery } from '@signage/domain';
import { Button, Flex, Form, Input, Select } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditSearch } from '../api';

/** The filters as typed: times as 'YYYY-MM-DD HH:mm' (or a day), in GMT like every time the console shows. */
export type AuditFilterValues = { user?: string; action?: string; object?: string; from?: string; to?: string };

type Field = keyof AuditFilterValues;
const FIELD_OF_MESSAGE: Record<keyof typeof AUDIT_MESSAGES, Field> = {
  invalidUser: 'user',
  invalidAction: 'action',
  invalidObject: 'object',
  invalidFrom: 'from',
  invalidTo: 'to',
  toBeforeFrom: 'to',
};

const messageKeyOf = (text: string) =>
  (Object.keys(AUDIT_MESSAGES) as (keyof typeof AUDIT_MESSAGES)[]).find((key) => AUDIT_MESSAGES[key] === text);

/** A typed GMT time as the instant the server reads; anything else is passed on as typed (and refused). */
function instantOf(text: string | undefined, endOfDay: boolean): string | undefined {
  const value = text?.trim();
  if (!value) return undefined;
  const day = /^(\d{4}-\d{2}-\d{2})$/.exec(value);
  if (day) return `${day[1]}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z`;
  const minute = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})$/.exec(value);
  if (minute) return `${minute[1]}T${minute[2]}:${endOfDay ? '59.999' : '00.000'}Z`;
  return value;
}

export function searchOf(values: AuditFilterValues): AuditSearch {
  const text = (value: string | undefined) => value?.trim() || undefined;
  return {
    user: text(values.user),
    action: values.action || undefined,
    object: text(values.object),
    from: instantOf(values.from, false),
    to: instantOf(values.to, true),
  };
}

/**
 * The field each refusal belongs to, in the user's language: the same rules as the server's (ZAuditQuery),
 * so a filter is refused at its field before it is sent, and a server refusal lands on the same field.
 */
export function fieldErrorsOf(t: TFunction, search: AuditSearch): { name: Field; errors: string[] }[] {
  const parsed = ZAuditQuery.safeParse(search);
  if (parsed.success) return [];
  return parsed.error.issues.flatMap((issue) => {
    const key = messageKeyOf(issue.message);
    return key ? [{ name: FIELD_OF_MESSAGE[key], errors: [t(`audit.messages.${key}`)] }] : [];
  });
}

export function serverFieldError(t: TFunction, message: string): { name: Field; errors: string[] } | null {
  const key = messageKeyOf(message);
  return key ? { name: FIELD_OF_MESSAGE[key], errors: [t(`audit.messages.${key}`)] } : null;
}

export function actionLabel(t: TFunction, action: string): string {
  return t(`audit.actions.${action.replace('.', '_')}`, { defaultValue: action });
}

/** The filter form: user, action, object and the time span; Search applies it, Clear empties it. */
export function AuditFilters({
  initial,
  serverError,
  onSearch,
}: {
  initial: AuditFilterValues;
  /** A refusal the server sent for the last search: shown at its field. */
  serverError: string | null;
  onSearch: (values: AuditFilterValues) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AuditFilterValues>();
  useEffect(() => {
    const field = serverError ? serverFieldError(t, serverError) : null;
    if (field) form.setFields([field]);
  }, [serverError, form, t]);
  const submit = (values: AuditFilterValues) => {
    const errors = fieldErrorsOf(t, searchOf(values));
    form.setFields((['user', 'action', 'object', 'from', 'to'] as const).map((name) => ({ name, errors: [] })));
    if (errors.length > 0) form.setFields(errors);
    else onSearch(values);
  };
  return (
    <Form<AuditFilterValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={submit}
      aria-label={t('audit.filters')}
    >
      <Flex gap={12} wrap align="flex-start">
        <Form.Item name="user" label={t('audit.user')} style={{ minWidth: 160 }}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="action" label={t('audit.action')} style={{ minWidth: 220 }}>
          <Select
            allowClear
            placeholder={t('audit.anyAction')}
            options={AUDIT_ACTIONS.map((action) => ({ value: action, label: actionLabel(t, action) }))}
          />
        </Form.Item>
        <Form.Item name="object" label={t('audit.object')} style={{ minWidth: 200 }}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="from" label={`${t('audit.from')} (GMT)`} style={{ minWidth: 180 }}>
          <Input allowClear placeholder="YYYY-MM-DD HH:mm" />
        </Form.Item>
        <Form.Item name="to" label={`${t('audit.to')} (GMT)`} style={{ minWidth: 180 }}>
          <Input allowClear placeholder="YYYY-MM-DD HH:mm" />
        </Form.Item>
        <Form.Item label=" ">
          <Flex gap={8}>
            <Button type="primary" htmlType="submit">
              {t('audit.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                form.setFieldsValue({ user: '', action: undefined, object: '', from: '', to: '' });
                onSearch({});
              }}
            >
              {t('audit.clear')}
            </Button>
          </Flex>
        </Form.Item>
      </Flex>
    </Form>
  );
}
