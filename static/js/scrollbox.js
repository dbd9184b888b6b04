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
