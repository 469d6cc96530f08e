import { isBaseSettingType } from '@signage/domain';
import { useTranslation } from 'react-i18next';

/** A tag type as people read it: a base type by its translated name, a category type by its dashed code. */
export function useTypeLabel(): (type: string) => string {
  const { t } = useTranslation();
  return (type) => (isBaseSettingType(type) ? t(`tags.types.${type}`) : type);
}
