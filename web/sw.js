// The service worker: keeps this build's files so that a second visit starts without the
// network and the game can be installed as an app. scripts/build-web.sh writes the build's
// version (a hash of its files) and the list of files into the copy in dist/.
//
// A new build is a new version: its worker caches the new files beside the old ones while
// the old version keeps playing, takes over when no page of the old one is open, and then
// deletes the old version's cache. Nothing is mixed: each version reads only its own cache.
'use strict';

const VERSION = '__VERSION__';
const FILES = __FILES__;
// The caches of this deployment (its scope: two builds served from one site under different
// paths keep theirs apart), one a version.
const PREFIX = `reversi-${self.registration.scope}-`;
const CACHE = `${PREFIX}${VERSION}`;

self.addEventListener('install', (event) => {
  // `no-cache`: each file is checked with the server, never taken unchecked from the HTTP
  // cache (it could be an older build's), but a file the visit has just downloaded is not
  // downloaded again (the server answers "not modified").
  event.waitUntil(caches.open(CACHE).then((cache) =>
    cache.addAll(FILES.map((file) => new Request(file, { cache: 'no-cache' })))));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      // Earlier versions of this deployment, and the unscoped caches builds before
      // 2026-12-07 named `reversi-<version>` (which cannot tell whose they were).
      const old = (name.startsWith(PREFIX) && name !== CACHE) || /^reversi-[0-9a-f]{16}$/.test(name);
      if (old) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// The build's files from the cache; a page visit (whatever its #moves) gets the cached page;
// anything else from the network, kept for the next offline visit.
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = (await cache.match(request, { ignoreSearch: true })) ||
      (request.mode === 'navigate' ? await cache.match('index.html') : undefined);
    if (hit) return hit;
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  })());
});
