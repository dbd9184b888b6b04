// What the page does for keyboards and screen readers, one file so that it costs a first load
// on slow Wi-Fi no request of its own beyond the page's others (bench_phone): the polite live
// region with the focus across changes made in place, and the boxes that scroll sideways at
// large text made reachable and named.

// One polite live region for the whole page (base.html): a change made in place (a round
// from another phone, a saved round, a tick, the referee's answer) is said once, in words.
// The region stays outside <main>, so it survives when <main> is put in anew. Also the focus
// across such a change: the control that had it is found again in the new content (by id,
// name and value, link or words), else a sensible one the caller names; never <body>.
"use strict";
(function () {
  var timer = null;
  window.mautischSay = function (text) {
    var region = document.querySelector("[data-announce]");
    if (!region || !text) { return; }
    // Emptied first, then filled a moment later: the same sentence twice is said twice.
    region.textContent = "";
    window.clearTimeout(timer);
    timer = window.setTimeout(function () { region.textContent = text; }, 100);
  };

  // What identifies the focused control inside `within`, or null when the focus is elsewhere.
  window.mautischFocusKey = function (within) {
    var node = document.activeElement;
    if (!node || node === document.body || !within || !within.contains(node)) { return null; }
    return {
      id: node.id, name: node.getAttribute("name"), value: node.getAttribute("value"),
      href: node.getAttribute("href"), label: node.getAttribute("aria-label"),
      text: (node.textContent || "").trim(), tag: node.tagName
    };
  };

  function quoted(text) { return '"' + String(text).replace(/(["\\])/g, "\\$1") + '"'; }

  function found(key) {
    if (key.id && document.getElementById(key.id)) { return document.getElementById(key.id); }
    var tries = [];
    if (key.name && key.value !== null) { tries.push("main [name=" + quoted(key.name) + "][value=" + quoted(key.value) + "]"); }
    if (key.href) { tries.push("main " + key.tag.toLowerCase() + "[href=" + quoted(key.href) + "]"); }
    if (key.label) { tries.push("main " + key.tag.toLowerCase() + "[aria-label=" + quoted(key.label) + "]"); }
    for (var i = 0; i < tries.length; i += 1) {
      var hit = document.querySelector(tries[i]);
      if (hit && hit.offsetParent !== null) { return hit; }
    }
    var same = Array.prototype.filter.call(document.querySelectorAll("main " + key.tag.toLowerCase()), function (node) {
      return node.offsetParent !== null && (node.textContent || "").trim() === key.text;
    });
    return same.length === 1 ? same[0] : null;
  }

  // Put the focus back after new content came in: the same control, else the first of the
  // fallback selectors that is shown (a heading gets tabindex=-1 to take it).
  window.mautischRefocus = function (key, fallbacks) {
    var target = key ? found(key) : null;
    (fallbacks || []).forEach(function (selector) {
      if (target) { return; }
      var node = document.querySelector(selector);
      if (node && node.offsetParent !== null) { target = node; }
    });
    if (!target) { target = document.querySelector("main"); }
    if (!target.matches("a[href], button, input, select, textarea, summary, [tabindex]")) {
      target.setAttribute("tabindex", "-1");
    }
    target.focus({ preventScroll: true });
    return target;
  };

  // A page reached by a form's answer (post, redirect, get) that says what was done ("Table
  // created"): the sentence takes the focus, so it is read first and the next Tab goes on
  // from the top of the content, not from <body>. Not where the page sends the focus itself
  // (an error summary, autofocus, an anchor).
  document.addEventListener("DOMContentLoaded", function () {
    var flash = document.querySelector("main > .flash:not(.flash-error)");
    if (!flash || window.location.hash || document.querySelector("[data-error-summary], [autofocus]")) { return; }
    if (document.activeElement && document.activeElement !== document.body) { return; }
    flash.setAttribute("tabindex", "-1");
    flash.focus({ preventScroll: true });
  });
})();
// A box that scrolls sideways (a wide table at large text, base.css) must be reachable by
// the keyboard and say what it holds: it takes the focus (the arrow keys then scroll it),
// is a region named by its caption or the heading above it. Checked again when the size
// or the text size changes; a box that fits again gives the focus stop back.
"use strict";
(function () {
  function heading(box) {
    var caption = box.querySelector("caption");
    if (caption) { return caption; }
    var node = box;
    while (node && node !== document.body) {
      var before = node.previousElementSibling;
      while (before) {
        if (/^(H[1-6]|SUMMARY|LEGEND)$/.test(before.tagName)) { return before; }
        var inner = before.querySelectorAll("h1, h2, h3, h4, summary");
        if (inner.length) { return inner[inner.length - 1]; }
        before = before.previousElementSibling;
      }
      node = node.parentElement;
    }
    return null;
  }

  var count = 0;
  function check() {
    document.querySelectorAll("main table, main .scroll-x").forEach(function (box) {
      var style = window.getComputedStyle(box);
      var scrolls = /auto|scroll/.test(style.overflowX) && box.scrollWidth > box.clientWidth + 1;
      if (scrolls && !box.hasAttribute("data-scrollbox")) {
        box.setAttribute("data-scrollbox", "");
        box.tabIndex = 0;
        if (!box.hasAttribute("aria-label") && !box.hasAttribute("aria-labelledby")) {
          var name = heading(box);
          if (name) {
            if (!name.id) { count += 1; name.id = "scrollbox-name-" + count; }
            box.setAttribute("aria-labelledby", name.id);
          }
        }
        // A group, not a region: the section around it is the landmark (with the same heading).
        if (box.tagName !== "TABLE") { box.setAttribute("role", "group"); }
      } else if (!scrolls && box.hasAttribute("data-scrollbox")) {
        box.removeAttribute("data-scrollbox");
        box.removeAttribute("tabindex");
      }
    });
  }
  check();
  window.addEventListener("resize", check);
  if (window.ResizeObserver) { new ResizeObserver(check).observe(document.documentElement); }
  document.addEventListener("mautisch:swapped", check);
})();
