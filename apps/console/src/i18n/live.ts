import i18n from 'i18next';
import enLive from './en.live.json';

/**
 * The English strings of live streams (on-air state, preview, stream keys), kept out of the first load
 * (en.live.json) as schedules.ts does for the schedule screens: every module that shows them imports this
 * file, which adds them to the English catalogue when its chunk loads. The other languages load whole.
 */
function register() {
  i18n.addResourceBundle('en', 'translation', enLive, true, false);
}

if (i18n.isInitialized) register();
else i18n.on('initialized', register);
