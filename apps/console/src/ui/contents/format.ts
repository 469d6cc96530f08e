import type { TFunction } from 'i18next';
import { textOr } from '../../i18n/keys';

/** How many search criteria are set (the Filter button shows it); 'none' is the media type's no-filter. */
export function activeFilterCount(criteria: object): number {
  return Object.values(criteria).filter(
    (value) => value !== undefined && value !== null && value !== '' && value !== 'none',
  ).length;
}

export function countryText(t: TFunction, region: string): string {
  return region ? textOr(t, `country.${region}`, region) : t('contents.list.allCountries');
}

export function expiryText(t: TFunction, licenseTo: string | null): string {
  return licenseTo ?? t('common.noExpiration');
}
