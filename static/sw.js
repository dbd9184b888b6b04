// Mautisch's service worker (served as /sw.js by app/pwa, scope "/").
// Pages: network first; a copy of each page is kept (the newest KEEP_PAGES), so the tables
// opened last stay readable without a connection; with neither, the offline page. An answer
// marked no-store or private (an editor's page shows the edit link) is never kept, however it
// came (keepPage checks every one): in its place the worker asks once more for the copy it may
// keep (X-Offline-Copy: the page without the link). Pages reach the cache only from the
// network, never from a page's message. Renewing an edit link or moving a table out of a group
// (offline.js says so) deletes the kept copies of that table or group.
// Static files: network first, the kept copy offline. Everything else (the API, the live copy,
// form posts, PDFs, the edit QR code) goes straight to the network, untouched.
// What it keeps for offline use (PRECACHE, the page copies offline.js asks for) is fetched
// only when a page asks, in the phone's idle time after the first seconds, one at a time
// (offline.js): installing fetches nothing, so a cold load on pub Wi-Fi is the page's alone.
// A file linked with its hash is fetched once; the two without one are revalidated with their
// ETag once per version of this worker.
"use strict";

// Older versions may hold pages with an edit link (v2: a saved round's answer): dropped on
// activate.
var PAGES = "mautisch-pages-v3";
var STATIC = "mautisch-static-v3";
var KEEP_PAGES = 30;
var OFFLINE_PAGE = "/offline";
var PRECACHE = [
  OFFLINE_PAGE,
  "/manifest.webmanifest",
  "/static/css/base.css",
  "/static/css/pwa.css",
  "/static/css/tables.css",
  "/static/js/stepper.js",
  "/static/js/table.js",
  "/static/js/offline.js",
  "/static/js/live.js",
  "/static/js/errors.js",
  "/static/js/topbar.js",
  "/static/icons/icon-192.png"
];

// This worker's version: its list names each file by its hash (app/pwa links them).
var VERSION = PRECACHE.join(" ");
var HASHED_FILE = /\?v=[0-9a-f]{12}$/;

self.addEventListener("install", function () {
  self.skipWaiting();  // nothing fetched here: the files come later (keepFile)
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name !== PAGES && name !== STATIC;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

function isPage(response) {
  var type = response.headers.get("Content-Type") || "";
  return response.ok && response.type === "basic" && !response.redirected && type.indexOf("text/html") === 0;
}

function secret(response) {
  return /no-store|private/i.test(response.headers.get("Cache-Control") || "");
}

function keepable(response) {
  return isPage(response) && !secret(response);
}

function keepCopy(url, response) {
  // The answer itself when the phone may keep it, else the copy without the edit link.
  if (keepable(response)) return keepPage(url, response);
  return isPage(response) ? keepOfflineCopy(url) : Promise.resolve(null);
}

function keepOfflineCopy(url) {
  // Fetch and keep the page as it may be kept (X-Offline-Copy: without the edit link).
  return fetch(url, { credentials: "same-origin", redirect: "manual", headers: { "X-Offline-Copy": "1" } })
    .then(function (copy) { return keepPage(url, copy); })
    .catch(function () { return null; });
}

function keepPage(url, response) {
  // The kept copy drops one-time messages ("Round 3 saved") and is marked as a copy, so the
  // page can say it may be out of date (live.js) and forms take a fresh key (offline.js).
  // Only an answer the phone may keep: an edit link never reaches the cache.
  if (!keepable(response)) return Promise.resolve(null);
  return response.text().then(function (html) {
    var copy = html
      .replace(/<p class="flash[^"]*"[^>]*>[\s\S]*?<\/p>/g, "")
      .replace(/<body/, '<body data-offline-copy="' + new Date().toISOString() + '"');
    var headers = new Headers(response.headers);
    headers.delete("Content-Length");
    return caches.open(PAGES).then(function (cache) {
      return cache.delete(url)
        .then(function () { return cache.put(url, new Response(copy, { headers: headers })); })
        .then(function () { return cache.keys(); })
        .then(function (keys) {
          var old = keys.slice(0, Math.max(0, keys.length - KEEP_PAGES));
          return Promise.all(old.map(function (key) { return cache.delete(key); }));
        });
    });
  });
}

function keptPage(request) {
  // The page as asked for; else the newest kept copy of the same path (another ?lang=).
  return caches.open(PAGES).then(function (cache) {
    return cache.match(request).then(function (hit) {
      return hit || cache.matchAll(request, { ignoreSearch: true }).then(function (all) {
        return all[all.length - 1];
      });
    });
  }).then(function (hit) {
    return hit || caches.match(OFFLINE_PAGE);
  }).then(function (hit) {
    return hit || Response.error();
  });
}

function page(event) {
  return fetch(event.request).then(function (response) {
    if (isPage(response)) event.waitUntil(keepCopy(event.request.url, response.clone()));
    return response;
  }).catch(function () {
    return keptPage(event.request);
  });
}

// A link with the file's hash (css/base.css?v=<12 hex digits>, app/web/assets.py) never changes its
// content: the kept copy is the file, no need to ask the network.
var HASHED = /^\?v=[0-9a-f]{12}$/;

function asset(event) {
  if (HASHED.test(new URL(event.request.url).search)) {
    return caches.match(event.request).then(function (hit) { return hit || fetchAsset(event); });
  }
  return fetchAsset(event);
}

function fetchAsset(event) {
  return fetch(event.request).then(function (response) {
    if (response.ok && response.type === "basic" && !secret(response)) {
      var copy = response.clone();
      event.waitUntil(caches.open(STATIC).then(function (cache) { return cache.put(event.request, copy); }));
    }
    return response;
  }).catch(function () {
    return caches.match(event.request, { ignoreSearch: true }).then(function (hit) {
      return hit || Response.error();
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(page(event));
  } else if (url.pathname.indexOf("/static/") === 0 || url.pathname === "/manifest.webmanifest" ||
             /\/qr-view\.svg$/.test(url.pathname)) {
    event.respondWith(asset(event));
  }
});

function forget(paths) {
  // Every kept copy under these tables' and groups' addresses (/t/<id>, /t/<id>/rounds/new, …).
  return caches.open(PAGES).then(function (cache) {
    return cache.keys().then(function (keys) {
      return Promise.all(keys.map(function (key) {
        var path = new URL(key.url).pathname;
        var hit = paths.some(function (own) { return path === own || path.indexOf(own + "/") === 0; });
        return hit ? cache.delete(key) : null;
      }));
    });
  });
}

var OWN_PATH = /^\/[tg]\/[A-Za-z0-9_-]+$/;  // a table's or a group's address

function kept(url, hit) {
  // A kept file still good for this version: hashed (it never changes), or revalidated by it.
  return Boolean(hit) && (HASHED_FILE.test(url) || hit.headers.get("X-Kept-For") === VERSION);
}

function missing() {
  // The files of PRECACHE not kept yet (or kept by an older version, without a hash); the
  // copies of files whose hash is no longer linked are dropped.
  return caches.open(STATIC).then(function (cache) {
    return cache.keys().then(function (keys) {
      var paths = PRECACHE.map(function (url) { return url.split("?")[0]; });
      return Promise.all(keys.map(function (key) {
        var url = new URL(key.url);
        var stale = HASHED_FILE.test(url.search) && paths.indexOf(url.pathname) >= 0 &&
                    PRECACHE.indexOf(url.pathname + url.search) < 0;
        return stale ? cache.delete(key) : null;
      }));
    }).then(function () {
      return Promise.all(PRECACHE.map(function (url) {
        return cache.match(url).then(function (hit) { return kept(url, hit) ? null : url; });
      }));
    });
  }).then(function (urls) { return urls.filter(Boolean); });
}

function keepFile(url) {
  // One file of PRECACHE: fetched when not kept, revalidated with its ETag when kept by an
  // older version (304: the kept copy stays). Never an answer marked no-store or private.
  if (PRECACHE.indexOf(url) < 0) return Promise.resolve(null);
  return caches.open(STATIC).then(function (cache) {
    return cache.match(url).then(function (hit) {
      if (kept(url, hit)) return null;
      var tag = hit && hit.headers.get("ETag");
      var headers = tag ? { "If-None-Match": tag } : {};
      return fetch(url, { credentials: "same-origin", headers: headers }).then(function (response) {
        var fresh = response.ok && response.type === "basic" && !secret(response);
        var body = response.status === 304 && hit ? hit : fresh ? response : null;
        if (!body) return null;
        var marked = new Headers(body.headers);
        marked.set("X-Kept-For", VERSION);
        return body.blob().then(function (blob) {
          return cache.put(url, new Response(blob, { status: 200, headers: marked }));
        });
      });
    });
  }).catch(function () { return null; });
}

function answer(event, work) {
  // Do the work; tell the page when it is done (its next chore waits for that).
  var done = work.then(function (result) {
    if (event.ports && event.ports[0]) event.ports[0].postMessage(result || null);
  });
  event.waitUntil(done);
}

// offline.js asks, in idle time and one at a time, which files are not kept yet, to keep one
// of them, or to keep pages the phone may need without a connection (the round form; a table
// page changed in place, when the phone is put away: fetched here again, as the copy without
// the edit link); or to forget a table's or group's copies.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type === "forget" && Array.isArray(data.paths)) {
    event.waitUntil(forget(data.paths.filter(function (path) { return OWN_PATH.test(path); })));
    return;
  }
  if (data.type === "missing") {
    answer(event, missing());
    return;
  }
  if (data.type === "file" && typeof data.url === "string") {
    answer(event, keepFile(data.url));
    return;
  }
  if (data.type !== "keep" || !Array.isArray(data.urls)) return;
  answer(event, Promise.all(data.urls.map(function (url) {
    var target = new URL(url, self.location.origin);
    return target.origin === self.location.origin ? keepOfflineCopy(target.href) : null;
  })));
});
