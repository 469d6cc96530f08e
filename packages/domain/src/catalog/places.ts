/**
 * Store types and installation sites ("locations", device_type) of SPEC.md section 3.
 * They are installed as preset tag settings (types STORE_TYPE and DEVICE_TYPE); these codes
 * are their values. The i18n key of each is `storeType.<value>` / `location.<value>`.
 */
export const STORE_TYPES = ['1SmallMid', '2Large', '3Flagship', '4Japan', '5JapanLocal'] as const;
export type StoreType = (typeof STORE_TYPES)[number];

export const UNSET = '9Unset';
export const LOCATIONS = ['1M', '2W', '3MW', '4Cashier', '5Entrance', '6UT', UNSET] as const;
export type Location = (typeof LOCATIONS)[number];
