// The sticky top bar takes a slim single row once the page is scrolled, so a phone keeps its
// screen for the content; back at the top it shows in full again. Two thresholds (not one)
// so the bar does not flicker when its own change of height moves the page.
"use strict";
(function () {
  var bar = document.querySelector("[data-topbar]");
  if (!bar) { return; }
  var SLIM_AFTER = 96;  // px scrolled before the bar gets slim
  var FULL_BEFORE = 8;  // px from the top where it is shown in full again
  var root = document.documentElement;
  var waiting = false;

  function measure() {
    // Anchors, the error summary and focused fields keep clear of the bar (base.css).
    root.style.setProperty("--topbar-h", bar.offsetHeight + "px");
  }

  function update() {
    waiting = false;
    var y = window.scrollY;
    var slim = bar.classList.contains("slim");
    if (!slim && y > SLIM_AFTER) {
      bar.classList.add("slim");
      measure();
    } else if (slim && y < FULL_BEFORE) {
      bar.classList.remove("slim");
      measure();
    }
  }

  window.addEventListener("scroll", function () {
    if (!waiting) { waiting = true; window.requestAnimationFrame(update); }
  }, { passive: true });
  window.addEventListener("resize", measure);
  measure();
  update();
})();
