/*
 * The web player's service worker: keeps the player's own page and code so that a reload (or a power cut)
 * while the server is away still starts the player, which then plays from the media it keeps in IndexedDB.
 * The page is fetched from the network first (a new player version arrives with the next online reload);
 * the hashed files under /player/assets/ never change, so they come from the cache first. The player
 * protocol (/agent/) is never cached.
 */
const CACHE = 'signage-player-shell-v1';
const SCOPE = new URL(self.registration.scope).pathname; // '/player/'

/** The page and every file it names under assets/ (read from the page itself, so hashed names need no list). */
async function cacheShell() {
  const cache = await caches.open(CACHE);
  const page = await fetch(SCOPE, { cache: 'no-cache' });
  if (!page.ok) return;
  const html = await page.clone().text();
  await cache.put(SCOPE, page);
  const assets = [...html.matchAll(/(?:src|href)="([^"]*assets\/[^"]+)"/g)].map(
    (m) => new URL(m[1], self.registration.scope).href,
  );
  await cache.addAll(assets);
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(SCOPE)) return;
  if (request.mode === 'navigate') {
    // Network first: the newest page when the server answers, the kept one when it does not.
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            void caches.open(CACHE).then((cache) => cache.put(SCOPE, copy));
          }
          return response;
        })
        .catch(async () => (await caches.match(SCOPE)) ?? Response.error()),
    );
    return;
  }
  if (url.pathname.startsWith(`${SCOPE}assets/`)) {
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ??
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              void caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});
