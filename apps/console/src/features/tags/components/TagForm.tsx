import { parseCategoryType, type TSetting } from '@signage/domain';
import { Card, Flex, Input, Typography, theme } from 'antd';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { I18nKey } from '../../../i18n/keys';
import { useTagName } from '../../../ui/tagName';
import { type TagFormValues, tagFieldMessage } from '../form';
import { TagTypeSelect } from './TagTypeSelect';

type TagFormProps = {
  values: TagFormValues;
  onChange: (values: TagFormValues) => void;
  onSubmit: () => void;
  categories: readonly TSetting[];
  categoriesLoading?: boolean;
  /** Preset entries keep their type and value. */
  fixedTypeAndValue?: boolean;
  /** The footer: Reset/Register or Delete/Register. */
  actions: ReactNode;
  notice?: ReactNode;
  /** A new version is a fresh form (after Reset): nothing touched, no messages. */
  version?: number;
};

type TextField = 'value' | 'en' | 'ja' | 'zh' | 'ko' | 'note';

const TEXT_FIELDS: { field: TextField; label: I18nKey; placeholder: I18nKey }[] = [
  { field: 'value', label: 'tags.columns.value', placeholder: 'tags.placeholders.value' },
  { field: 'en', label: 'tags.columns.nameEn', placeholder: 'tags.placeholders.nameEn' },
  { field: 'ja', label: 'tags.columns.nameJp', placeholder: 'tags.placeholders.nameJp' },
  { field: 'zh', label: 'tags.columns.nameCn', placeholder: 'tags.placeholders.nameCn' },
  { field: 'ko', label: 'tags.columns.nameKr', placeholder: 'tags.placeholders.nameKr' },
  { field: 'note', label: 'tags.columns.note', placeholder: 'tags.placeholders.note' },
];

function Field({
  id,
  label,
  required,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  required: boolean;
  hint?: ReactNode;
  /** Shown once the field has been touched and left empty. */
  error?: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: 16 }}>
      <label htmlFor={id} style={{ display: 'block', marginBottom: 6, fontWeight: 500 }}>
        {required ? (
          <span aria-hidden style={{ color: token.colorError, marginRight: 4 }}>
            *
          </span>
        ) : null}
        {label}
        {required ? null : <span style={{ color: token.colorTextTertiary, marginLeft: 4 }}>{t('tags.optional')}</span>}
      </label>
      {children}
      {error ? (
        <div id={`${id}-error`} style={{ color: token.colorError, marginTop: 4 }}>
          {error}
        </div>
      ) : null}
      {hint ? (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4, fontSize: 12 }}>
          {hint}
        </Typography.Text>
      ) : null}
    </div>
  );
}

/** The fields of a tag (type, value, four names, note); Enter in a field submits. */
export function TagForm(props: TagFormProps) {
  const { values, onChange, onSubmit, categories, categoriesLoading, fixedTypeAndValue, actions, notice } = props;
  const { t } = useTranslation();
  const nameOf = useTagName();
  const [touched, setTouched] = useState<ReadonlySet<keyof TagFormValues>>(new Set());
  const [touchedVersion, setTouchedVersion] = useState(props.version);
  if (touchedVersion !== props.version) {
    setTouchedVersion(props.version);
    setTouched(new Set());
  }
  const touch = (field: keyof TagFormValues) =>
    setTouched((previous) => (previous.has(field) ? previous : new Set(previous).add(field)));
  const errorOf = (field: keyof TagFormValues) => {
    const key = touched.has(field) ? tagFieldMessage(values, field) : null;
    return key ? t(`messages.${key}`) : null;
  };
  const set = (change: Partial<TagFormValues>) => onChange({ ...values, ...change });
  const parsed = parseCategoryType(values.type);
  const category = parsed && categories.find((c) => c.type === parsed.type && c.value === parsed.value);
  const levelHint = !values.type
    ? undefined
    : parsed
      ? t('tags.levelTwo', { category: category ? `${values.type} (${nameOf(category)})` : values.type })
      : t('tags.levelOne');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <Card style={{ maxWidth: 760 }}>
      <form onSubmit={submit} noValidate>
        {notice}
        <Field id="tag-type" label={t('tags.columns.tagType')} required hint={levelHint} error={errorOf('type')}>
          <TagTypeSelect
            id="tag-type"
            value={values.type}
            invalid={errorOf('type') !== null}
            onBlur={() => touch('type')}
            onChange={(type) => {
              touch('type');
              set({ type });
            }}
            categories={categories}
            loading={categoriesLoading}
            disabled={fixedTypeAndValue}
          />
        </Field>
        {TEXT_FIELDS.map(({ field, label, placeholder }) => (
          <Field key={field} id={`tag-${field}`} label={t(label)} required={field !== 'note'} error={errorOf(field)}>
            <Input
              id={`tag-${field}`}
              name={field}
              value={values[field]}
              placeholder={t(placeholder)}
              disabled={field === 'value' && fixedTypeAndValue}
              autoComplete="off"
              status={errorOf(field) ? 'error' : undefined}
              aria-invalid={errorOf(field) ? true : undefined}
              aria-describedby={errorOf(field) ? `tag-${field}-error` : undefined}
              onBlur={() => touch(field)}
              onChange={(event) => set({ [field]: event.target.value })}
            />
          </Field>
        ))}
        <Flex justify="flex-end" gap={8} style={{ marginTop: 8 }}>
          {actions}
        </Flex>
      </form>
    </Card>
  );
}
