// Win chances on the new-table page of a group: asks GET /api/v1/groups/<id>/predictions
// (the group's ratings, openskill's predict_win) whenever the players or the variant change.
// With teams it offers the most even split; one tap puts the players in that seating.
(function () {
  "use strict";
  var box = document.querySelector("[data-win-chances]");
  var form = box && box.closest("form");
  if (!form) return;
  var list = box.querySelector("[data-chance-list]");
  var balanced = box.querySelector("[data-balanced]");
  var seating = null;
  var timer = null;
  var percent = new Intl.NumberFormat(document.documentElement.lang || undefined, { style: "percent" });

  function seatInputs() {
    return Array.prototype.slice.call(form.querySelectorAll("[data-seat] input")).filter(function (input) {
      return !input.disabled;
    });
  }
  function chosen() { return form.querySelector("input[name=variant]:checked"); }
  function partners() {
    // As table.js: teams always (data-team-play) or by the variant's switch (data-team-option).
    var input = chosen();
    if (!input) return false;
    if (input.hasAttribute("data-team-play")) return true;
    var box = form.querySelector("input[type=checkbox][name='" + input.getAttribute("data-team-option") + "']");
    return Boolean(box && box.checked);
  }
  function side(players) { return players.join(" + "); }
  function render(answer) {
    list.textContent = "";
    answer.sides.forEach(function (item) {
      var row = document.createElement("li");
      var name = document.createElement("span");
      var value = document.createElement("strong");
      name.textContent = side(item.players);
      value.textContent = percent.format(item.chance);
      row.append(name, " ", value);
      row.style.setProperty("--chance", String(item.chance));
      list.append(row);
    });
    var even = answer.balanced;
    var same = even && even.seating.join("\n") === seatInputs().slice(0, 4).map(function (i) { return i.value.trim(); }).join("\n");
    seating = even && !same ? even.seating : null;
    balanced.hidden = !seating;
    if (seating) {
      box.querySelector("[data-balanced-text]").textContent =
        side(even.sides[0].players) + " (" + percent.format(even.sides[0].chance) + ") " +
        box.getAttribute("data-against") + " " + side(even.sides[1].players);
    }
    box.hidden = false;
  }
  function ask() {
    var names = seatInputs().map(function (input) { return input.value.trim(); }).filter(Boolean);
    var variant = chosen();
    if (names.length < 2) { box.hidden = true; return; }
    var query = new URLSearchParams({ players: names.join(","), partner: partners() ? "true" : "false" });
    if (variant) query.set("variant", variant.value);
    fetch(box.getAttribute("data-url") + "?" + query.toString(), { headers: { Accept: "application/json" } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (answer) { if (answer) render(answer); else box.hidden = true; })
      .catch(function () { box.hidden = true; });
  }
  function later() {
    clearTimeout(timer);
    timer = setTimeout(ask, 250);
  }
  form.addEventListener("input", later);
  form.addEventListener("change", later);
  form.addEventListener("click", function (event) {
    if (event.target.closest("[data-name], [data-remove-seat]")) later();
    if (!event.target.closest("[data-take-split]") || !seating) return;
    seatInputs().slice(0, 4).forEach(function (input, index) { input.value = seating[index]; });
    form.dispatchEvent(new Event("input", { bubbles: true }));
  });
  ask();
})();
