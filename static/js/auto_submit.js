// Choosing a way to pay or a rounding shows it at once (templates/groups/evening.html): a
// form marked data-auto-submit sends itself on change, so its "Show" button is only needed
// without script. The kitty holder's field shows only while "Through the kitty" is chosen.
(function () {
  "use strict";

  function showHolder(form) {
    var holder = form.querySelector("[data-kasse-holder]");
    var kasse = form.querySelector('input[name="mode"][value="kasse"]');
    if (holder && kasse) holder.hidden = !kasse.checked;
  }

  function send(form) {
    if (form.requestSubmit) form.requestSubmit(); else form.submit();
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form[data-auto-submit]").forEach(function (form) {
      var button = form.querySelector("[data-show-button]");
      if (button) button.hidden = true;
      form.addEventListener("change", function () {
        showHolder(form);
        send(form);
      });
    });
  });
})();
