// Offline support on every page (loaded in <head> by templates/pwa/_head.html):
// - registers the service worker (/sw.js), which keeps the last opened pages readable offline,
//   after the page has loaded, and hands it what to keep as chores in idle time, one at a time,
//   never in the first seconds of a load;
// - a round entered without a connection is kept on this phone (localStorage), shown as
//   "pending" on its table page and sent when the connection is back: the form as it was
//   filled in, with its own idempotency key, so a send that is repeated (a lost answer, two
//   open tabs) still makes exactly one round (the server answers a used key with the first);
// - a correction of a stored round is kept the same way, with the etag of the round it was
//   made against: a round changed meanwhile refuses it (shown as refused, with the round as it
//   is now and a link to its form), and one sent twice finds the round saying it already
//   (done, tables.round_edit);
// - a round saved online takes one round trip: the table is shown at once with the round as
//   "being saved" (the table as this tab last showed it, kept in sessionStorage, or the table
//   page itself for the one-tap winners), the form is sent asking for the table page as the
//   answer (X-Answer: table, app/tables/answer.py), and that page is put in place. Its scores
//   are the server's: the row shown meanwhile carries what was entered, its totals "…". The
//   round is kept in the queue with its key while it is sent ("saving"), so a lost answer or
//   a closed tab still sends it once;
// - remembers the tables opened here for the offline page.
(function () {
  "use strict";

  var QUEUE_KEY = "mautisch.pendingRounds";
  var RECENT_KEY = "mautisch.recentTables";
  var ROWS_KEY = "mautisch.pendingRows.";
  var PAGE_KEY = "mautisch.tablePage";  // sessionStorage: the table page this tab showed last
  var RECENT = 12;
  var RETRY = 5000;
  // A send without an answer by then is given up and kept as pending (pub Wi-Fi that hangs
  // instead of failing); sending it again is safe, its idempotency key makes it one round.
  var SEND_TIMEOUT = 4000;
  var STUCK = 2 * SEND_TIMEOUT;
  // A round form's own save waits longer than a background send: the player is watching.
  var SAVE_TIMEOUT = 10000;
  // A round kept while its own page sends it counts as given up after this (its tab died).
  var HELD = SAVE_TIMEOUT + RETRY;
  var script = document.currentScript;
  var texts = {};
  var sending = false;
  var holding = null;  // the round this page is saving (kept in the queue meanwhile)
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
  function hasWorker() {
    return "serviceWorker" in navigator && window.isSecureContext;
  }

  function afterLoad(work) {
    if (document.readyState === "complete") work();
    else window.addEventListener("load", work, { once: true });
  }

  function registerWorker() {
    // After the page has loaded: the worker's script is no part of what the player waits for.
    if (!hasWorker()) return;
    afterLoad(function () {
      navigator.serviceWorker.register(script.getAttribute("data-sw"), { scope: "/" }).catch(function () {
        /* no worker: the pages still work online */
      });
    });
  }

  // What the worker keeps for offline use is fetched in chores: after the page has loaded and
  // the first seconds have passed (the player may be entering a round on pub Wi-Fi), in the
  // phone's idle time, one at a time, each waiting for the one before.
  var QUIET = 3500;  // ms after the navigation started: no chore before
  var IDLE_WAIT = 5000;  // ms: a chore waits this long for idle time at most
  var ANSWER_WAIT = 30000;  // ms: a chore the worker does not answer is given up
  var chores = [];
  var choring = false;

  function whenIdle(work) {
    setTimeout(function () {
      if (window.requestIdleCallback) window.requestIdleCallback(work, { timeout: IDLE_WAIT });
      else setTimeout(work, 0);
    }, Math.max(0, QUIET - performance.now()));
  }

  function ask(message) {
    // The message to the active worker; resolves with its answer.
    return navigator.serviceWorker.ready.then(function (registration) {
      if (!registration.active) return null;
      return new Promise(function (resolve) {
        var channel = new MessageChannel();
        channel.port1.onmessage = function (event) { resolve(event.data); };
        registration.active.postMessage(message, [channel.port2]);
        setTimeout(resolve, ANSWER_WAIT);
      });
    }).catch(function () { return null; });
  }

  function chore(message, then) {
    if (!hasWorker()) return;
    chores.push([message, then]);
    if (choring) return;
    choring = true;
    afterLoad(nextChore);
  }

  function nextChore() {
    var next = chores.shift();
    if (!next) { choring = false; return; }
    whenIdle(function () {
      ask(next[0]).then(function (answer) {
        if (next[1]) next[1](answer);
        nextChore();
      });
    });
  }

  function keepFiles() {
    // The worker's files for offline use that it does not keep yet: one chore each.
    chore({ type: "missing" }, function (urls) {
      (Array.isArray(urls) ? urls : []).forEach(function (url) { chore({ type: "file", url: url }); });
    });
  }

  function keepForOffline(urls) {
    // Ask the worker to keep pages this phone may need offline (the empty round form), a
    // page at a time.
    urls.forEach(function (url) { chore({ type: "keep", urls: [url] }); });
  }

  // A renewed edit link, or a table taken out of its group: the worker deletes the copies it
  // kept of the table, or of the group and the tables its page links to (a copy never holds a
  // link; this is for one kept before that was so).
  var FORGETS = /^(\/[tg]\/[^/]+)\/(edit-link\/renew|group)$/;

  function forgetCopies(event) {
    var form = event.target;
    var match = form && form.getAttribute && FORGETS.exec(new URL(form.action, location.href).pathname);
    if (!match || !("serviceWorker" in navigator) || !navigator.serviceWorker.controller) return;
    var paths = [match[1]];
    if (match[1].indexOf("/g/") === 0) {
      all("main a[href^='/t/']").forEach(function (link) {
        paths.push(link.getAttribute("href").split(/[?#]/)[0].split("/").slice(0, 3).join("/"));
      });
    }
    navigator.serviceWorker.controller.postMessage({ type: "forget", paths: paths });
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

  function keep(form, data, failed, state) {
    // A kept round is sent later at the next free number: the number this form expected is
    // dropped, or a round saved meanwhile (by this phone's next entry) would refuse it.
    data = copyOf(data);  // the caller's copy still carries the number it sends now
    data.delete("expected_number");
    var heading = document.querySelector("main h1");
    var queue = read(QUEUE_KEY);
    var id = newKey();
    queue.push({
      id: id,
      table: tableOf(location.pathname),
      // The form's own address: a correction shown again after a conflict names its round's
      // number now, not the one in the page's address.
      url: form.getAttribute("action") || location.pathname,
      body: new URLSearchParams(data).toString(),
      label: form.getAttribute("data-kept-label") || (heading ? heading.textContent.trim() : ""),
      correction: isCorrection(form),
      at: Date.now(),
      state: state || "pending",
      since: Date.now(),
      failed: Boolean(failed)
    });
    write(QUEUE_KEY, queue);
    return id;
  }

  function copyOf(data) {
    var copy = new FormData();
    data.forEach(function (value, name) { copy.append(name, value); });
    return copy;
  }

  function inFlight(entry) {
    // Being sent by the page it was entered on: not shown as kept, not sent from here.
    return entry.state === "saving" && Date.now() - entry.since <= HELD;
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
      var inline = form.closest("[data-round-inline]");
      if (inline && window.mautischCloseEntry) window.mautischCloseEntry(false);
      if (inline || form.hasAttribute("data-one-tap")) renderPending();  // the table is on screen
      else location.href = tablePage();
      return;
    }
    saveNow(form, data, event.submitter);
  }

  function saveNow(form, data, submitter) {
    // Online: the round is sent from here, so a save that fails (the Wi-Fi drops mid-request,
    // no answer in time, a server error) is kept on the phone with the SAME key instead of
    // ending on the browser's error page: if the server did save it, the resend is that round.
    if (form.hasAttribute("data-saving")) return;  // a double tap: the first send goes on
    form.setAttribute("data-saving", "");
    var button = submitter || form.querySelector("button[type=submit]");
    if (button) button.setAttribute("aria-busy", "true");
    var newRound = Boolean(form.querySelector("input[name=idempotency_key]")) && !isCorrection(form);
    // Kept on the phone while it is sent: a tab closed before the answer leaves it queued.
    var held = newRound ? keep(form, data, true, "saving") : null;
    holding = held;
    var controller = window.AbortController ? new AbortController() : null;
    var timer = controller && setTimeout(function () { controller.abort(); }, SAVE_TIMEOUT);
    var headers = { "X-Answer": "table" };
    var bar = document.querySelector("[data-live]");
    // On the table page: the answer is only what changed since the version it shows.
    if (bar) headers["X-Changes-From"] = bar.getAttribute("data-version");
    if (bar && window.mautischStream) headers["X-Stream"] = window.mautischStream;
    // Sent first, drawn after: the request is on its way while the table shows the round.
    var sending = fetch(form.getAttribute("action") || location.pathname + location.search, {
      method: "POST",
      body: new URLSearchParams(data),
      headers: headers,
      credentials: "same-origin",
      cache: "no-store",
      redirect: "manual",
      signal: controller ? controller.signal : undefined
    });
    var shown = showSaving(form, data);
    sending
      .then(function (response) {
        clearTimeout(timer);
        if (response.status >= 500) throw new Error("server error " + response.status);
        holding = null;
        if (response.ok && response.headers.get("X-Saved-Round") !== null) {
          // Saved (or saved before under this key): the answer is the table page.
          return response.text().then(function (html) {
            if (held) update(held, { done: true });
            showAnswer(html, response.headers.get("X-Table-Version"), shown);
          });
        }
        if (held) update(held, { done: true });
        if (response.type === "opaqueredirect") {
          location.href = tablePage();  // a redirect after all (the table is finished)
          return;
        }
        // The server showed the form again (something to fix, another phone's round) and
        // saved nothing: send it the ordinary way so the page shows the answer itself.
        unshow(shown);
        form.setAttribute("data-sent-natively", "");
        HTMLFormElement.prototype.submit.call(form);
      })
      .catch(function () {
        clearTimeout(timer);
        holding = null;
        if (held) update(held, { state: "pending" });
        else keep(form, data, true);
        if (!shown) {
          location.href = tablePage();
          return;
        }
        // The table is on screen already: it shows the round as kept and sends it later.
        if (shown.inline) shown.inline.remove();
        onTablePage(shown);
        if (shown.row) shown.row.remove();
        if (!shown.formPage) ready(form);
        renderPending();
      });
  }

  function ready(form) {
    // The one-tap winners after a game was kept: the next tap is the next game (a key of its
    // own; its number is left to the kept games, sent first).
    form.removeAttribute("data-saving");
    var key = form.querySelector("input[name=idempotency_key]");
    var expected = form.querySelector("input[name=expected_number]");
    if (key) key.value = newKey();
    if (expected) expected.value = "";
    all("[data-one-tap] button").forEach(function (button) {
      button.disabled = false;
      button.removeAttribute("aria-busy");
    });
  }

  // ---- the table at once, the server's answer in place -----------------------------------------
  function keepTablePage() {
    // The table page as shown now, for this tab's next round form (its messages, rows kept on
    // the phone and scripts left out).
    var bar = document.querySelector("[data-live]");
    var main = document.querySelector("main");
    if (!bar || !main || document.querySelector("[data-form-page]")) return;
    var copy = main.cloneNode(true);
    var scripts = Array.prototype.map.call(copy.querySelectorAll("script[src]"), function (node) {
      return node.getAttribute("src");
    });
    Array.prototype.forEach.call(copy.querySelectorAll(".flash, script, [data-pending-row], [data-pending-table], [data-round-inline]"), function (node) {
      node.remove();
    });
    Array.prototype.forEach.call(copy.querySelectorAll("[data-entry-hid]"), function (node) {
      node.hidden = false;
      node.removeAttribute("data-entry-hid");
    });
    try {
      sessionStorage.setItem(PAGE_KEY, JSON.stringify({
        table: bar.getAttribute("data-table-id"), title: document.title, main: copy.innerHTML, scripts: scripts
      }));
    } catch (error) { /* full or private: the form then waits for the answer */ }
  }

  function keptTablePage(table) {
    try {
      var kept = JSON.parse(sessionStorage.getItem(PAGE_KEY) || "null");
      return kept && kept.table === table ? kept : null;
    } catch (error) { return null; }
  }

  function showSaving(form, data) {
    // The table with the new round as "being saved", within a frame of the tap. On the round
    // form's page the form stays in the document (hidden) until the answer: a refusal shows it
    // again and sends it the ordinary way.
    if (!form.querySelector("input[name=idempotency_key]") || isCorrection(form)) return null;
    var main = document.querySelector("main");
    var shown = { formPage: null, title: document.title, row: null, inline: null };
    if (form.closest("[data-round-inline]") && window.mautischCloseEntry) {
      // Entered in place: the table is back at once, the form kept hidden until the answer.
      shown.inline = window.mautischCloseEntry(true);
      // Its save button left the screen: the focus goes to the rounds, never to <body>.
      if (window.mautischRefocus) window.mautischRefocus(null, ["#grid-title", "[data-enter-round]"]);
    } else if (!document.querySelector("[data-live]")) {
      var kept = keptTablePage(tableOf(location.pathname));
      if (!kept) return null;
      shown.formPage = document.createElement("div");
      shown.formPage.hidden = true;
      shown.formPage.setAttribute("data-form-page", "");
      while (main.firstChild) shown.formPage.append(main.firstChild);
      main.innerHTML = kept.main;
      main.append(shown.formPage);
      shown.scripts = kept.scripts || [];
      document.title = kept.title;
      window.scrollTo(0, 0);
      // The form (and its button) left the screen: the focus goes to the rounds, not <body>.
      if (window.mautischRefocus) window.mautischRefocus(null, ["#grid-title", "[data-enter-round]"]);
    }
    shown.row = savingRow(form, data);
    var totals = document.querySelector(".rounds-grid tfoot tr");
    if (totals) totals.classList.add("totals-pending");
    all("[data-one-tap] button").forEach(function (button) { button.disabled = true; });
    return shown;
  }

  function unshow(shown) {
    if (!shown) return;
    if (shown.row) shown.row.remove();
    if (shown.formPage) {
      var main = document.querySelector("main");
      main.replaceChildren.apply(main, Array.prototype.slice.call(shown.formPage.childNodes));
      document.title = shown.title;
    }
  }

  function savingRow(form, data) {
    // What was entered, per column: the winner ticked, else what the form showed for the seat
    // (its own preview); the running totals are the server's, "…" until it answers.
    var grid = document.querySelector("[data-grid-rows]");
    if (!grid) return null;  // nothing saved yet: the grid comes with the answer
    var expected = parseInt(data.get("expected_number"), 10);
    var heads = grid.querySelectorAll("tr:not([data-pending-row], .set-result) > th");
    var last = heads.length ? parseInt(heads[heads.length - 1].textContent, 10) || 0 : 0;
    var row = document.createElement("tr");
    row.className = "pending-row";
    row.setAttribute("data-pending-row", "");
    row.setAttribute("data-saving", "");
    var head = document.createElement("th");
    head.scope = "row";
    head.className = "sticky";
    var badge = document.createElement("span");
    badge.className = "pending-badge";
    badge.textContent = say("saving");
    head.append(String(expected || last + 1) + " ", badge);
    row.append(head);
    (grid.getAttribute("data-columns") || "").split(" ").forEach(function (key) {
      var cell = document.createElement("td");
      var running = document.createElement("span");
      running.className = "running";
      running.textContent = "…";
      var delta = document.createElement("small");
      delta.className = "delta";
      var seat = form.querySelector("[data-player][data-seat='" + key + "'] output");
      delta.textContent = data.get("winner") === key ? "✓" : seat ? seat.textContent.trim() : "";
      cell.append(running, delta);
      row.append(cell);
    });
    grid.append(row);
    return row;
  }

  function onTablePage(shown) {
    // The table's address for the page now shown, and its scripts (live.js) if the round
    // form's page had none of them.
    if (shown && shown.formPage) {
      shown.formPage.remove();
      history.replaceState(null, "", tablePage());
      load(shown.scripts);
    }
    tableShown();
  }

  function showAnswer(html, version, shown) {
    if (html.indexOf("<template data-changes") === 0 && window.mautischTake) {
      // Only what changed: the row being saved makes way for the stored one.
      if (shown && shown.row) shown.row.remove();
      if (shown && shown.inline) shown.inline.remove();
      window.mautischTake(html, true);
      keepLater();
      tableShown();
      return;
    }
    if (shown && shown.inline) shown.inline.remove();
    var doc = new DOMParser().parseFromString(html, "text/html");
    var fresh = doc.querySelector("main");
    if (!fresh || !doc.querySelector("[data-live]")) { location.href = tablePage(); return; }
    var main = document.querySelector("main");
    var sources = Array.prototype.map.call(fresh.querySelectorAll("script[src]"), function (node) {
      return node.getAttribute("src");
    });
    // What to say and where the focus goes: a new round's form or one more row is "round n
    // entered", anything else "the table was updated"; the focus stays on its control (a
    // winner's button) or goes to the button for the next round, never to <body>.
    var freshBar = doc.querySelector("[data-live]");
    var oldBar = document.querySelector("[data-live]");
    var before = oldBar ? Number(oldBar.getAttribute("data-rounds")) : null;
    var after = Number(freshBar.getAttribute("data-rounds"));
    var entered = Boolean(document.querySelector("[data-round-heading]")) || (before !== null && after > before);
    var said = entered
      ? freshBar.getAttribute("data-entered-text").replace("{n}", String(after))
      : freshBar.getAttribute("data-updated-text");
    var focus = window.mautischFocusKey ? window.mautischFocusKey(main) : null;
    var next = document.adoptNode(fresh);
    Array.prototype.forEach.call(next.querySelectorAll("script"), function (node) { node.remove(); });
    if (!(shown && shown.formPage)) {
      // On the table page: the parts with a state of their own stay (as live.js swaps).
      Array.prototype.forEach.call(next.querySelectorAll("[data-live-keep][id]"), function (node) {
        var kept = document.getElementById(node.id);
        if (kept) node.replaceWith(kept);
      });
    }
    main.replaceChildren.apply(main, Array.prototype.slice.call(next.childNodes));
    document.title = doc.title;
    if (shown && shown.formPage) history.replaceState(null, "", tablePage());
    var bar = document.querySelector("[data-live]");
    if (bar && version) bar.setAttribute("data-version", version);
    if (bar) bar.setAttribute("data-rounds", String(after));
    if (window.mautischRefocus) window.mautischRefocus(focus, ["[data-enter-round]", "#grid-title"]);
    if (window.mautischSay) window.mautischSay(said);
    keepLater();
    load(sources);
    tableShown();
  }

  function load(sources) {
    // The table page's own scripts (live.js) that the round form's page did not have.
    sources.forEach(function (src) {
      if (document.querySelector("script[src='" + src + "']")) return;
      var script = document.createElement("script");
      script.src = src;
      document.body.append(script);
    });
  }

  // Changes applied in place (this phone's saves, other phones' pushed rounds) leave the
  // offline copy behind. It is fetched again when the phone is put away or the page is left,
  // not after each save: on pub Wi-Fi a round costs the save alone, and a kept copy is needed
  // once the page is no longer on screen (reopened without a connection).
  var copyBehind = false;
  function keepLater() { copyBehind = true; }
  function keepNow() {
    if (!copyBehind || !hasWorker()) return;
    copyBehind = false;
    var url = location.pathname + location.search;
    // Straight to the worker that controls the page, not as an idle chore: a page being left
    // runs no more of those. A page the worker does not control yet asks the registered one.
    var worker = navigator.serviceWorker.controller;
    if (worker) worker.postMessage({ type: "keep", urls: [url] });
    else keepForOffline([url]);
  }
  document.addEventListener("visibilitychange", function () { if (document.hidden) keepNow(); });
  window.addEventListener("pagehide", keepNow);
  document.addEventListener("mautisch:entry", function () { countKeptInForm(); });

  function tableShown() {
    showSecureNotes();
    rememberTable();
    keepTablePage();
    shownRows = null;
    renderPending();
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
      return e.state === "pending" || (e.state === "sending" && Date.now() - e.since > STUCK) ||
        (e.state === "saving" && !inFlight(e));
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
    var entries = read(QUEUE_KEY).filter(function (entry) { return entry.table === table && !inFlight(entry); });
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
      return entry.table === table && entry.state !== "failed" && !entry.correction && !inFlight(entry);
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
    // Its own form's field (an entry opened in place shares the page with the one-tap form).
    var expected = (heading.closest("[data-round-inline]") || document).querySelector("[data-round-form] input[name=expected_number]");
    if (expected) expected.value = "";
  }

  // ---- kept rounds as "pending" rows of the grid, with provisional totals ---------------------
  // The server scores them (tables.pending: the variant's own rules after the stored rounds);
  // its last answer is kept so the rows stay while the phone is offline.
  var shownRows = null;

  function placeRows(box, html) {
    // A round being saved from this page stays: the server's answer replaces it.
    all("[data-pending-row]:not([data-saving]), [data-pending-table]").forEach(function (node) { node.remove(); });
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
    keepTablePage();
    renderPending();
    listRecent();
    sendNext();
  }

  registerWorker();
  afterLoad(keepFiles);  // after the page copies its start asked for: they matter more offline
  document.addEventListener("mautisch:updated", function () {
    // live.js swapped the page: the grid is new, so its pending rows are asked for again; the
    // kept copy is behind.
    keepLater();
    showSecureNotes();
    keepTablePage();
    shownRows = null;
    renderPending();
  });
  document.addEventListener("submit", forgetCopies, true);
  document.addEventListener("submit", queueRound, true);
  window.addEventListener("online", function () { failedAt = 0; sendNext(); });
  // Leaving the page cancels its send: hand the round back to the queue at once, so the next
  // page shows it as pending and sends it, instead of waiting for it to count as stuck.
  window.addEventListener("pagehide", function () {
    if (sending) update(sending, { state: "pending" });
    if (holding) update(holding, { state: "pending" });
  });
  window.addEventListener("storage", function (event) { if (event.key === QUEUE_KEY) renderPending(); });
  setInterval(sendNext, RETRY);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
