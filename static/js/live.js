// The live table page: shows a change made on any phone at once, without a reload.
// It holds an event stream (EventSource on /t/<id>/events, app.push): the server tells the
// table's version on connect and after every committed change the fresh page itself (as
// /t/<id>/live renders it for this phone; or only the version, and the page fetches
// /t/<id>/live), and the page swaps <main>, keeping the parts marked data-live-keep. Where the stream cannot be held (an old browser, a server or proxy without
// it, a refusal) it polls GET /api/v1/tables/<id>/version with If-None-Match once a second
// (304 while nothing changed) and tries the stream again later. A phone back from sleep or on
// another network reconnects by itself and catches up (the first event is the current version).
// The status line says whether the page is up to date, out of date or offline.
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
  var eventsUrl = bar.getAttribute("data-events-url");
  var lang = document.documentElement.lang || "de";
  var INTERVAL = 1000;          // a change shows on every watching phone within 2 s
  var HIDDEN_INTERVAL = 15000;  // a phone in the pocket need not poll every second
  var STALE_AFTER = 4000;       // no answer for this long: say the page may be out of date
  var SILENT_STREAM = 50000;    // no event or ping (every 20 s) for this long: reconnect
  var PUSH_AGAIN = 30000;       // a refused or closed stream is tried again after this
  var copyAt = document.body.getAttribute("data-offline-copy");
  var lastAnswer = copyAt ? new Date(copyAt) : new Date();
  var fromCache = Boolean(copyAt);
  var timer = null;
  var busy = false;
  var again = false;
  var source = null;
  var pushing = false;

  // The version this page shows (another script may move it after saving in place).
  function shown() { return Number(bar.getAttribute("data-version")); }

  function say(key, value) {
    return (texts[key] || key).replace(/\{(time|reason)\}/, value || "");
  }

  function clock(date) {
    return date.toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" });
  }

  function show(state, text, since) {
    // Losing the connection is said once (the page's live region); "updating" is not, the
    // change that follows is.
    if (state !== status.getAttribute("data-live-state") && state !== "current" &&
        text !== say("live_newer") && window.mautischSay) window.mautischSay(text);
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
    var focus = window.mautischFocusKey ? window.mautischFocusKey(main) : null;
    var entry = main.querySelector(":scope > [data-round-inline]");
    main.replaceChildren.apply(main, flashes.concat(Array.prototype.slice.call(next.childNodes)));
    if (entry) behindEntry(Array.prototype.slice.call(main.children), entry);
    // The focus stays on its control (or the newest state of the table), never on <body>.
    if (focus && window.mautischRefocus) window.mautischRefocus(focus, ["[data-enter-round]", "#grid-title"]);
  }

  function refresh(whole) {
    // Asked with the version shown: only what changed since (or the page, if the server no
    // longer knows that version).
    show("stale", say("live_newer"));
    var headers = whole ? {} : { "X-Changes-From": String(shown()) };
    return fetch(withLang(bar.getAttribute("data-live-url")), { cache: "no-store", credentials: "same-origin", headers: headers })
      .then(function (response) {
        if (!response.ok) throw new Error("live page: " + response.status);
        return response.text();
      })
      .then(function (text) {
        if (!take(text)) return refresh(true);
      });
  }

  // ---- changes: the pieces that differ from the page shown (app.push.pieces) ---------------
  // The page marks its parts <!--p:key-->…<!--/p:key-->; a change comes as templates, one per
  // piece: its new text, a list's new order (data-o), or "changed, fetch when seen" (data-lazy).
  var CHANGES = "<template data-changes";

  function take(text, own) {
    // A page or the changes since the version shown; false: they do not fit this page.
    // `own`: the answer to this phone's own save, whose form took the focus with it.
    if (text.slice(0, CHANGES.length) !== CHANGES) { apply(text); return true; }
    return applyChanges(text, own);
  }

  function marks() {
    var found = {};
    var open = {};
    var walker = document.createTreeWalker(main, NodeFilter.SHOW_COMMENT);
    while (walker.nextNode()) {
      var mark = /^(\/?)p:([\w.-]+)$/.exec(walker.currentNode.data);
      if (!mark) continue;
      if (!mark[1]) open[mark[2]] = walker.currentNode;
      else if (open[mark[2]]) found[mark[2]] = [open[mark[2]], walker.currentNode];
    }
    return found;
  }

  function inside(range) {
    var nodes = [];
    for (var node = range[0].nextSibling; node && node !== range[1]; node = node.nextSibling) nodes.push(node);
    return nodes;
  }

  function behindEntry(nodes, entry) {
    // A round being entered in place (static/js/table.js) stays on screen; the table's new
    // parts wait hidden behind it.
    nodes.forEach(function (node) {
      if (node.nodeType !== 1 || node === entry || node.hidden) return;
      node.hidden = true;
      node.setAttribute("data-entry-hid", "");
    });
    if (entry.parentNode !== main) main.append(entry);
  }

  function fill(range, content) {
    Array.prototype.forEach.call(content.querySelectorAll("script"), function (node) { node.remove(); });
    Array.prototype.forEach.call(content.querySelectorAll("[data-live-keep][id]"), function (node) {
      var kept = document.getElementById(node.id);
      if (kept) node.replaceWith(kept);
    });
    inside(range).forEach(function (node) { node.remove(); });
    var entry = range[1].parentNode === main && main.querySelector(":scope > [data-round-inline]:not([hidden])");
    if (entry) behindEntry(Array.prototype.slice.call(content.children), entry);
    range[1].before(content);
  }

  function order(range, keys, found) {
    var nodes = [];
    keys.forEach(function (key) {
      var at = found[key];
      if (!at) {
        at = found[key] = [document.createComment("p:" + key), document.createComment("/p:" + key)];
        nodes.push(at[0], at[1]);
        return;
      }
      nodes.push.apply(nodes, [at[0]].concat(inside(at), [at[1]]));
    });
    inside(range).forEach(function (node) { node.remove(); });
    nodes.forEach(function (node) { range[1].before(node); });
  }

  function lazy(key, range) {
    // A picture that changed is fetched when it comes into view, not with every change.
    var first = inside(range).filter(function (node) { return node.nodeType === 1; })[0];
    function load() {
      fetch(withLang(bar.getAttribute("data-live-url")) + "&piece=" + encodeURIComponent(key), { cache: "no-store", credentials: "same-origin" })
        .then(function (response) { return response.ok ? response.text() : null; })
        .then(function (html) {
          var now = marks()[key];
          if (html === null || !now) return;
          var holder = document.createElement("template");
          holder.innerHTML = html;
          fill(now, holder.content);
        })
        .catch(function () { /* the old picture stays until the next change */ });
    }
    if (!first || !window.IntersectionObserver) { load(); return; }
    var watcher = new IntersectionObserver(function (entries) {
      if (!entries.some(function (entry) { return entry.isIntersecting; })) return;
      watcher.disconnect();
      load();
    }, { rootMargin: "200px" });
    watcher.observe(first);
  }

  function flash(text) {
    // This phone's own message ("Spiel 7 gespeichert."): on top, as a page would show it.
    if (!text) return;
    Array.prototype.forEach.call(main.querySelectorAll(".flash"), function (node) { node.remove(); });
    var note = document.createElement("p");
    note.className = "flash flash-message";
    note.setAttribute("role", "status");
    note.textContent = text;
    main.prepend(note);
    // The next round already open in place: the message waits behind it with the table.
    var entry = main.querySelector(":scope > [data-round-inline]:not([hidden])");
    if (entry) behindEntry([note], entry);
  }

  function applyChanges(text, own) {
    var holder = document.createElement("template");
    holder.innerHTML = text;
    var parts = Array.prototype.slice.call(holder.content.children);
    var head = parts.shift();
    var fresh = Number(head.getAttribute("data-version"));
    if (fresh <= shown()) {  // this page is as new already (its stream was quicker)
      flash(head.getAttribute("data-said"));
      return true;
    }
    if (Number(head.getAttribute("data-from")) !== shown()) return false;
    var found = marks();
    var focus = window.mautischFocusKey ? window.mautischFocusKey(main) : null;
    // A phone that only watches (focus nowhere) keeps its reading place: nothing is focused.
    var nowhere = !own && (!document.activeElement || document.activeElement === document.body);
    var before = Number(bar.getAttribute("data-rounds"));
    var after = Number(head.getAttribute("data-rounds"));
    for (var index = 0; index < parts.length; index += 1) {
      var part = parts[index];
      var key = part.getAttribute("data-k");
      var range = found[key];
      if (!range) return false;  // not on this page: the whole page is fetched
      if (part.hasAttribute("data-o")) order(range, part.getAttribute("data-o").split(" "), found);
      else if (part.hasAttribute("data-lazy")) lazy(key, range);
      else fill(range, part.content);
    }
    bar.setAttribute("data-version", String(fresh));
    bar.setAttribute("data-rounds", String(after));
    flash(head.getAttribute("data-said"));
    if (head.getAttribute("data-title")) document.title = head.getAttribute("data-title");
    var lost = !nowhere && (!document.activeElement || document.activeElement === document.body);
    if ((focus || lost) && window.mautischRefocus) window.mautischRefocus(focus, ["[data-enter-round]", "#grid-title"]);
    if (window.mautischSay) {
      window.mautischSay(after > before
        ? bar.getAttribute("data-entered-text").replace("{n}", String(after))
        : bar.getAttribute("data-updated-text"));
    }
    fromCache = false;
    show("current", say("live_current"));
    document.dispatchEvent(new CustomEvent("mautisch:updated"));
    return true;
  }
  window.mautischTake = take;

  function apply(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var freshMain = doc.querySelector("main");
    var freshBar = doc.querySelector("[data-live]");
    if (!freshMain || !freshBar) throw new Error("live page without a table");
    var fresh = Number(freshBar.getAttribute("data-version"));
    // Only a newer page is swapped in: a page fetched earlier may arrive after a pushed newer
    // one, and a page saved in place already shows its own version.
    if (fresh > shown()) {
      var before = Number(bar.getAttribute("data-rounds"));
      var after = Number(freshBar.getAttribute("data-rounds"));
      swap(freshMain);
      bar.setAttribute("data-version", String(fresh));
      bar.setAttribute("data-rounds", String(after));
      if (window.mautischSay) {
        window.mautischSay(after > before
          ? bar.getAttribute("data-entered-text").replace("{n}", String(after))
          : bar.getAttribute("data-updated-text"));
      }
    }
    fromCache = false;
    show("current", say("live_current"));
    document.dispatchEvent(new CustomEvent("mautisch:updated"));
  }

  function settle() {
    busy = false;
    if (again) {
      again = false;
      update();
    } else {
      schedule();
    }
  }

  function update() {
    // One refresh at a time; a version told meanwhile is fetched right after.
    if (busy) { again = true; return; }
    busy = true;
    refresh().catch(showTrouble).then(settle);
  }

  function poll() {
    if (busy) return;
    busy = true;
    fetch(bar.getAttribute("data-version-url"), {
      headers: { "If-None-Match": '"' + shown() + '"' },
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
        if (answer && Number(answer.version) !== shown()) return refresh();
        fromCache = false;
        show("current", say("live_current"));
      })
      .catch(showTrouble)
      .then(settle);
  }

  function schedule() {
    clearTimeout(timer);
    if (pushing) timer = setTimeout(watchStream, SILENT_STREAM);
    else timer = setTimeout(poll, document.hidden ? HIDDEN_INTERVAL : INTERVAL);
  }

  function pollNow() {
    clearTimeout(timer);
    if (pushing) schedule();
    else poll();
  }

  // ---- the event stream ----------------------------------------------------------------------
  function heard() {
    lastAnswer = new Date();
    if (!pushing) {
      pushing = true;
      schedule();  // the stream took over: no more polling
    }
  }

  function onVersion(message) {
    heard();
    var said = JSON.parse(message.data);
    var told = Number(said.version);
    // A save names this stream, so its own answer's version is not pushed to it again.
    if (said.stream) window.mautischStream = said.stream;
    if (told > shown()) update();
    else if (!busy) {
      fromCache = false;
      show("current", say("live_current"));
    }
  }

  function onPage(message) {
    // The fresh page itself, rendered for this phone where its stream is held.
    heard();
    try {
      if (!take(message.data)) update();
    } catch (error) {
      update();
    }
  }

  function drop() {
    if (source) source.close();
    source = null;
    pushing = false;
    pollNow();
    setTimeout(listen, PUSH_AGAIN);
  }

  function watchStream() {
    // A stream can die without an error (a NAT forgot it): pings stopped, so start afresh.
    if (Date.now() - lastAnswer.getTime() > SILENT_STREAM) drop();
    else schedule();
  }

  function listen() {
    if (source || !eventsUrl || !window.EventSource) return;
    source = new EventSource(withLang(eventsUrl));
    source.addEventListener("version", onVersion);
    source.addEventListener("page", onPage);
    source.addEventListener("ping", heard);
    source.addEventListener("error", function () {
      // CONNECTING: the browser retries by itself (the catch-up is the first event); poll
      // meanwhile. CLOSED: refused (a bound reached, a server without streams): poll, retry later.
      if (!source) return;
      if (source.readyState === EventSource.CLOSED) drop();
      else if (pushing) {
        pushing = false;
        showTrouble();
        pollNow();
      }
    });
  }

  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) { listen(); pollNow(); }
  });
  document.addEventListener("mautisch:changed", pollNow);  // offline.js sent a kept round
  window.addEventListener("online", function () { listen(); pollNow(); });
  window.addEventListener("offline", showTrouble);
  if (fromCache || !navigator.onLine) showTrouble();
  listen();
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
