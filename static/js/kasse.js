// Paid ticks of the Kassensturz (templates/groups/evening.html): a tick is sent in the
// background; without a connection it is kept on this phone (localStorage), shown as waiting
// and sent when the connection is back, like a round (offline.js). A tick says "paid" or "not
// paid" outright, so sending it twice changes nothing.
(function () {
  "use strict";

  var KEY = "mautisch.pendingTicks";

  function read() {
    try { return JSON.parse(localStorage.getItem(KEY) || "[]"); } catch (error) { return []; }
  }

  function write(ticks) {
    try { localStorage.setItem(KEY, JSON.stringify(ticks)); } catch (error) { /* full or private */ }
  }

  function post(tick) {
    return fetch(tick.url, {
      method: "POST",
      body: tick.body,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      credentials: "same-origin",
      redirect: "manual"
    }).then(function (response) {
      // A redirect (opaque) is the saved tick; a 4xx will not get better by sending again.
      return response.type === "opaqueredirect" || response.status < 500;
    });
  }

  function showWaiting() {
    var box = document.querySelector("[data-kasse]");
    if (!box) return;
    read().forEach(function (tick) {
      var card = box.querySelector('[data-transfer="' + tick.transfer + '"]');
      var state = card && card.querySelector(".state");
      if (state) state.textContent = box.getAttribute("data-waiting");
      if (card) card.classList.add("waiting");
    });
  }

  function sendKept() {
    var ticks = read();
    if (!ticks.length || !navigator.onLine) return;
    var first = ticks[0];
    post(first).then(function (done) {
      if (!done) return;
      write(read().filter(function (tick) { return tick.id !== first.id; }));
      if (read().length) sendKept(); else if (document.querySelector("[data-kasse]")) location.reload();
    }).catch(function () { /* still no connection: the next "online" tries again */ });
  }

  function keep(form) {
    var body = new URLSearchParams(new FormData(form)).toString();
    var transfer = form.querySelector("[name=transfer]").value;
    var ticks = read().filter(function (tick) { return tick.transfer !== transfer; });
    ticks.push({ id: String(Date.now()), url: form.action, body: body, transfer: transfer });
    write(ticks);
    showWaiting();
  }

  // Online, with the live page's script: the tick is sent in the background and the page
  // puts the answer in place (group_live.js), says "Marked as paid: …" once and moves the
  // focus to the next open transfer's tick (else the payment just made), never to <body>.
  function tickInPlace(form) {
    var card = form.closest("[data-transfer]");
    var after = [];
    var node = card ? card.nextElementSibling : null;
    while (node) {
      if (node.getAttribute("data-transfer")) after.push(node.getAttribute("data-transfer"));
      node = node.nextElementSibling;
    }
    var button = form.querySelector("button[type=submit]");
    if (button) button.setAttribute("aria-busy", "true");
    return fetch(form.action, {
      method: "POST",
      body: new URLSearchParams(new FormData(form)),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      credentials: "same-origin"
    }).then(function (response) {
      if (!response.ok) throw new Error("tick: " + response.status);
      return response.text().then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html");
        var flash = fresh.querySelector("main .flash-success");
        // The sentence shows on top as after a reload; it is said once, by the live region.
        var main = document.querySelector("main");
        main.querySelectorAll(":scope > .flash").forEach(function (old) { old.remove(); });
        if (flash) {
          var shownFlash = document.importNode(flash, true);
          shownFlash.removeAttribute("role");
          main.insertBefore(shownFlash, main.firstChild);
        }
        window.mautischGroupSwap(html, flash ? flash.textContent.trim() : "", function () {
          for (var i = 0; i < after.length; i += 1) {
            var next = document.querySelector('[data-transfer="' + after[i] + '"] [data-tick] button');
            if (next) return next;
          }
          var first = document.querySelector("[data-transfer] [data-tick] button");
          if (first) return first;
          var paid = document.querySelector("[data-payment] button");
          if (paid) return paid;
          var heading = document.getElementById("kasse-heading");
          if (heading) heading.setAttribute("tabindex", "-1");
          return heading;
        });
      });
    });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target.closest("[data-tick]");
    if (!form) return;
    if (navigator.onLine) {
      if (!window.mautischGroupSwap || !window.fetch) return;  // the form posts as it is
      event.preventDefault();
      tickInPlace(form).catch(function () { HTMLFormElement.prototype.submit.call(form); });
      return;
    }
    event.preventDefault();
    keep(form);
  });
  window.addEventListener("online", sendKept);
  document.addEventListener("DOMContentLoaded", function () { showWaiting(); sendKept(); });
})();
