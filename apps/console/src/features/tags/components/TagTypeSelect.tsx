import { BASE_SETTING_TYPES, categoryTypeOf, type TSetting } from '@signage/domain';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTagName } from '../../../ui/tagName';

type TagTypeSelectProps = {
  id: string;
  value: string;
  onChange: (type: string) => void;
  categories: readonly TSetting[];
  loading?: boolean;
  disabled?: boolean;
  invalid?: boolean;
  onBlur?: () => void;
};

/** The tag type dropdown: the base types by name, then each category as its dashed code. */
export function TagTypeSelect(props: TagTypeSelectProps) {
  const { id, value, onChange, categories, loading, disabled, invalid, onBlur } = props;
  const { t } = useTranslation();
  const nameOf = useTagName();
  const options = [
    {
      label: t('tags.typeGroups.base'),
      title: t('tags.typeGroups.base'),
      options: BASE_SETTING_TYPES.map((type) => ({ value: type, label: `${t(`tags.types.${type}`)} (${type})` })),
    },
    ...(categories.length > 0
      ? [
          {
            label: t('tags.typeGroups.categories'),
            title: t('tags.typeGroups.categories'),
            options: categories.map((category) => ({
              value: categoryTypeOf(category),
              label: `${categoryTypeOf(category)} · ${nameOf(category)}`,
            })),
          },
        ]
      : []),
  ];
  return (
    <Select
      id={id}
      value={value || undefined}
      onChange={onChange}
      onBlur={onBlur}
      status={invalid ? 'error' : undefined}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={invalid ? `${id}-error` : undefined}
      options={options}
      placeholder={t('tags.placeholders.type')}
      loading={loading}
      disabled={disabled}
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: '100%' }}
    />
  );
}
