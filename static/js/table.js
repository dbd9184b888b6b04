// The table pages: seats and options of a new table, live points of a round, copy buttons.
// Everything here is a convenience: the forms work without it and the server decides.
// Nothing here knows a variant by name: the pages render what differs (player range, teams,
// money, options, the kind of round form) as data attributes from the variant's definition.
(function () {
  "use strict";

  function all(root, selector) {
    return Array.prototype.slice.call(root.querySelectorAll(selector));
  }

  function show(element, visible) {
    // Hidden inputs are disabled too, so the form sends only what the user can see.
    element.hidden = !visible;
    all(element, "input, select, textarea").forEach(function (input) { input.disabled = !visible; });
  }

  function number(input) {
    return input ? Math.max(0, parseInt(input.value, 10) || 0) : 0;
  }

  // ---- new table -------------------------------------------------------------------------
  function setUpNewTable(form) {
    var seats = all(form, "[data-seat]");
    var addButton = form.querySelector("[data-add-seat]");
    var teamsLine = form.querySelector("[data-teams-line]");
    var visible = 0;

    function checked(name) {
      var input = form.querySelector("input[name='" + name + "']:checked");
      return input ? input.value : "";
    }
    function chosen() {
      return form.querySelector("input[name=variant]:checked");
    }
    function limits() {
      var input = chosen();
      return { min: parseInt(input.getAttribute("data-min"), 10), max: parseInt(input.getAttribute("data-max"), 10) };
    }
    function optionValue(name) {
      // A switch is true/false, a tap choice its value (what the server's option holds).
      var box = form.querySelector("input[type=checkbox][name='" + name + "']");
      return box ? box.checked : checked(name);
    }
    function nameInput(seat) { return seat.querySelector("input"); }
    function lastFilled() {
      var last = 0;
      seats.forEach(function (seat, index) { if (nameInput(seat).value.trim()) last = index + 1; });
      return last;
    }
    function withTeams() {
      var input = chosen();
      if (!input) return false;
      if (input.hasAttribute("data-team-play")) return true;
      var option = input.getAttribute("data-team-option");
      return Boolean(option) && optionValue(option) === true;
    }
    function moneyAllowed() {
      // data-money-when: the option values money needs ({} always); absent: never.
      var input = chosen();
      if (!input || !input.hasAttribute("data-money-when")) return false;
      var when = JSON.parse(input.getAttribute("data-money-when"));
      return Object.keys(when).every(function (name) { return optionValue(name) === when[name]; });
    }
    function renderSeats() {
      var range = limits();
      seats.forEach(function (seat, index) {
        show(seat, index < visible);
        seat.querySelector("[data-remove-seat]").hidden = visible <= range.min;
      });
      addButton.hidden = visible >= range.max;
      form.toggleAttribute("data-teams", withTeams());
      var names = seats.slice(0, 4).map(function (seat) { return nameInput(seat).value.trim() || "…"; });
      teamsLine.hidden = !withTeams() || visible !== 4;
      teamsLine.textContent = "A: " + names[0] + " + " + names[2] + " · B: " + names[1] + " + " + names[3];
      var used = seats.map(function (seat) { return nameInput(seat).value.trim().toLowerCase(); });
      all(form, "[data-name]").forEach(function (chip) {
        chip.hidden = used.indexOf(chip.getAttribute("data-name").toLowerCase()) >= 0;
      });
    }
    function renderOptions() {
      var variant = checked("variant");
      all(form, "[data-variant-options]").forEach(function (group) {
        show(group, group.getAttribute("data-variant-options") === variant);
      });
      all(form, "[data-money]").forEach(function (group) { show(group, moneyAllowed()); });
      all(form, "[data-teams-help]").forEach(function (group) { show(group, withTeams()); });
      // A field that belongs to one choice of another ("tally=wins") shows with that choice;
      // inside a hidden variant's options it stays hidden (and disabled) with them.
      all(form, "[data-only-with]").forEach(function (input) {
        var wanted = input.getAttribute("data-only-with").split("=");
        var group = input.closest("[data-variant-options]");
        var on = checked(wanted[0]) === wanted[1] && (!group || !group.hidden);
        show(input.closest(".field") || input, on);
      });
    }
    function fitSeats() {
      var range = limits();
      // Never hide a filled seat: too many players is the server's message, not a silent loss.
      visible = Math.max(range.min, Math.min(range.max, visible || 4), lastFilled());
      renderSeats();
      renderOptions();
    }
    function removeSeat(index) {
      for (var i = index; i < seats.length - 1; i += 1) {
        nameInput(seats[i]).value = nameInput(seats[i + 1]).value;
      }
      nameInput(seats[seats.length - 1]).value = "";
      visible -= 1;
      renderSeats();
    }
    function fillNextSeat(name) {
      var free = seats.slice(0, visible).filter(function (seat) { return !nameInput(seat).value.trim(); })[0];
      if (!free && visible < limits().max) {
        visible += 1;
        renderSeats();
        free = seats[visible - 1];
      }
      if (free) nameInput(free).value = name;
      renderSeats();
      return free ? seats.indexOf(free) : -1;
    }
    // A tapped chip hides itself: the focus moves on to the next name (or the seat it filled)
    // and the page says where the name went, never leaving the focus on <body>.
    function chipTapped(chip) {
      var chips = all(form, "[data-name]");
      var index = fillNextSeat(chip.getAttribute("data-name"));
      var next = chips.slice(chips.indexOf(chip) + 1).concat(chips).filter(function (c) { return !c.hidden; })[0];
      var target = next || (index >= 0 ? nameInput(seats[index]) : null);
      if (target) target.focus();
      var box = chip.closest("[data-name-chips]");
      if (index >= 0 && box && window.mautischSay) {
        window.mautischSay(box.getAttribute("data-added-text")
          .replace("{name}", chip.getAttribute("data-name")).replace("{n}", String(index + 1)));
      }
    }

    form.addEventListener("change", function (event) {
      if (event.target.name === "variant") fitSeats();
      renderOptions();
      renderSeats();
    });
    form.addEventListener("input", renderSeats);
    form.addEventListener("click", function (event) {
      var remove = event.target.closest("[data-remove-seat]");
      var chip = event.target.closest("[data-name]");
      if (remove) {
        var index = seats.indexOf(remove.closest("[data-seat]"));
        removeSeat(index);
        // The button may be gone with its seat: the focus goes to the name now in that place.
        if (remove.offsetParent === null) nameInput(seats[Math.min(index, visible - 1)]).focus();
      }
      if (chip) chipTapped(chip);
      if (event.target.closest("[data-add-seat]")) {
        visible += 1;
        renderSeats();
        nameInput(seats[visible - 1]).focus();
      }
    });
    fitSeats();
  }

  // ---- round entry -----------------------------------------------------------------------
  function setUpRound(form) {
    var entry = form.getAttribute("data-entry");
    var players = all(form, "[data-player]");

    function field(player, suffix) {
      return player.querySelector("input[name$='-" + suffix + "']");
    }
    function checkedValue(name) {
      var input = form.querySelector("input[name='" + name + "']:checked");
      return input ? input.value : "";
    }
    function say(template, value) { return template.replace("{n}", String(value)); }
    // A count in words: the singular text for 1 ("1 Minuspunkt"), where the page gives one.
    function sayCount(name, value) {
      var one = form.getAttribute("data-text-" + name + "-one");
      return say(value === 1 && one ? one : form.getAttribute("data-text-" + name), value);
    }

    function renderHands() {
      // dyn.score: 2 per jack, 1 per other card; dyn.score.double for holders of the named suit.
      var suit = checkedValue("jack_suit");
      players.forEach(function (player) {
        var cards = number(field(player, "jacks")) + number(field(player, "others"));
        var holds = player.querySelector("[data-holds]");
        var box = holds.querySelector("input");
        if (!suit || !cards) box.checked = false;
        holds.hidden = !suit || !cards;
        var points = 2 * number(field(player, "jacks")) + number(field(player, "others"));
        if (suit && box.checked) points *= 2;
        var output = player.querySelector("[data-minus]");
        output.textContent = cards
          ? sayCount("minus", points)
          : form.getAttribute("data-text-out");
        output.toggleAttribute("data-out", !cards);
      });
    }

    function renderHandPoints(event) {
      var winner = checkedValue("winner");
      var mode = checkedValue("entry") || "points";
      players.forEach(function (player) {
        var won = player.getAttribute("data-seat") === winner;
        if (won && event && event.target.name === "winner") {
          all(player, "input[type=number]").forEach(function (input) { input.value = "0"; });
        }
        player.querySelector("[data-winner-note]").hidden = !won;
        all(player, "[data-entry]").forEach(function (part) {
          show(part, !won && part.getAttribute("data-entry") === mode);
        });
        var worth = mode === "hands"
          ? number(field(player, "numbers")) + 20 * number(field(player, "actions")) + 50 * number(field(player, "wilds"))
          : number(player.querySelector("[data-entry='points'] input"));
        player.querySelector("[data-hand-points]").textContent = won ? "" : sayCount("points", worth);
      });
      // A hidden winner's inputs stay enabled (zeros) so the body keeps one entry per seat.
      all(form, "[data-entry='" + mode + "'] input").forEach(function (input) { input.disabled = false; });
    }

    function renderPointsJack(event) {
      // mau.score.points: the winner holds nothing; a game ended with a jack counts double.
      var winner = checkedValue("winner");
      var jack = form.querySelector("input[name='jack_end']");
      var factor = jack && jack.checked ? 2 : 1;
      players.forEach(function (player) {
        var won = player.getAttribute("data-seat") === winner;
        var input = player.querySelector("[data-entry='points'] input");
        if (won && event && event.target.name === "winner") input.value = "0";
        player.querySelector("[data-winner-note]").hidden = !won;
        show(player.querySelector("[data-entry='points']"), !won);
        input.disabled = false; // a hidden winner still sends his 0: one entry per seat
        player.querySelector("[data-hand-points]").textContent = won ? "" : sayCount("points", factor * number(input));
      });
    }

    function quickAdd(button) {
      // Hand points: +10 / +20 / +50 onto a player's points, within the input's limits.
      var input = document.getElementById(button.getAttribute("data-add-to"));
      var max = input.max === "" ? Infinity : parseInt(input.max, 10);
      input.value = String(Math.min(max, number(input) + parseInt(button.getAttribute("data-add"), 10)));
      input.dispatchEvent(new Event("input", { bubbles: true }));
      input.dispatchEvent(new Event("change", { bubbles: true }));
    }
    all(form, "[data-quick-adds]").forEach(function (row) { row.hidden = false; });
    form.addEventListener("click", function (event) {
      var button = event.target.closest("[data-add-to]");
      if (button) quickAdd(button);
    });

    // The live preview of the round form that asks this kind of round (data-entry).
    var render = { hands: renderHands, hand_points: renderHandPoints, points_jack: renderPointsJack }[entry];
    if (!render) return;
    form.addEventListener("input", render);
    form.addEventListener("change", render);
    render();
  }

  // ---- table page --------------------------------------------------------------------------
  function copyLink(button) {
    var input = document.getElementById(button.getAttribute("data-copy"));
    var note = document.querySelector("[data-copied]");
    function done() { if (note) note.hidden = false; }
    function fallback() {
      // Older browsers / plain http: select the text so a long press copies it.
      input.focus();
      input.select();
      try { if (document.execCommand("copy")) done(); } catch (error) { /* selected is enough */ }
    }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(input.value).then(done, fallback);
    } else {
      fallback();
    }
  }

  // ---- the round entered in place -------------------------------------------------------------
  // "+ Spiel" opens the form the page carries (<template data-round-template>) instead of
  // loading its page: the table stays loaded, its stream open, and the save's answer is only
  // what changed (static/js/offline.js). The template is the same from round to round; the
  // round's number, the dealer and this phone's key are put in here. Back or "Cancel" closes it.
  function newKey() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }

  function openEntry(link) {
    var template = document.querySelector("[data-round-template]");
    var main = document.querySelector("main");
    if (!template || document.querySelector("[data-round-inline]")) return false;
    var box = document.createElement("div");
    box.setAttribute("data-round-inline", "");
    box.append(template.content.cloneNode(true));
    var number = link.getAttribute("data-enter-next");
    var heading = box.querySelector("[data-round-heading]");
    heading.setAttribute("data-round-number", number);
    heading.textContent = heading.getAttribute("data-round-text").replace("{n}", number);
    box.querySelector("input[name=idempotency_key]").value = newKey();
    box.querySelector("input[name=expected_number]").value = number;
    var dealer = box.querySelector("[data-entry-dealer]");
    if (dealer && link.hasAttribute("data-enter-dealer")) {
      dealer.querySelector("span").textContent = link.getAttribute("data-enter-dealer");
      dealer.hidden = false;
    }
    all(main, ":scope > *").forEach(function (node) {
      if (node.hidden) return;
      node.hidden = true;
      node.setAttribute("data-entry-hid", "");
    });
    main.append(box);
    box.setAttribute("data-back", location.href);
    box.setAttribute("data-scroll", String(window.scrollY));
    history.pushState({ entry: true }, "", link.href);
    setUpRound(box.querySelector("[data-round-form]"));
    document.dispatchEvent(new CustomEvent("mautisch:entry"));  // offline.js: kept rounds first
    window.scrollTo(0, 0);
    if (window.mautischRefocus) window.mautischRefocus(null, ["[data-round-inline] h1"]);
    return true;
  }

  function closeEntry(keepForm) {
    // keepForm: the save is under way; the form stays (hidden) in case the server shows it
    // again, and the table is back at once.
    var box = document.querySelector("[data-round-inline]:not([hidden])");
    if (!box) return null;
    all(document, "main > [data-entry-hid]").forEach(function (node) {
      node.hidden = false;
      node.removeAttribute("data-entry-hid");
    });
    if (keepForm) box.hidden = true;
    else box.remove();
    // Back where "+ Spiel" was tapped, not wherever the form's save button left the page.
    window.scrollTo(0, Number(box.getAttribute("data-scroll")) || 0);
    var table = box.getAttribute("data-back");
    if (history.state && history.state.entry && table) history.replaceState(null, "", table);
    return box;
  }
  window.mautischCloseEntry = closeEntry;

  window.addEventListener("popstate", function () {
    if (closeEntry(false) && window.mautischRefocus) window.mautischRefocus(null, ["[data-enter-round]"]);
  });

  document.addEventListener("click", function (event) {
    var enter = event.target.closest("[data-enter-round]");
    if (enter && !event.defaultPrevented && event.button === 0 && !event.ctrlKey && !event.metaKey && openEntry(enter)) {
      event.preventDefault();
      return;
    }
    if (event.target.closest("[data-round-inline] [data-entry-cancel]")) {
      event.preventDefault();
      history.back();  // closes it (popstate), as the phone's back button does
      return;
    }
    var copy = event.target.closest("[data-copy]");
    if (copy) copyLink(copy);
    var row = event.target.closest("tr[data-href]");
    if (row && !event.target.closest("a")) window.location.href = row.getAttribute("data-href");
  });
  // The edit link's QR code is fetched when "hand over the pen" is opened, not before.
  document.addEventListener("toggle", function (event) {
    if (!event.target.open) return;
    all(event.target, "img[data-src]").forEach(function (img) {
      img.src = img.getAttribute("data-src");
      img.removeAttribute("data-src");
    });
  }, true);
  all(document, "[data-new-table]").forEach(setUpNewTable);
  all(document, "[data-round-form]").forEach(setUpRound);
})();
