import { create } from 'zustand';

export type BannerLevel = 'info' | 'warning' | 'error';

/**
 * A banner message. `text` is a catalogue text (translated through its message key), an i18n key,
 * or 'prefix~key': the prefix as is followed by the translated key.
 */
export type BannerMessage = { level: BannerLevel; text: string };

type BannerState = {
  message: BannerMessage | null;
  show: (message: BannerMessage) => void;
  hide: () => void;
};

export const useBanner = create<BannerState>()((set) => ({
  message: null,
  show: (message) => set({ message }),
  hide: () => set({ message: null }),
}));
