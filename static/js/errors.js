// A refused form: show where the trouble is. The summary on top of the page (base.html) lists
// each sentence with a link to its field; here the first bad field gets the focus and is
// scrolled into the middle of the screen, while the summary stays in view above it (sticky,
// base.css). Without JavaScript the first bad field has `autofocus` and the links still jump.
"use strict";
(function () {
  var summary = document.querySelector("[data-error-summary]");
  if (!summary) { return; }

  // The input a link or an error points at: itself when it can take the focus, else the
  // first visible input inside its field.
  function focusable(element) {
    if (!element) { return null; }
    if (element.matches("input:not([type=hidden]), select, textarea, button")) { return element; }
    return element.querySelector("input:not([type=hidden]), select, textarea, button");
  }

  function show(field) {
    if (!field) { return; }
    field.focus({ preventScroll: true });
    // The middle of the screen is clear of the slim top bar and the sticky summary above it.
    field.scrollIntoView({ block: "center" });
  }

  function target(link) {
    var id = decodeURIComponent(link.getAttribute("href").slice(1));
    return focusable(document.getElementById(id));
  }

  // Each bad field is tied to its own message: aria-invalid, and aria-describedby to its
  // sentence (the one shown at the field where the page has one, else its line in the
  // summary), so a screen reader says it on the field itself.
  var made = 0;
  function holder(field) {
    return field.closest(".stepper, .field, li.seat, [data-player], fieldset") || field;
  }
  summary.querySelectorAll("[data-error-link]").forEach(function (link) {
    var field = target(link);
    if (!field) { return; }
    var group = field.type === "radio" || field.type === "checkbox"
      ? Array.prototype.slice.call(document.querySelectorAll('[name="' + field.name + '"]'))
      : [field];
    var described = field.getAttribute("aria-describedby");
    var box = holder(field);
    // The page's own sentence at the field, where it shows one (the referee's grids, the kitty).
    var existing = (described && document.getElementById(described.split(" ")[0])) ||
      box.querySelector(".error") ||
      (box.nextElementSibling && box.nextElementSibling.matches(".error") ? box.nextElementSibling : null);
    // Else the field's sentence in the summary (said once on the page, as the summary says).
    if (!existing) { existing = link.closest("li") || link; }
    if (!existing.id) { made += 1; existing.id = "error-sentence-" + made; }
    var id = existing.id;
    group.forEach(function (input) {
      input.setAttribute("aria-invalid", "true");
      var ids = (input.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
      if (ids.indexOf(id) < 0) { ids.push(id); }
      input.setAttribute("aria-describedby", ids.join(" "));
    });
  });

  var first = summary.querySelector("[data-error-link]");
  var field = first ? target(first) : null;
  if (!field) { field = focusable(document.querySelector("main .has-error")); }
  if (field) {
    // After layout (fonts, the sticky summary) so the measures are final.
    window.requestAnimationFrame(function () { show(field); });
  } else {
    summary.focus();
  }

  // Once the player corrects something, the summary stops following the page: the screen
  // is the content's again.
  document.addEventListener("input", function () {
    summary.classList.add("settled");
  }, { once: true });

  summary.addEventListener("click", function (event) {
    var link = event.target.closest("[data-error-link]");
    var found = link ? target(link) : null;
    if (!found) { return; }
    event.preventDefault();
    show(found);
  });
})();
