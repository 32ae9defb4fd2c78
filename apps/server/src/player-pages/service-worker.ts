/**
 * The service worker of the players' pages (issue 32 #2), served at /p/sw.js with the scope /p/.
 * What it keeps and for how long:
 * - each personal page (/p/<token>) a player opened, network first: every successful load
 *   replaces the copy; when the network is down the last copy is shown, with a note of when it was
 *   saved, for up to 24 hours after it was saved (older copies are not shown: the pairing may have
 *   changed since);
 * - the page's own static files (/static/…, content-hashed, immutable) cache first;
 * - nothing else (no API answers, no other site's pages, no calendar files).
 * The copies live in the browser's Cache Storage under "chuhe-my-page-v1"; a new version of this
 * file (CACHE) drops the old caches.
 */
export const SERVICE_WORKER = `'use strict';
const CACHE = 'chuhe-my-page-v1';
const MAX_AGE_MS = 24 * 3600 * 1000;
self.addEventListener('install', (e) => { self.skipWaiting(); });
self.addEventListener('activate', (e) => {
  e.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((k) => k.startsWith('chuhe-my-page-') && k !== CACHE).map((k) => caches.delete(k)))).then(() => self.clients.claim()));
});
const isPage = (url) => url.origin === location.origin && /^\\/p\\/[A-Za-z0-9_-]{43}\\/?$/.test(url.pathname);
const isStatic = (url) => url.origin === location.origin && url.pathname.startsWith('/static/');
self.addEventListener('fetch', (e) => {
  if (e.request.method !== 'GET') return;
  const url = new URL(e.request.url);
  if (isPage(url)) e.respondWith(page(e.request, url));
  else if (isStatic(url)) e.respondWith(caches.open(CACHE).then((c) => c.match(e.request).then((hit) => hit || fetch(e.request).then((r) => { if (r.ok) c.put(e.request, r.clone()); return r; }))));
});
async function page(request, url) {
  const cache = await caches.open(CACHE);
  const key = url.origin + url.pathname + url.search;
  try {
    const response = await fetch(request);
    if (response.ok) {
      const body = await response.clone().text();
      await cache.put(key, new Response(body, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'X-Chuhe-Saved-At': new Date().toISOString() } }));
    }
    return response;
  } catch (error) {
    const hit = await cache.match(key);
    const saved = hit && Date.parse(hit.headers.get('X-Chuhe-Saved-At') || '');
    if (!hit || !saved || Date.now() - saved > MAX_AGE_MS) throw error;
    const html = (await hit.text()).replace('data-offline-at=""', 'data-offline-at="' + new Date(saved).toISOString() + '"');
    return new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
  }
}
`;
