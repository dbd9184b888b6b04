// Offline support on every page (loaded in <head> by templates/pwa/_head.html):
// - registers the service worker (/sw.js), which keeps the last opened pages readable offline;
// - a round entered without a connection is kept on this phone (localStorage), shown as
//   "pending" on its table page and sent when the connection is back: the form as it was
//   filled in, with its own idempotency key, so a send that is repeated (a lost answer, two
//   open tabs) still makes exactly one round (the server answers a used key with the first);
// - a correction of a stored round is kept the same way, with the etag of the round it was
//   made against: a round changed meanwhile refuses it (shown as refused, with the round as it
//   is now and a link to its form), and one sent twice finds the round saying it already
//   (done, tables.round_edit);
// - remembers the tables opened here for the offline page.
(function () {
  "use strict";

  var QUEUE_KEY = "mautisch.pendingRounds";
  var RECENT_KEY = "mautisch.recentTables";
  var ROWS_KEY = "mautisch.pendingRows.";
  var RECENT = 12;
  var RETRY = 5000;
  // A send without an answer by then is given up and kept as pending (pub Wi-Fi that hangs
  // instead of failing); sending it again is safe, its idempotency key makes it one round.
  var SEND_TIMEOUT = 4000;
  var STUCK = 2 * SEND_TIMEOUT;
  // A round form's own save waits longer than a background send: the player is watching.
  var SAVE_TIMEOUT = 10000;  // a send that never finished (its tab died): send it again
  var script = document.currentScript;
  var texts = {};
  var sending = false;
  var failedAt = 0;  // the last send that found no connection: wait RETRY before the next

  function say(key, value) {
    return (texts[key] || key).replace(/\{(time|reason)\}/, value || "");
  }

  function read(key) {
    try { return JSON.parse(localStorage.getItem(key) || "[]"); } catch (error) { return []; }
  }

  function write(key, value) {
    try { localStorage.setItem(key, JSON.stringify(value)); } catch (error) { /* full or private */ }
  }

  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);  // plain-http phones have no randomUUID
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }

  function clock(time) {
    return new Date(time).toLocaleTimeString(document.documentElement.lang || "de", { hour: "2-digit", minute: "2-digit" });
  }

  function tableOf(path) {
    var match = /^\/t\/([^/]+)/.exec(path);
    return match ? match[1] : null;
  }

  // ---- the service worker -------------------------------------------------------------------
  function registerWorker() {
    if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
    navigator.serviceWorker.register(script.getAttribute("data-sw"), { scope: "/" }).catch(function () {
      /* no worker: the pages still work online */
    });
  }

  function keepForOffline(urls) {
    // Ask the worker to keep pages this phone may need offline (the empty round form).
    if (!("serviceWorker" in navigator) || !window.isSecureContext || !urls.length) return;
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) registration.active.postMessage({ type: "keep", urls: urls });
    });
  }

  // ---- features that need a secure page ------------------------------------------------------
  function showSecureNotes() {
    // The service worker, the wake lock and the Clipboard API exist only on secure pages (https,
    // or localhost): on a plain http address at home the page says so where they are offered.
    if (window.isSecureContext) return;
    Array.prototype.forEach.call(document.querySelectorAll("[data-secure-note]"), function (node) {
      node.hidden = false;
    });
  }

  // ---- rounds entered offline, or whose save failed ------------------------------------------
  function isCorrection(form) {
    // The round edit form names its round by the etag it was opened with (if_match).
    return form.hasAttribute("data-round-form") && Boolean(form.querySelector("input[name=if_match]"));
  }

  function keep(form, data, failed) {
    // A kept round is sent later at the next free number: the number this form expected is
    // dropped, or a round saved meanwhile (by this phone's next entry) would refuse it.
    data.delete("expected_number");
    var heading = document.querySelector("main h1");
    var queue = read(QUEUE_KEY);
    queue.push({
      id: newKey(),
      table: tableOf(location.pathname),
      // The form's own address: a correction shown again after a conflict names its round's
      // number now, not the one in the page's address.
      url: form.getAttribute("action") || location.pathname,
      body: new URLSearchParams(data).toString(),
      label: form.getAttribute("data-kept-label") || (heading ? heading.textContent.trim() : ""),
      correction: isCorrection(form),
      at: Date.now(),
      state: "pending",
      failed: Boolean(failed)
    });
    write(QUEUE_KEY, queue);
  }

  function tablePage() {
    var lang = document.documentElement.lang;
    return location.pathname.replace(/\/rounds\/(new|\d+)$/, "") + (lang ? "?lang=" + lang : "");
  }

  function queueRound(event) {
    var form = event.target;
    var keyField = form.querySelector && form.querySelector("input[name=idempotency_key]");
    if (!(keyField || isCorrection(form)) || form.hasAttribute("data-sent-natively")) return;
    event.preventDefault();
    var data = new FormData(form);
    if (event.submitter && event.submitter.name) data.set(event.submitter.name, event.submitter.value);
    if (!navigator.onLine) {
      if (keyField) data.set("idempotency_key", newKey());  // one key per entry, however often it is sent
      keep(form, data, false);
      location.href = tablePage();
      return;
    }
    saveNow(form, data);
  }

  function saveNow(form, data) {
    // Online: the round is sent from here, so a save that fails (the Wi-Fi drops mid-request,
    // no answer in time, a server error) is kept on the phone with the SAME key instead of
    // ending on the browser's error page: if the server did save it, the resend is that round.
    if (form.hasAttribute("data-saving")) return;  // a double tap: the first send goes on
    form.setAttribute("data-saving", "");
    var button = form.querySelector("button[type=submit]");
    if (button) button.setAttribute("aria-busy", "true");
    var controller = window.AbortController ? new AbortController() : null;
    var timer = controller && setTimeout(function () { controller.abort(); }, SAVE_TIMEOUT);
    fetch(form.getAttribute("action") || location.pathname + location.search, {
      method: "POST",
      body: new URLSearchParams(data),
      credentials: "same-origin",
      cache: "no-store",
      redirect: "manual",
      signal: controller ? controller.signal : undefined
    })
      .then(function (response) {
        clearTimeout(timer);
        if (response.type === "opaqueredirect") {
          // Saved (or saved before under this key): the table page shows it and its message.
          location.href = tablePage();
          return;
        }
        if (response.status >= 500) throw new Error("server error " + response.status);
        // The server showed the form again (something to fix, another phone's round) and
        // saved nothing: send it the ordinary way so the page shows the answer itself.
        form.setAttribute("data-sent-natively", "");
        HTMLFormElement.prototype.submit.call(form);
      })
      .catch(function () {
        clearTimeout(timer);
        keep(form, data, true);
        location.href = tablePage();
      });
  }

  function update(id, changes) {
    var queue = read(QUEUE_KEY).map(function (entry) {
      return entry.id === id ? Object.assign(entry, changes) : entry;
    });
    write(QUEUE_KEY, queue.filter(function (entry) { return !entry.done; }));
  }

  function refusal(response, doc) {
    // The page the server answered with names what is wrong (form errors or a flash).
    var found = doc.querySelectorAll("main .error, main .flash-error");
    if (response.ok && response.redirected && !found.length) return null;
    var reasons = Array.prototype.map.call(found, function (node) { return node.textContent.trim(); });
    if (!reasons.length && !response.ok) {
      var main = doc.querySelector("main");
      reasons = [main ? main.textContent.trim().split("\n")[0] : String(response.status)];
    }
    return reasons.join(" ") || say("failed_unknown");
  }

  function formNow(entry, doc) {
    // A refused correction: the address of its round's form as the server showed it again
    // (the round's number now, after a delete), so the player can look and correct anew.
    var form = entry.correction && doc.querySelector("main form[data-round-form]");
    return form ? form.getAttribute("action") : null;
  }

  function sendNext() {
    if (sending || !navigator.onLine || Date.now() - failedAt < RETRY) return;
    var entry = read(QUEUE_KEY).filter(function (e) {
      return e.state === "pending" || (e.state === "sending" && Date.now() - e.since > STUCK);
    })[0];
    if (!entry) return;
    sending = entry.id;
    update(entry.id, { state: "sending", since: Date.now() });
    renderPending();
    var controller = window.AbortController ? new AbortController() : null;
    var timer = controller && setTimeout(function () { controller.abort(); }, SEND_TIMEOUT);
    fetch(entry.url, {
      method: "POST",
      body: new URLSearchParams(entry.body),
      credentials: "same-origin",
      cache: "no-store",
      signal: controller ? controller.signal : undefined
    })
      .then(function (response) {
        // A server error saved nothing (it rolls back): keep the round and try again later.
        if (response.status >= 500) throw new Error("server error " + response.status);
        return response.text().then(function (html) {
          var doc = new DOMParser().parseFromString(html, "text/html");
          var reason = refusal(response, doc);
          if (reason === null) {
            update(entry.id, { done: true });
            document.dispatchEvent(new CustomEvent("mautisch:changed"));
          } else {
            update(entry.id, { state: "failed", reason: reason, fix: formNow(entry, doc) });
          }
        });
      })
      .catch(function () {
        failedAt = Date.now();
        update(entry.id, { state: "pending" });  // no connection after all: try again later
      })
      .then(function () {
        clearTimeout(timer);
        sending = false;
        renderPending();
        sendNext();
      });
  }

  function discard(id) {
    update(id, { done: true });
    renderPending();
  }

  function renderPending() {
    var box = document.querySelector("[data-pending]");
    if (!box) return;
    var table = box.getAttribute("data-table-id");
    var entries = read(QUEUE_KEY).filter(function (entry) { return entry.table === table; });
    var list = box.querySelector("[data-pending-list]");
    list.replaceChildren();
    entries.forEach(function (entry) {
      var item = document.createElement("li");
      item.setAttribute("data-state", entry.state);
      var what = document.createElement("span");
      what.className = "pending-what";
      what.textContent = entry.label + " · " + say("entered_at", clock(entry.at));
      var state = document.createElement("span");
      state.className = entry.state === "failed" ? "pending-state" : "pending-badge";
      state.textContent = entry.state === "failed" ? say("failed", entry.reason)
        : entry.state === "sending" ? say("sending") : say("pending");
      item.append(what, state);
      if (entry.state === "failed" && entry.fix) {
        var fix = document.createElement("a");
        fix.className = "pending-fix";
        fix.href = entry.fix;
        fix.textContent = say("fix_correction");
        item.append(fix);
      }
      if (entry.state !== "sending") {
        var drop = document.createElement("button");
        drop.type = "button";
        drop.textContent = say("discard");
        drop.addEventListener("click", function () { discard(entry.id); });
        item.append(drop);
      }
      list.append(item);
    });
    var unsent = entries.filter(function (entry) { return entry.state !== "failed"; });
    if (unsent.length) {
      var note = document.createElement("li");
      note.className = "help";
      // A save that failed while online is not a lost connection: say what happened.
      var failedSave = unsent.some(function (entry) { return entry.failed; });
      var onlyCorrections = unsent.every(function (entry) { return entry.correction; });
      note.textContent = say((failedSave ? "kept_failed" : "queued") + (onlyCorrections ? "_correction" : ""));
      list.append(note);
    }
    box.hidden = !entries.length;
    var waiting = waitingRounds(table);
    countInButton(waiting.length);
    showRows(box, table, waiting);
  }

  function waitingRounds(table) {
    // The new rounds kept for this table and not refused: each adds a row. A kept correction
    // changes a stored round, so it adds no row and moves no number.
    return read(QUEUE_KEY).filter(function (entry) {
      return entry.table === table && entry.state !== "failed" && !entry.correction;
    });
  }

  function countInButton(waiting) {
    // "+ Runde 12 eintragen" while round 11 waits on this phone: never invite entering it twice.
    var button = document.querySelector("[data-enter-round]");
    if (!button) return;
    var next = parseInt(button.getAttribute("data-enter-next"), 10) + waiting;
    button.textContent = button.getAttribute("data-enter-text").replace("{n}", String(next));
  }

  function countKeptInForm() {
    // A new round's form while rounds wait on this phone: they come first, so this one's
    // number is after them, and the number check is left to them (they are sent first).
    var heading = document.querySelector("[data-round-heading]");
    var table = tableOf(location.pathname);
    if (!heading || !table) return;
    var waiting = waitingRounds(table).length;
    if (!waiting) return;
    var number = parseInt(heading.getAttribute("data-round-number"), 10) + waiting;
    heading.textContent = heading.getAttribute("data-round-text").replace("{n}", String(number));
    var expected = document.querySelector("input[name=expected_number]");
    if (expected) expected.value = "";
  }

  // ---- kept rounds as "pending" rows of the grid, with provisional totals ---------------------
  // The server scores them (tables.pending: the variant's own rules after the stored rounds);
  // its last answer is kept so the rows stay while the phone is offline.
  var shownRows = null;

  function placeRows(box, html) {
    all("[data-pending-row], [data-pending-table]").forEach(function (node) { node.remove(); });
    if (!html) return;
    var found = new DOMParser().parseFromString(html, "text/html").querySelector("table");
    var grid = document.querySelector("[data-grid-rows]");
    if (grid) {
      Array.prototype.slice.call(found.querySelectorAll("[data-pending-row]")).forEach(function (row) {
        grid.append(document.adoptNode(row));
      });
    } else {
      // Nothing saved yet: the pending rows are the whole grid, in the box at the top.
      var wrap = document.createElement("div");
      wrap.className = "scroll-x grid-scroll";
      wrap.setAttribute("data-pending-table", "");
      wrap.append(document.adoptNode(found));
      box.querySelector("[data-pending-list]").before(wrap);
    }
  }

  function all(selector) {
    return Array.prototype.slice.call(document.querySelectorAll(selector));
  }

  function showRows(box, table, entries) {
    var url = box.getAttribute("data-rows-url");
    if (!url) return;
    var signature = entries.map(function (entry) { return entry.id; }).join(",");
    var keptKey = ROWS_KEY + table;
    var kept = read(keptKey);
    if (!entries.length) {
      shownRows = "";
      placeRows(box, "");
      return;
    }
    if (kept && kept.signature === signature) placeRows(box, kept.html);
    if (shownRows === signature) return;  // shown, or asked for already
    shownRows = signature;
    var query = entries.map(function (entry) { return "body=" + encodeURIComponent(entry.body); }).join("&");
    fetch(url + "?" + query, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.text();
      })
      .then(function (html) {
        write(keptKey, { signature: signature, html: html });
        var now = waitingRounds(table).map(function (entry) { return entry.id; }).join(",");
        if (now === signature) placeRows(box, html);  // the queue moved on meanwhile: wait
      })
      .catch(function () {
        shownRows = null;  // offline: the kept rows (if any) stay; ask again next time
      });
  }

  // ---- tables opened here, for the offline page -----------------------------------------------
  function rememberTable() {
    var table = document.querySelector("[data-live]");
    if (!table) return;
    var id = table.getAttribute("data-table-id");
    var recent = read(RECENT_KEY).filter(function (entry) { return entry.id !== id; });
    var heading = document.querySelector("main h1");
    var title = heading ? heading.textContent.trim() : document.title;
    recent.unshift({ id: id, title: title, url: location.pathname, at: Date.now() });
    write(RECENT_KEY, recent.slice(0, RECENT));
  }

  function listRecent() {
    var list = document.querySelector("[data-recent-tables]");
    if (!list) return;
    var recent = read(RECENT_KEY);
    if (!recent.length) {
      var none = document.createElement("li");
      none.textContent = say("no_recent");
      list.append(none);
    }
    recent.forEach(function (entry) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = entry.url;
      link.textContent = entry.title;
      item.append(link);
      list.append(item);
    });
    var again = document.querySelector("[data-reload]");
    if (again) again.addEventListener("click", function (event) { event.preventDefault(); location.reload(); });
  }

  function start() {
    var node = document.getElementById("script-texts");
    texts = node ? JSON.parse(node.textContent) : {};
    // Texts only some pages need come with the part that shows them (the pending box).
    all("[data-script-texts]").forEach(function (part) {
      Object.assign(texts, JSON.parse(part.getAttribute("data-script-texts")));
    });
    // A form kept by the service worker may carry a key that was used already: take a new one.
    var keyField = document.querySelector("input[name=idempotency_key]");
    if (keyField && document.body.hasAttribute("data-offline-copy")) keyField.value = newKey();
    countKeptInForm();
    var box = document.querySelector("[data-pending][data-form-url]");
    var keep = box ? [box.getAttribute("data-form-url")] : [];
    // A table page that did not pass the worker (the first visit, before it was installed)
    // is not kept yet: ask for it.
    var navigation = performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
    var passedWorker = Boolean(navigation && navigation.workerStart > 0);
    if (!passedWorker && document.querySelector("[data-live]")) keep.push(location.pathname + location.search);
    keepForOffline(keep);
    showSecureNotes();
    rememberTable();
    renderPending();
    listRecent();
    sendNext();
  }

  registerWorker();
  document.addEventListener("mautisch:updated", function () {
    // live.js swapped the page: the grid is new, so its pending rows are asked for again.
    showSecureNotes();
    shownRows = null;
    renderPending();
  });
  document.addEventListener("submit", queueRound, true);
  window.addEventListener("online", function () { failedAt = 0; sendNext(); });
  // Leaving the page cancels its send: hand the round back to the queue at once, so the next
  // page shows it as pending and sends it, instead of waiting for it to count as stuck.
  window.addEventListener("pagehide", function () {
    if (sending) update(sending, { state: "pending" });
  });
  window.addEventListener("storage", function (event) { if (event.key === QUEUE_KEY) renderPending(); });
  setInterval(sendNext, RETRY);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
