// One polite live region for the whole page (base.html): a change made in place (a round
// from another phone, a saved round, a tick, the referee's answer) is said once, in words.
// The region stays outside <main>, so it survives when <main> is put in anew.
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
})();
