// Referee page: taps on the card grids update the question in the URL and ask it at once.
// Without this script the page still works: the grids are radio buttons and checkboxes of
// a GET form, and "Check" sends it. The script adds twins (tap again: ×2), keeps the order
// in which cards were tapped (several at once: the first card must serve), and asks as soon as
// the question is complete.
(function () {
  "use strict";
  var form = null;
  // Arrow keys (and Space) on a picker browse in place: the answer is fetched and put in,
  // the focus stays on the card (ARIA radio group pattern). A tap asks and shows the answer
  // as before (the page at #answer).
  var viaKeys = false;
  var KEYS = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", " "];

  // Offline (or on a kept copy of the page) a new question cannot be answered: say so
  // instead of leaving the page for the offline notice.
  function offlineNote() { return document.querySelector("[data-offline-note]"); }
  function offline() {
    return navigator.onLine === false || document.body.hasAttribute("data-offline-copy");
  }
  function sayOffline() {
    var note = offlineNote();
    if (!note) return;
    note.hidden = false;
    note.scrollIntoView({ block: "center" });
  }
  window.addEventListener("offline", function () { if (offlineNote()) offlineNote().hidden = false; });
  window.addEventListener("online", function () { if (offlineNote()) offlineNote().hidden = true; });

  // The control that had the focus, found again in the new page: by id, else by name and value.
  function sameControl(old) {
    if (!old) return null;
    if (old.id && document.getElementById(old.id)) return document.getElementById(old.id);
    if (old.name) {
      var twin = document.querySelector('main [name="' + old.name + '"][value="' + old.value + '"]');
      if (twin) return twin;
    }
    return null;
  }

  // The chosen card in view: not under the sticky top bar, not below the screen.
  function keepInView(control, top) {
    var box = (control.closest("label") || control).getBoundingClientRect();
    if (top !== null) window.scrollBy(0, box.top - top);
    box = (control.closest("label") || control).getBoundingClientRect();
    var bar = document.querySelector("[data-topbar]");
    var clear = (bar ? bar.getBoundingClientRect().bottom : 0) + 8;
    if (box.top < clear) {
      window.scrollBy(0, box.top - clear);
    } else if (box.bottom > window.innerHeight - 8) {
      window.scrollBy(0, box.bottom - window.innerHeight + 8);
    }
  }

  // Ask in place: the same page fetched, its <main> put in, the address follows.
  function update(url) {
    var old = document.activeElement;
    var anchor = old && old.closest ? old.closest("label") || old : null;
    var top = anchor && anchor.getBoundingClientRect ? anchor.getBoundingClientRect().top : null;
    var memory = old ? { id: old.id, name: old.name, value: old.value } : null;
    return fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html");
        var main = document.querySelector("main");
        var freshMain = fresh.querySelector("main");
        if (!main || !freshMain) { window.location.assign(url); return; }
        main.innerHTML = freshMain.innerHTML;
        document.title = fresh.title;
        window.history.replaceState(null, "", url);
        init();
        var control = sameControl(memory);
        if (control) {
          control.focus({ preventScroll: true });
          keepInView(control, top);
        } else {
          main.focus();
        }
        var answer = document.querySelector("#answer");
        var said = [];
        if (answer) {
          answer.querySelectorAll(".verdict-word, .reason").forEach(function (part) {
            said.push(part.textContent.replace(/\s+/g, " ").trim());
          });
        } else {
          var summary = document.querySelector("[data-error-summary]");
          if (summary) said.push(summary.textContent.replace(/\s+/g, " ").trim());
        }
        if (said.length && window.mautischSay) window.mautischSay(said.join(". "));
        document.dispatchEvent(new CustomEvent("mautisch:swapped"));
      })
      .catch(function () { window.location.assign(url); });
  }

  function init() {
  form = document.querySelector("[data-referee]");

  // Copy the link of the answer (the button is hidden when this script does not run).
  document.querySelectorAll("[data-copy]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      var input = document.getElementById(button.getAttribute("data-copy"));
      var label = button.textContent;
      var done = function () {
        button.textContent = button.getAttribute("data-done");
        setTimeout(function () { button.textContent = label; }, 2000);
      };
      // The old way works in plain-HTTP pages and in-app browsers; the Clipboard API
      // (secure pages only) is the second try.
      input.focus();
      input.setSelectionRange(0, input.value.length);
      var copied = false;
      try { copied = document.execCommand("copy"); } catch (error) { copied = false; }
      if (copied) {
        done();
      } else if (navigator.clipboard) {
        navigator.clipboard.writeText(input.value).then(done);
      }
    });
  });
  if (!form) return;

  // Keep the rules pages (each variant's and the index) and this page for use without a
  // connection: the service worker fetches and keeps them (its "keep" message).
  if (navigator.serviceWorker && navigator.serviceWorker.controller && navigator.onLine !== false) {
    var keep = [window.location.pathname, "/rules"];
    form.querySelectorAll('input[name="variant"]').forEach(function (input) {
      keep.push("/rules/" + encodeURIComponent(input.value));
    });
    navigator.serviceWorker.controller.postMessage({ type: "keep", urls: keep });
  }

  // The cards picked in the multi-card grids (hand, play), in tap order, twins repeated.
  var picked = {};
  form.querySelectorAll("[data-multi]").forEach(function (grid) {
    var name = grid.getAttribute("data-grid");
    var selected = grid.getAttribute("data-selected");
    picked[name] = selected ? selected.split(",") : [];
    grid.querySelectorAll("[data-extra]").forEach(function (extra) { extra.remove(); });
  });
  if (form.querySelector("[data-draw]:checked")) picked.play = ["draw"];

  function count(name, code) {
    return picked[name].filter(function (c) { return c === code; }).length;
  }

  function showCounts(name) {
    form.querySelectorAll('[data-grid="' + name + '"] input[name="' + name + '"]').forEach(function (input) {
      var n = count(name, input.value);
      input.checked = n > 0;
      var badge = input.parentElement.querySelector(".tile-count");
      if (badge) badge.textContent = n > 1 ? "×" + n : "";
    });
  }

  // A tap adds one more copy up to the copies in the deck, then clears the card.
  function tapMulti(input) {
    var name = input.name;
    var code = input.value;
    var copies = parseInt(input.getAttribute("data-copies") || "1", 10);
    if (code === "draw") {
      picked[name] = input.checked ? ["draw"] : [];
    } else {
      picked[name] = picked[name].filter(function (c) { return c !== "draw"; });
      var n = count(name, code);
      if (n > 0 && n >= copies) {
        picked[name] = picked[name].filter(function (c) { return c !== code; });
      } else {
        picked[name].push(code);
      }
    }
    showCounts(name);
  }

  function value(name) {
    var field = form.elements[name];
    return field ? field.value : "";
  }

  function complete() {
    return value("top") !== "" && picked.play.length > 0;
  }

  // Each house rule's default: a switch left at it stays out of the URL (the server reads a
  // missing switch as its default, so links stay short and old links keep working).
  var houseDefaults = {};
  form.querySelectorAll("[data-house]").forEach(function (fieldset) {
    houseDefaults[fieldset.getAttribute("data-house")] = fieldset.getAttribute("data-default");
  });

  if (offline() && offlineNote()) offlineNote().hidden = false;

  // The question as a clean URL: given values only, card lists comma-joined in tap order.
  function ask(kind) {
    if (offline()) {
      sayOffline();
      return;
    }
    var params = query();
    if (kind === "list") params.set("ask", "list");
    var url = form.action + "?" + params.toString();
    if (kind === "keys") {
      update(url);
      return;
    }
    window.location.assign(url + (kind === "list" ? "#plays" : "#answer"));
  }

  function query() {
    var params = new URLSearchParams();
    new FormData(form).forEach(function (val, key) {
      if (val === "" || key in picked || key === "ask" || key === "pending_tap" ||
          houseDefaults[key] === val) return;
      params.append(key, val);
    });
    Object.keys(picked).forEach(function (name) {
      if (picked[name].length) params.set(name, picked[name].join(","));
    });
    return params;
  }

  form.addEventListener("keydown", function (event) {
    viaKeys = KEYS.indexOf(event.key) >= 0;
  });
  form.addEventListener("pointerdown", function () { viaKeys = false; });

  form.addEventListener("change", function (event) {
    var input = event.target;
    var keys = viaKeys;
    viaKeys = false;
    if (input.name === "variant") {
      // Another variant is a new question: its deck differs.
      var fresh = form.action + "?variant=" + encodeURIComponent(input.value);
      if (keys && !offline()) { update(fresh); } else { window.location.assign(fresh); }
      return;
    }
    // A pending chip under the top card sets the pending effect of the full list.
    if (input.name === "pending_tap") form.elements.pending.value = input.value;
    if (input.name === "pending") {
      form.querySelectorAll('input[name="pending_tap"]').forEach(function (tap) {
        tap.checked = tap.value === input.value;
      });
    }
    if (input.name in picked) {
      tapMulti(input);
      if (input.name === "hand") return;
    }
    if (complete()) {
      ask(keys ? "keys" : "legal");
    } else if (keys && input.type === "radio") {
      // Browsing by keys: the choice is kept in the address; nothing to ask yet.
      window.history.replaceState(null, "", form.action + "?" + query().toString());
    } else if (input.name === "top") {
      // What the question may need next starts right under the top card: the pending effect,
      // "More about the situation", then the card played. Bring the first of them up, so none
      // is scrolled past.
      var next = document.getElementById("f-pending-taps") || document.getElementById("f-play");
      next.scrollIntoView({ behavior: "smooth", block: "start" });
    }
  });

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var submitter = event.submitter;
    ask(submitter && submitter.value === "list" ? "list" : "legal");
  });

  Object.keys(picked).forEach(showCounts);
  }
  init();
})();
