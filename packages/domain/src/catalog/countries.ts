/** Countries by area (SPEC.md section 3). The country picker is a modal grouped by these areas. */
export const AREAS = [
  { code: 'JP', countries: ['JP'] },
  { code: 'NA', countries: ['US', 'CA'] },
  { code: 'GC', countries: ['TW', 'HK'] },
  {
    code: 'EU',
    countries: ['GB', 'FR', 'DE', 'BE', 'RU', 'ES', 'SE', 'NL', 'IT', 'DK', 'LU', 'PL'],
  },
  { code: 'ASEAN', countries: ['SG', 'MY', 'TH', 'PH', 'ID', 'VN', 'IN'] },
  { code: 'KR', countries: ['KR'] },
  { code: 'AU', countries: ['AU'] },
] as const;

export type AreaCode = (typeof AREAS)[number]['code'];
export type CountryCode = (typeof AREAS)[number]['countries'][number];

export const COUNTRIES: readonly CountryCode[] = AREAS.flatMap((a) => a.countries as readonly CountryCode[]);

export function isCountry(value: unknown): value is CountryCode {
  return typeof value === 'string' && (COUNTRIES as readonly string[]).includes(value);
}
