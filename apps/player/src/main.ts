import './style.css';
import { languageOf, textsOf } from './i18n';
import { MANIFEST_KEY } from './keptManifest';
import { pairingScreen } from './pairing';
import { startPlayer } from './player';
import { UNRECORDED_KEY } from './plays';

/**
 * The web player (issue 11, issue 14): a page in a kiosk browser on the store display. It pairs with a PIN
 * (pairing.ts), then plays what its manifest says (player.ts: delivery, push, heartbeat, watchdog; screen.ts:
 * the stage; live/: live streams with hls.js, loaded only when a live schedule is on screen).
 */
const SERIAL_KEY = 'signage.player.serial';
const TOKEN_KEY = 'signage.player.token';

const app = document.getElementById('app') as HTMLElement;
const language = languageOf(location.search, navigator.language);
const t = textsOf(language);
const lang = language === 'tw' ? 'zh-Hant-TW' : language;
document.documentElement.lang = lang;
const base = location.origin;

function serialOf(): string {
  const given = new URLSearchParams(location.search).get('serial')?.trim();
  if (given) {
    localStorage.setItem(SERIAL_KEY, given);
    return given;
  }
  const kept = localStorage.getItem(SERIAL_KEY);
  if (kept) return kept;
  const made = `WP-${crypto.getRandomValues(new Uint32Array(2)).reduce((text, n) => text + n.toString(16).toUpperCase().padStart(8, '0'), '')}`;
  localStorage.setItem(SERIAL_KEY, made);
  return made;
}

/** The service worker keeps this page for offline starts; durable storage keeps the media from eviction. */
function prepareOffline() {
  navigator.serviceWorker
    ?.register(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL })
    .catch(() => {
      // no service worker (an insecure origin other than localhost): online starts only
    });
  void navigator.storage?.persist?.().catch(() => false);
}

async function main() {
  const serial = serialOf();
  let token = localStorage.getItem(TOKEN_KEY);
  if (!token) {
    token = await pairingScreen(app, serial, base, t);
    localStorage.setItem(TOKEN_KEY, token);
  }
  startPlayer({ app, base, serial, t }, token, () => {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(MANIFEST_KEY);
    localStorage.removeItem(UNRECORDED_KEY); // counted since pairing
    prepareOffline();
    void main();
  });
}

prepareOffline();
void main();
