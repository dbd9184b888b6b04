// The evening page live: a payment recorded or a round corrected on any phone shows here
// without a reload. The page holds the group's event stream (/g/<id>/events, the version
// only); where the server holds none (204) or the stream breaks, it polls the group's version
// (GET /api/v1/groups/<id>/version, 304 while nothing changed). On a newer version it fetches
// itself and swaps its sections, keeps the focus where it was and says what changed once in a
// polite live region.
(function () {
  "use strict";

  var box = document.querySelector("[data-group-events]");
  if (!box) return;
  var shown = Number(box.getAttribute("data-group-version"));
  var versionUrl = box.getAttribute("data-version-url");
  var POLL = 2000;
  var busy = false;
  var polling = null;
  var etag = null;

  // The page's one polite live region (base.html, static/js/a11y.js).
  var region = document.querySelector("[data-announce]");
  if (!region) {
    region = document.createElement("p");
    region.className = "sr-only";
    region.setAttribute("aria-live", "polite");
    document.body.appendChild(region);
  }
  region.setAttribute("data-group-announce", "");
  function announce(text) {
    if (window.mautischSay) window.mautischSay(text);
    else region.textContent = text;
  }

  function focusKey(node) {
    if (!node || node === document.body) return null;
    var card = node.closest("[data-transfer],[data-payment]");
    if (card) return { card: card.getAttribute("data-transfer") ? "[data-transfer=\"" + card.getAttribute("data-transfer") + "\"]" : "[data-payment=\"" + card.getAttribute("data-payment") + "\"]" };
    return node.id ? { id: node.id } : null;
  }

  function refocus(key) {
    var target = null;
    if (key && key.id) target = document.getElementById(key.id);
    if (key && key.card) {
      var card = document.querySelector(key.card);
      target = card && card.querySelector("button, a, summary");
    }
    if (!target) target = document.getElementById("kasse-heading");
    if (target) {
      if (!target.hasAttribute("tabindex") && target.tagName === "H2") target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: true });
    }
  }

  // `said` and `focus` (a function giving the control to focus) come from a change made on
  // this phone (kasse.js, a tick); without them the change came from another phone.
  function swap(html, said, focus) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    var had = document.activeElement;
    var hadFocus = had && had !== document.body && document.querySelector("main").contains(had);
    var key = hadFocus ? focusKey(had) : null;
    document.querySelectorAll("main section[id]").forEach(function (section) {
      var next = fresh.getElementById(section.id);
      if (next) section.innerHTML = next.innerHTML;
    });
    var freshBox = fresh.querySelector("[data-group-events]");
    if (freshBox) shown = Math.max(shown, Number(freshBox.getAttribute("data-group-version")));
    var since = document.querySelector(".since-paid");
    announce(said || (since ? since.textContent : (box.getAttribute("data-updated") || "")));
    var target = focus ? focus() : null;
    if (target) target.focus({ preventScroll: true });
    else if (hadFocus || focus) refocus(key);
    document.dispatchEvent(new CustomEvent("mautisch:group-updated"));
  }
  window.mautischGroupSwap = swap;

  function refresh() {
    if (busy) return;
    busy = true;
    fetch(location.href, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) { if (html) swap(html); })
      .catch(function () { /* offline: the next version tries again */ })
      .then(function () { busy = false; });
  }

  function heard(version) {
    if (version > shown) refresh();
  }

  function poll() {
    var headers = etag ? { "If-None-Match": etag } : {};
    fetch(versionUrl, { credentials: "same-origin", headers: headers })
      .then(function (response) {
        if (response.status !== 200) return null;
        etag = response.headers.get("ETag");
        return response.json();
      })
      .then(function (body) { if (body) heard(body.version); })
      .catch(function () { /* no connection: try again on the next tick */ });
  }

  function startPolling() {
    if (!polling) polling = setInterval(poll, POLL);
  }

  if (window.EventSource) {
    var source = new EventSource(box.getAttribute("data-group-events"));
    source.addEventListener("version", function (event) {
      try { heard(JSON.parse(event.data).version); } catch (error) { /* not ours */ }
    });
    source.onerror = function () {
      if (source.readyState === EventSource.CLOSED) startPolling();
    };
  } else {
    startPolling();
  }
})();
