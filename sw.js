// The service worker: precaches every file of the site (the list and its version are written
// by the build into www/sw-manifest.js), serves them from its cache first, so that the game
// loads and plays offline, and deletes the caches of older versions once it takes over. A new
// version waits until the page asks it to take over (the player chose to reload: updates.js).
// Its scope is its folder, so the site works from any folder of any host.

const sw = /** @type {ServiceWorkerGlobalScope & {PRECACHE: {version: string, files: string[]}}} */ (
  /** @type {unknown} */ (self)
);
sw.importScripts('./www/sw-manifest.js');

const { version, files } = sw.PRECACHE;
const PREFIX = 'reversi-';
const CACHE = `${PREFIX}${version}`;
/** The precached files' paths relative to the scope (`index.html`, `www/main.js`...). */
const PRECACHED = new Set(files);

sw.addEventListener('install', (event) => {
  // `reload`: the network's copies, not the HTTP cache's (which may be older).
  const requests = files.map((f) => new Request(new URL(f, sw.location.href), { cache: 'reload' }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(requests)));
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => sw.clients.claim()),
  );
});

sw.addEventListener('message', (event) => {
  if (event.data?.type === 'skip-waiting') void sw.skipWaiting();
});

sw.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  const scope = new URL(sw.registration.scope);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  let path = url.pathname.slice(scope.pathname.length);
  try {
    path = decodeURIComponent(path);
  } catch {
    return; // not a name of ours
  }
  if (path === '' && request.mode === 'navigate') path = 'index.html';
  if (!PRECACHED.has(path)) return; // not the site's: the network, as without a worker
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(new URL(path, scope), { ignoreSearch: true }))
      .then((cached) => cached ?? fetch(request)),
  );
});
