import type { TFunction } from 'i18next';
import { textOr } from '../../i18n/keys';

/** Timestamps are shown in GMT (SPEC.md section 9): YYYY-MM-DD HH:mm:ss. */
export function gmt(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

export function countryText(t: TFunction, region: string): string {
  return region ? textOr(t, `country.${region}`, region) : t('contents.list.allCountries');
}

export function expiryText(t: TFunction, licenseTo: string | null): string {
  return licenseTo ?? t('common.noExpiration');
}
