"""How a table's state reads on the page: names for seats and teams, progress, money.

Only wording lives here; every number comes from the scoring module's Standing.
"""

from __future__ import annotations

from typing import Any

from flask_babel import format_currency
from flask_babel import gettext as _

from app import scoring
from app.models import Table
from app.navigation import current_lang
from app.scoring.types import TEAM_SEATS
from app.scoring.types import Standing
from app.scoring.types import Winner
from app.scoring.types import team_of


def variant_label(variant: str) -> str:
    """The variant's name in the page's language."""
    info = scoring.VARIANTS[variant]
    return info.label_de if current_lang() == "de" else info.label_en


def variant_description(variant: str) -> str:
    """The variant's one-line description in the page's language."""
    info = scoring.VARIANTS[variant]
    return info.description_de if current_lang() == "de" else info.description_en


def money(cents: int) -> str:
    """Euros the local way: "0,60 €" in German, "€0.60" in English."""
    return format_currency(cents / 100, "EUR")


def has_teams(table: Table) -> bool:
    """Doppel always, Speedone in partner mode."""
    return table.variant == "doppel" or bool(table.options.get("partner"))


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
    if kind == "target":
        return _("%(best)s / %(target)s points", best=progress["best"], target=progress["target"])
    if kind == "set":
        return _(
            "Set %(set)s: A %(a)s : %(b)s B", set=progress["set"], a=progress["A"], b=progress["B"]
        )
    played = progress["played"]
    if kind == "games" and standing.finished:
        return _("All %(of)s played", of=progress["of"])
    if kind == "games":
        if table.variant == "deluxe":
            return _("Round %(n)s of %(of)s", n=played + 1, of=progress["of"])
        return _("Game %(n)s of %(of)s", n=played + 1, of=progress["of"])
    return _("Game %(n)s", n=played + 1) if not standing.finished else ""


def options_text(table: Table) -> list[str]:
    """The chosen options in words (Speedone: target, scoring, partners, stacking; money)."""
    options = table.options
    parts: list[str] = []
    if table.variant == "speedone":
        parts.append(_("Target %(target)s", target=options["target"]))
        if options["scoring"] == "own-points":
            parts.append(_("everybody is charged his own points"))
        else:
            parts.append(_("the winner gets the others' points"))
        if options.get("partner"):
            parts.append(
                _(
                    "partners: %(a)s against %(b)s",
                    a=team_label(table, "A"),
                    b=team_label(table, "B"),
                )
            )
        if options.get("stack2"):
            parts.append(_("+2 on +2"))
        if options.get("stack4"):
            parts.append(_("+4 on +4"))
    if options.get("rate_cents"):
        parts.append(_("%(money)s per point", money=money(options["rate_cents"])))
    if table.variant == "terroristen" and options.get("games") is None:
        parts.append(_("open-ended"))
    return parts


def display_helpers() -> dict[str, Any]:
    """The helpers above for the tables templates."""
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
        "options_text": options_text,
        "variants": scoring.VARIANTS,
        "current_lang": current_lang,
    }
