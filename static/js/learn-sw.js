// The learning pages' service worker (learning/offline/views.py, served at /learn/sw.js so its scope is /learn/).
// The offline page and the site's static files are kept in a cache as they are fetched; with no connection they
// are answered from it. Nothing else is cached: the API and every other page always go to the network.
"use strict";
const CACHE = "learn-offline-v1";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

function kept(url) {
  return url.origin === self.location.origin && (url.pathname === "/learn/offline/" || url.pathname.startsWith("/static/"));
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (!kept(url)) return;
  // The network first (a fresh page and files when online), the cache when there is no network.
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(() =>
        caches.open(CACHE).then((cache) => cache.match(url.pathname === "/learn/offline/" ? url.pathname : request, { ignoreVary: true, ignoreSearch: true })).then((hit) => {
          if (!hit) return Response.error();
          // A navigation may not be answered by a response that was redirected on its way into the cache (Chromium
          // then fails the page with net::ERR_FAILED): hand over a fresh copy of its status, headers and body.
          if (!hit.redirected) return hit;
          return hit.blob().then((body) => new Response(body, { status: hit.status, statusText: hit.statusText, headers: hit.headers }));
        })
      )
  );
});
