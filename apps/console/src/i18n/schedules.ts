import i18n from 'i18next';
import enSchedules from './en.schedules.json';

/**
 * The English strings of the schedule screens (wizard, device content list, timeline, edits), kept out of
 * the first load (en.schedules.json): every module that shows them imports this file, which adds
 * them to the English catalogue when its chunk loads. The other languages load whole, on demand.
 */
function register() {
  i18n.addResourceBundle('en', 'translation', enSchedules, true, false);
}

if (i18n.isInitialized) register();
else i18n.on('initialized', register);
