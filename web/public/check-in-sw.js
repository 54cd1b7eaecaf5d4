/* global self, fetch, caches, Response */
/*
 * The check-in scanner's service worker, registered with scope /check-in/ (installable.ts): only the
 * scanning pages run under it. Pages: network first, the cached copy offline (any scanning page serves, the
 * app routes by the URL). Other files of this origin: cached on the way through, served from the cache
 * offline. The API and Socket.IO are never cached: the page keeps its own snapshot and scan queue.
 */
const CACHE = 'check-in-shell-v1';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            void caches.open(CACHE).then((cache) => cache.put(url.pathname, copy));
          }
          return response;
        })
        .catch(async () => {
          const cache = await caches.open(CACHE);
          const page = (await cache.match(url.pathname)) ?? (await anyScannerPage(cache));
          return page ?? Response.error();
        }),
    );
    return;
  }
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          void caches.open(CACHE).then((cache) => cache.put(url.pathname, copy));
        }
        return response;
      })
      .catch(async () => (await caches.match(url.pathname)) ?? Response.error()),
  );
});

async function anyScannerPage(cache) {
  for (const request of await cache.keys()) {
    if (new URL(request.url).pathname.startsWith('/check-in/')) return cache.match(request);
  }
  return undefined;
}
