"""How a table's state reads on the page: names for seats and teams, progress, options, money.

Only wording lives here; every number comes from the scoring's Standing, and whatever differs
between variants is asked of the table's definition (`table.definition`).
"""

from __future__ import annotations

import json
from typing import Any
from typing import NamedTuple

from flask_babel import format_currency
from flask_babel import gettext as _
from markupsafe import Markup
from markupsafe import escape

from app.engine.houserules import HouseRule
from app.scoring.types import TEAM_SEATS
from app.scoring.types import Standing
from app.scoring.types import Winner
from app.scoring.types import team_of
from app.store.models import Table
from app.store.standings import places
from app.text import Message
from app.text import say as say_in
from app.variants.registry import VARIANTS
from app.variants.registry import Variant
from app.variants.registry import find_variant
from app.web.navigation import current_lang


def say(text: Message, **values: Any) -> str:
    """A definition's message in the page's language, placeholders filled in."""
    words = say_in(text, current_lang())
    return words % values if values else words


def variant_of(table_or_id: Table | str) -> Variant:
    """The definition of a table's variant (or of a variant ID), for the templates."""
    return find_variant(table_or_id if isinstance(table_or_id, str) else table_or_id.variant)


def variant_label(variant: str) -> str:
    """The variant's name in the page's language."""
    return say(find_variant(variant).label)


def variant_description(variant: str) -> str:
    """The variant's one-line description in the page's language."""
    return say(find_variant(variant).description)


def money(cents: int) -> str:
    """Euros the local way: "0,60 €" in German, "€0.60" in English."""
    return format_currency(cents / 100, "EUR")


def has_teams(table: Table) -> bool:
    """Do the players sit as two teams (always, or by a partner option)?"""
    return table.definition.has_teams(table.options)


def team_names(table: Table, team: str) -> str:
    """ "Anna + Cem" for team A."""
    return " + ".join(table.players[seat] for seat in TEAM_SEATS[team])


def winner_text(table: Table, winner: Winner) -> str:
    """A seat, tied seats or a team, in words."""
    if winner is None:
        return ""
    if isinstance(winner, list):
        names = [team_label(table, w) if isinstance(w, str) else table.players[w] for w in winner]
        return _("%(names)s (tied)", names=", ".join(names))
    if isinstance(winner, str):
        return team_label(table, winner)
    return table.players[winner]


def team_label(table: Table, team: str) -> str:
    """ "Team A (Anna + Cem)"."""
    return _("Team %(team)s (%(names)s)", team=team, names=team_names(table, team))


def progress_text(table: Table, standing: Standing) -> str:
    """ "Spiel 3 von 8", "Satz 2: A 4 : 3 B", "142 / 200" (Standing.progress)."""
    progress: dict[str, Any] = standing.progress
    kind = progress["kind"]
    words = table.definition.round_words
    if kind == "target":
        return _("%(best)s / %(target)s points", best=progress["best"], target=progress["target"])
    if kind == "set":
        # dop.set / dop.match: sets won and the games of the running set, each said as such.
        won = standing.teams or {"A": 0, "B": 0}
        return " · ".join(
            (
                _("Sets won: A %(a)s : %(b)s B", a=won["A"], b=won["B"]),
                _(
                    "set %(set)s, games: A %(a)s : %(b)s B",
                    set=progress["set"],
                    a=progress["A"],
                    b=progress["B"],
                ),
            )
        )
    played = progress["played"]
    if kind == "games" and standing.finished:
        return _("All %(of)s played", of=progress["of"])
    if kind == "games":
        return say(words.of, n=played + 1, of=progress["of"])
    return say(words.one, n=played + 1) if not standing.finished else ""


def lead_text(table: Table, standing: Standing) -> Markup:
    """Who is ahead of a running table; empty when nobody is.

    With sets (dop.set) the leader of the running set: "ahead" over sets and games would
    contradict the set's score in the progress line.
    """
    if table.definition.has_sets:
        progress = standing.progress
        number, a, b = progress["set"], progress["A"], progress["B"]
        if a == b == 0:
            return Markup("")
        if a == b:
            return escape(_("set %(set)s is level", set=number))
        team = team_label(table, "A" if a > b else "B")
        return escape(_("%(team)s leads set %(set)s", team=team, set=number))
    if standing.leader is None:
        return Markup("")
    return Markup("{}: <strong>{}</strong>").format(
        _("Leading"), winner_text(table, standing.leader)
    )


class Placed(NamedTuple):
    """One line of the result box: place (1., 1., 3. on a tie), who, total, money, members."""

    place: int
    name: str
    total: Any
    cents: int | None
    members: list[tuple[str, Any]]


def result_ranking(table: Table, standing: Standing) -> list[Placed]:
    """The final ranking, best first; partners racing as parties (spd.opt.partner) as one."""
    if has_teams(table) and not table.definition.team_scores and standing.teams:
        order = list(dict.fromkeys(team_of(seat) for seat in standing.ranking))
        totals = [standing.teams[team] for team in order]
        return [
            Placed(
                place,
                team_label(table, team),
                total,
                None,
                [(table.players[seat], standing.totals[seat]) for seat in TEAM_SEATS[team]],
            )
            for place, team, total in zip(places(totals), order, totals, strict=True)
        ]
    amounts = standing.settlement.amounts_cents if standing.settlement else None
    totals = [standing.totals[seat] for seat in standing.ranking]
    return [
        Placed(place, table.players[seat], total, amounts[seat] if amounts else None, [])
        for place, seat, total in zip(places(totals), standing.ranking, totals, strict=True)
    ]


def options_text(table: Table) -> list[str]:
    """The chosen options in words (house rules apart: `house_rules_text`)."""
    options = table.options
    parts: list[str] = []
    if "target" in options:
        parts.append(_("Target %(target)s", target=options["target"]))
    if options.get("scoring") == "own-points":
        parts.append(_("everybody is charged his own points"))
    elif options.get("scoring") == "winner-takes":
        parts.append(_("the winner gets the others' points"))
    if table.definition.team_option and options.get(table.definition.team_option):
        parts.append(
            _("partners: %(a)s against %(b)s", a=team_label(table, "A"), b=team_label(table, "B"))
        )
    if options.get("rate_cents"):
        parts.append(_("%(money)s per point", money=money(options["rate_cents"])))
    if "games" in options and options["games"] is None:
        parts.append(_("open-ended"))
    return parts


def house_rules_text(table: Table) -> list[tuple[str, str]]:
    """The house rules this table plays that differ from the default: (title, meaning)."""
    definition = table.definition
    options = definition.stored_options(table.options)
    changed = definition.changed_house_rules(options)
    return [(say(rule.title), say(meaning)) for rule, meaning in changed]


def house_rule_choices(rule: HouseRule) -> list[tuple[str, str]]:
    """A house rule's choices as form values with their meaning (booleans as true/false)."""
    return [(form_value(value), say(meaning)) for value, meaning in rule.choices]


def form_value(value: bool | str) -> str:
    """An option value as a form sends it: booleans as "true"/"false", words as they are."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return value


def variant_data(variant: Variant) -> dict[str, Any]:
    """A variant's player range, teams and money, for the new-table page's script."""
    data: dict[str, Any] = {"data-min": variant.min_players, "data-max": variant.max_players}
    if variant.team_play:
        data["data-team-play"] = ""
    if variant.team_option:
        data["data-team-option"] = variant.team_option
    if variant.money_when is not None:
        data["data-money-when"] = json.dumps(variant.money_when)
    return data


def display_helpers() -> dict[str, Any]:
    """The functions above for the tables templates."""
    return {
        "variant_label": variant_label,
        "variant_description": variant_description,
        "money": money,
        "has_teams": has_teams,
        "team_names": team_names,
        "team_label": team_label,
        "team_of": team_of,
        "winner_text": winner_text,
        "progress_text": progress_text,
        "lead_text": lead_text,
        "result_ranking": result_ranking,
        "options_text": options_text,
        "house_rules_text": house_rules_text,
        "house_rule_choices": house_rule_choices,
        "variant_data": variant_data,
        "variants": VARIANTS,
        "current_lang": current_lang,
    }
