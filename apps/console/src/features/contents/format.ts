import type { TFunction } from 'i18next';

/** Timestamps are shown in GMT (SPEC.md section 9): YYYY-MM-DD HH:mm:ss. */
export function gmt(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

export function countryText(t: TFunction, region: string): string {
  return region ? t(`country.${region}`) : t('contents.list.allCountries');
}

export function expiryText(t: TFunction, licenseTo: string | null): string {
  return licenseTo ?? t('common.noExpiration');
}
