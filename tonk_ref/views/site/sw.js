// The players' page's service worker: every file of the site is kept on the first visit,
// so the second visit works with no network.  `tonk site` writes the list of files and a
// version that changes with their contents (an earlier version's copy is dropped).
"use strict";

const VERSION = "__TONK_VERSION__";
const FILES = ["__TONK_FILES__"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(VERSION)
      .then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: "reload" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("tonk-") && k !== VERSION).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// the site's own files from the copy kept, anything else from the network
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    caches.open(VERSION).then((cache) =>
      cache.match(request, { ignoreSearch: true }).then((hit) => hit || fetch(request))),
  );
});
