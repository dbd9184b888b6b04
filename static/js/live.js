// The live table page: shows a change made on any phone within about a second, without a reload.
// It polls GET /api/v1/tables/<id>/version with If-None-Match (the server answers 304 while
// nothing changed, from the database, so any number of app processes can answer). After a change
// it fetches /t/<id>/live, the fresh page, and swaps <main>, keeping the parts marked
// data-live-keep. The status line says whether the page is up to date, out of date or offline.
// Also here: the "keep the screen on" toggle (Screen Wake Lock API, where the browser has it).
(function () {
  "use strict";

  var bar = document.querySelector("[data-live]");
  if (!bar) return;
  var textsNode = document.getElementById("script-texts");
  var texts = textsNode ? JSON.parse(textsNode.textContent) : {};
  var main = document.querySelector("main");
  var status = bar.querySelector(".live-status");
  var statusText = bar.querySelector("[data-live-text]");
  var statusTime = bar.querySelector("[data-live-time]");
  var version = bar.getAttribute("data-version");
  var lang = document.documentElement.lang || "de";
  var INTERVAL = 1000;          // a change shows on every watching phone within 2 s
  var HIDDEN_INTERVAL = 15000;  // a phone in the pocket need not poll every second
  var STALE_AFTER = 4000;       // no answer for this long: say the page may be out of date
  var copyAt = document.body.getAttribute("data-offline-copy");
  var lastAnswer = copyAt ? new Date(copyAt) : new Date();
  var fromCache = Boolean(copyAt);
  var timer = null;
  var busy = false;

  function say(key, value) {
    return (texts[key] || key).replace(/\{(time|reason)\}/, value || "");
  }

  function clock(date) {
    return date.toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" });
  }

  function show(state, text, since) {
    status.setAttribute("data-live-state", state);
    if (statusText.textContent !== text) statusText.textContent = text;
    statusTime.textContent = since ? say("live_as_of", clock(since)) : "";
  }

  function showTrouble() {
    if (!navigator.onLine) show("offline", say("live_offline"), lastAnswer);
    else if (fromCache) show("stale", say("live_copy"), lastAnswer);
    else if (Date.now() - lastAnswer.getTime() > STALE_AFTER) show("stale", say("live_stale"), lastAnswer);
  }

  function withLang(url) {
    return url + (url.indexOf("?") < 0 ? "?" : "&") + "lang=" + encodeURIComponent(lang);
  }

  function swap(freshMain) {
    // Work on a copy adopted into this document; kept parts move over with their state
    // (an opened QR code, the wake-lock button, the pending rounds).
    var next = document.adoptNode(freshMain);
    Array.prototype.forEach.call(next.querySelectorAll("script"), function (node) { node.remove(); });
    Array.prototype.forEach.call(next.querySelectorAll("[data-live-keep][id]"), function (node) {
      var kept = document.getElementById(node.id);
      if (kept) node.replaceWith(kept);
    });
    var flashes = Array.prototype.slice.call(main.querySelectorAll(":scope > .flash"));
    main.replaceChildren.apply(main, flashes.concat(Array.prototype.slice.call(next.childNodes)));
  }

  function refresh() {
    show("stale", say("live_newer"));
    return fetch(withLang(bar.getAttribute("data-live-url")), { cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) throw new Error("live page: " + response.status);
        return response.text();
      })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var freshMain = doc.querySelector("main");
        var freshBar = doc.querySelector("[data-live]");
        if (!freshMain || !freshBar) throw new Error("live page without a table");
        swap(freshMain);
        version = freshBar.getAttribute("data-version");
        bar.setAttribute("data-version", version);
        fromCache = false;
        show("current", say("live_current"));
        document.dispatchEvent(new CustomEvent("mautisch:updated"));
      });
  }

  function poll() {
    if (busy) return;
    busy = true;
    version = bar.getAttribute("data-version");  // offline.js puts a saved round's page in place
    fetch(bar.getAttribute("data-version-url"), {
      headers: { "If-None-Match": '"' + version + '"' },
      cache: "no-store",
      credentials: "same-origin"
    })
      .then(function (response) {
        if (response.status === 304) return null;
        if (!response.ok) throw new Error("version: " + response.status);
        return response.json();
      })
      .then(function (answer) {
        lastAnswer = new Date();
        if (answer && String(answer.version) !== version) return refresh();
        fromCache = false;
        show("current", say("live_current"));
      })
      .catch(showTrouble)
      .then(function () {
        busy = false;
        schedule();
      });
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(poll, document.hidden ? HIDDEN_INTERVAL : INTERVAL);
  }

  function pollNow() {
    clearTimeout(timer);
    poll();
  }

  document.addEventListener("visibilitychange", function () { if (!document.hidden) pollNow(); });
  document.addEventListener("mautisch:changed", pollNow);  // offline.js sent a kept round
  window.addEventListener("online", pollNow);
  window.addEventListener("offline", showTrouble);
  if (fromCache || !navigator.onLine) showTrouble();
  pollNow();

  // ---- keep the screen on ------------------------------------------------------------------
  var WAKE_KEY = "mautisch.keepScreenOn";
  var wakeButton = bar.querySelector("[data-wake]");
  var wakeText = bar.querySelector("[data-wake-text]");
  var sentinel = null;
  var wanted = false;

  function renderWake() {
    wakeButton.setAttribute("aria-pressed", String(wanted));
    wakeText.textContent = say(wanted ? "wake_on" : "wake_off");
  }

  function acquire() {
    navigator.wakeLock.request("screen").then(function (lock) {
      sentinel = lock;
      lock.addEventListener("release", function () { sentinel = null; });
    }).catch(function () {
      // Refused (battery saver, no permission): say so instead of pretending.
      wanted = false;
      wakeButton.title = say("wake_lost");
      renderWake();
    });
  }

  if (wakeButton && "wakeLock" in navigator) {
    wakeButton.hidden = false;
    wakeButton.addEventListener("click", function () {
      wanted = !wanted;
      try { localStorage.setItem(WAKE_KEY, wanted ? "on" : "off"); } catch (error) { /* private mode */ }
      if (wanted) acquire();
      else if (sentinel) sentinel.release();
      renderWake();
    });
    // The browser drops the lock when the page is hidden; take it again on return.
    document.addEventListener("visibilitychange", function () {
      if (wanted && !document.hidden && !sentinel) acquire();
    });
    try { wanted = localStorage.getItem(WAKE_KEY) === "on"; } catch (error) { wanted = false; }
    if (wanted) acquire();
    renderWake();
  }
})();
