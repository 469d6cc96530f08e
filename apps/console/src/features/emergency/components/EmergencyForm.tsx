import { COUNTRIES, EMERGENCY_TEXT_MAX, isRegionBound, padStoreCode } from '@signage/domain';
import { Button, Form, Input, Radio, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChosenLanguage } from '../../../i18n';
import { textOr } from '../../../i18n/keys';
import { errorMessageOf } from '../../../lib/api';
import { useAuth } from '../../../lib/authStore';
import { useTagSettings } from '../../../ui/players/api';
import { tagName } from '../../../ui/tagName';
import { useImageContents, usePostEmergency } from '../api';
import { bodyOf, DURATIONS, type EmergencyFormValues, fieldError, fieldErrorsOf } from './fields';

const INITIAL: EmergencyFormValues = { by: 'all', kind: 'text', minutes: 60 };
const FIELDS = ['by', 'countries', 'tag_ids', 'shop_nos', 'kind', 'text', 'content_id', 'minutes'] as const;

/**
 * The post form (issue 29 item 6): whom (every player within reach, countries, tags or store codes), what (a
 * text or an image content) and for how long. Each refusal is shown at its field, the server's too.
 */
export function EmergencyForm({ onPosted }: { onPosted: () => void }) {
  const { t } = useTranslation();
  const language = useChosenLanguage();
  const user = useAuth((state) => state.user);
  const [form] = Form.useForm<EmergencyFormValues>();
  const by = Form.useWatch('by', form) ?? INITIAL.by;
  const kind = Form.useWatch('kind', form) ?? INITIAL.kind;
  const [imageSearch, setImageSearch] = useState('');
  const images = useImageContents(imageSearch);
  const tags = useTagSettings();
  const post = usePostEmergency();
  const [failure, setFailure] = useState<string | null>(null);
  const countries = user && isRegionBound(user.authority) ? [user.region] : COUNTRIES;

  useEffect(() => {
    if (!post.error) return;
    const message = errorMessageOf(post.error, t('emergency.postFailed'));
    const field = fieldError(t, message);
    if (field) form.setFields([field]);
    setFailure(field ? null : message);
  }, [post.error, form, t]);

  const submit = (values: EmergencyFormValues) => {
    const body = bodyOf({ ...INITIAL, ...values }, new Date());
    form.setFields(FIELDS.map((name) => ({ name, errors: [] })));
    setFailure(null);
    const errors = fieldErrorsOf(t, body);
    if (errors.length > 0) {
      form.setFields(errors);
      return;
    }
    post.mutate(body, {
      onSuccess: () => {
        form.resetFields();
        onPosted();
      },
    });
  };

  return (
    <Form<EmergencyFormValues>
      form={form}
      layout="vertical"
      initialValues={INITIAL}
      onFinish={submit}
      aria-label={t('emergency.form')}
    >
      <Form.Item name="by" label={t('emergency.to')}>
        <Radio.Group
          options={(['all', 'countries', 'tags', 'stores'] as const).map((value) => ({
            value,
            label: t(`emergency.by.${value}`),
          }))}
        />
      </Form.Item>
      {by === 'countries' ? (
        <Form.Item name="countries" label={t('emergency.countries')}>
          <Select
            mode="multiple"
            allowClear
            options={countries.map((code) => ({ value: code, label: textOr(t, `country.${code}`, code) }))}
          />
        </Form.Item>
      ) : null}
      {by === 'tags' ? (
        <Form.Item name="tag_ids" label={t('emergency.tags')}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            options={(tags.data ?? [])
              .filter((tag) => tag.level === 2)
              .map((tag) => ({ value: tag.id, label: tagName(tag, language) }))}
          />
        </Form.Item>
      ) : null}
      {by === 'stores' ? (
        <Form.Item
          name="shop_nos"
          label={t('emergency.stores')}
          extra={t('emergency.storesHelp')}
          normalize={(codes: string[] | undefined) => [...new Set((codes ?? []).map(padStoreCode).filter(Boolean))]}
        >
          <Select mode="tags" open={false} tokenSeparators={[',', ' ']} suffixIcon={null} />
        </Form.Item>
      ) : null}
      <Form.Item name="kind" label={t('emergency.content')}>
        <Radio.Group
          options={[
            { value: 'text', label: t('emergency.kind.text') },
            { value: 'image', label: t('emergency.kind.image') },
          ]}
        />
      </Form.Item>
      {kind === 'text' ? (
        <Form.Item name="text" label={t('emergency.text')}>
          <Input.TextArea rows={3} showCount maxLength={EMERGENCY_TEXT_MAX} />
        </Form.Item>
      ) : (
        <Form.Item name="content_id" label={t('emergency.image')}>
          <Select
            showSearch
            allowClear
            filterOption={false}
            onSearch={setImageSearch}
            loading={images.isFetching}
            placeholder={t('emergency.imagePlaceholder')}
            options={(images.data?.contents ?? []).map((content) => ({
              value: content.content_id,
              label: content.name,
            }))}
          />
        </Form.Item>
      )}
      <Form.Item name="minutes" label={t('emergency.duration')}>
        <Select
          options={DURATIONS.map((minutes) => ({
            value: minutes,
            label:
              minutes < 60
                ? t('emergency.minutes', { n: minutes })
                : minutes < 1440
                  ? t('emergency.hours', { n: minutes / 60 })
                  : t('emergency.days', { n: minutes / 1440 }),
          }))}
        />
      </Form.Item>
      {failure ? (
        <p role="alert" style={{ color: '#cf1322' }}>
          {failure}
        </p>
      ) : null}
      <Button type="primary" danger htmlType="submit" loading={post.isPending}>
        {t('emergency.post')}
      </Button>
    </Form>
  );
}
