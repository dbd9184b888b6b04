"""The query parameters of a blank sheet, checked into a `BlankSheet` (or an `InputError`).

`/sheets/<variant>.pdf?players=Anna,Ben&count=…&rounds=…&target=…&scoring=…&partner=1&rules=1`.
Empty values count as not given (an HTML GET form sends its empty fields). A parameter the
variant's sheet has no use for is an error, not silently ignored (never silently change input).
What a variant's blank sheet offers (room, rows, choices) is its definition's `blank_sheet`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from app.scoring.speedone import SCORINGS
from app.scoring.speedone import TARGETS
from app.scoring.types import InputError
from app.variants import Variant

NAME_LIMIT = 40
WHOLE = re.compile(r"[0-9]{1,6}")
DEFAULT_PLAYERS = 4


@dataclass(frozen=True)
class BlankSheet:
    """What a blank sheet shows: seats (a name or "" to write in) and the sizes."""

    variant: str
    label: str
    names: tuple[str, ...]
    rounds: int = 0
    target: int | None = None
    scoring: str | None = None
    partner: bool = False
    rules: bool = False


def most_players(variant: Variant) -> int:
    """The most players the variant's blank sheet has room for on one A4 page."""
    return min(variant.max_players, variant.blank_sheet.room)


def parse_blank(variant: Variant, label: str, args: Mapping[str, str]) -> BlankSheet:
    """Check the query of `/sheets/<variant>.pdf`; raise InputError naming the field and limit."""
    fewest, most = variant.min_players, most_players(variant)
    names = parse_names(args.get("players", ""), most)
    count = parse_int(
        args, "count", fewest, most, en="the number of players", de="die Zahl der Spieler"
    )
    if names and count is not None and count != len(names):
        raise InputError(
            "count",
            f"You gave {len(names)} names but {count} as the number of players.",
            f"Es sind {len(names)} Namen, aber {count} als Zahl der Spieler angegeben.",
        )
    if names and len(names) < fewest:
        raise InputError(
            "players",
            f"This sheet needs at least {fewest} names (players).",
            f"Diese Liste braucht mindestens {fewest} Namen (players).",
        )
    seats = tuple(names) if names else ("",) * (count or max(fewest, min(DEFAULT_PLAYERS, most)))
    rounds = parse_rounds(variant, args)
    target, scoring, partner = parse_choices(variant, args, len(seats))
    return BlankSheet(
        variant.id, label, seats, rounds, target, scoring, partner, parse_flag(args, "rules")
    )


def parse_names(raw: str, most: int) -> list[str]:
    """Comma-separated names: each 1–40 characters, all different, at most `most` of them."""
    if not raw.strip():
        return []
    names = [name.strip() for name in raw.split(",")]
    if len(names) > most:
        raise InputError(
            "players",
            f"This sheet has room for at most {most} names (players); you gave {len(names)}.",
            f"Auf diese Liste passen höchstens {most} Namen (players); es sind {len(names)}.",
        )
    seen: set[str] = set()
    for seat, name in enumerate(names, start=1):
        field = f"players[{seat - 1}]"
        if not name:
            raise InputError(
                field,
                f"Player name {seat} (players) is empty.",
                f"Der Name von Spieler {seat} (players) ist leer.",
            )
        if len(name) > NAME_LIMIT:
            raise InputError(
                field,
                f"Player name {seat} (players) is longer than {NAME_LIMIT} characters.",
                f"Der Name von Spieler {seat} (players) ist länger als {NAME_LIMIT} Zeichen.",
            )
        if name.casefold() in seen:
            raise InputError(
                field,
                f"The name “{name}” (players) appears twice; names must differ.",
                f"Der Name „{name}“ (players) kommt doppelt vor; jeder braucht einen eigenen.",
            )
        seen.add(name.casefold())
    return names


def parse_int(
    args: Mapping[str, str], field: str, low: int, high: int, en: str, de: str
) -> int | None:
    """A whole number between `low` and `high`, or None when not given."""
    raw = args.get(field, "").strip()
    if not raw:
        return None
    # ASCII digits only: str.isdigit() also accepts "²", which int() refuses.
    if not WHOLE.fullmatch(raw) or not low <= int(raw) <= high:
        raise InputError(
            field,
            f"{en.capitalize()} ({field}) must be a whole number from {low} to {high}.",
            f"{de[0].upper() + de[1:]} ({field}) muss eine ganze Zahl von {low} bis {high} sein.",
        )
    return int(raw)


def parse_rounds(variant: Variant, args: Mapping[str, str]) -> int:
    """The number of game/round rows, where the sheet has them (else 0)."""
    if variant.blank_sheet.rows is None:
        reject_unused(args, "rounds")
        return 0
    low, high, default = variant.blank_sheet.rows
    rounds = parse_int(
        args, "rounds", low, high, en="the number of rounds", de="die Zahl der Runden"
    )
    return default if rounds is None else rounds


def parse_choices(
    variant: Variant, args: Mapping[str, str], players: int
) -> tuple[int | None, str | None, bool]:
    """Speedone's target (200/500), scoring mode and partner columns (exactly 4 players),
    where the variant's sheet offers them (spd.opt.target, spd.opt.scoring, spd.opt.partner)."""
    offered = variant.blank_sheet.choices
    for field in ("target", "scoring", "partner"):
        if field not in offered:
            reject_unused(args, field)
    if not offered:
        return None, None, False
    target = args.get("target", "").strip()
    if target and target not in {str(t) for t in TARGETS}:
        raise InputError(
            "target",
            "The target (target) must be 200 or 500.",
            "Das Ziel (target) muss 200 oder 500 sein.",
        )
    scoring = args.get("scoring", "").strip()
    if scoring and scoring not in SCORINGS:
        raise InputError(
            "scoring",
            "The scoring (scoring) must be “winner-takes” or “own-points”.",
            "Die Wertung (scoring) muss „winner-takes“ oder „own-points“ sein.",
        )
    partner = parse_flag(args, "partner")
    if partner and players != 4:
        raise InputError(
            "partner",
            "Partner mode (partner) needs exactly 4 players.",
            "Der Partnermodus (partner) braucht genau 4 Spieler.",
        )
    return (int(target) if target else None), (scoring or None), partner


def parse_flag(args: Mapping[str, str], field: str) -> bool:
    """A checkbox: "1" on, "0" or empty off."""
    raw = args.get(field, "").strip()
    if raw not in ("", "0", "1"):
        raise InputError(field, f"“{field}” must be 1 or 0.", f"„{field}“ muss 1 oder 0 sein.")
    return raw == "1"


def reject_unused(args: Mapping[str, str], field: str) -> None:
    """A parameter this variant's sheet has no use for: say so instead of ignoring it."""
    if args.get(field, "").strip():
        raise InputError(
            field,
            f"This sheet has no “{field}” to choose.",
            f"Diese Liste hat kein „{field}“ zum Wählen.",
        )
