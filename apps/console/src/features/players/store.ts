import { defaultZoneOf, isValidStoreCode, UNSET } from '@signage/domain';
import { create } from 'zustand';

/** Step 1 of Register player (SPEC.md section 2): the store a waiting player is registered to. */
export type StoreDraft = {
  region: string | null;
  /** One of the country's zones; null until a country is chosen. */
  time_zone: string | null;
  shop_no: string;
  shop_name: string;
  display_pattern: string | null;
  memo: string;
  store_type: string | null;
  device_type: string;
  tags: string[];
};

export const EMPTY_DRAFT: StoreDraft = {
  region: null,
  time_zone: null,
  shop_no: '',
  shop_name: '',
  display_pattern: null,
  memo: '',
  store_type: null,
  device_type: UNSET,
  tags: [],
};

/** Choosing a country resets the zone to the country's default; the user may then pick another of its zones. */
export function withCountry(draft: StoreDraft, region: string | null): StoreDraft {
  if (region === draft.region) return draft;
  return { ...draft, region, time_zone: region ? defaultZoneOf(region) : null };
}

/** SPEC.md section 5: Register needs country, a valid store code, store name and display pattern. */
export function canRegisterStore(draft: StoreDraft): boolean {
  return (
    draft.region !== null &&
    isValidStoreCode(draft.shop_no) &&
    draft.shop_name.trim() !== '' &&
    draft.display_pattern !== null
  );
}

/** SPEC.md section 4: step two sends the user back when country, store code or store name is missing. */
export function hasStoreBasics(draft: StoreDraft): boolean {
  return draft.region !== null && isValidStoreCode(draft.shop_no) && draft.shop_name.trim() !== '';
}

/** Reset is enabled when any field differs from its default. */
export function isDraftFilled(draft: StoreDraft): boolean {
  return JSON.stringify(draft) !== JSON.stringify(EMPTY_DRAFT);
}

type DraftState = {
  serial: string | null;
  draft: StoreDraft;
  set: (serial: string, draft: StoreDraft) => void;
};

/** The draft survives moving between the two steps (and back to the waiting list and in again). */
export const useRegistrationDraft = create<DraftState>()((set) => ({
  serial: null,
  draft: EMPTY_DRAFT,
  set: (serial, draft) => set({ serial, draft }),
}));
