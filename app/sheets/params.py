"""The query parameters of a blank sheet, checked into a `BlankSheet` (or an `InputError`).

`/sheets/<variant>.pdf?players=Anna,Ben&count=…&rounds=…&target=…&scoring=…&partner=1&rules=1`.
Empty values count as not given (a GET form sends its empty fields); a parameter the sheet has
no use for is an error, not silently ignored.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from app.text import InputError
from app.text import Message
from app.variants.registry import Variant

NAME_LIMIT = 40
WHOLE = re.compile(r"[0-9]{1,6}")
DEFAULT_PLAYERS = 4
PLAYER_COUNT = Message("The number of players")
ROUND_COUNT = Message("The number of rounds")


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
    """The most players of the variant's blank sheet: as many as it seats (landscape then)."""
    return variant.max_players


def parse_blank(variant: Variant, label: str, args: Mapping[str, str]) -> BlankSheet:
    """Check the query of `/sheets/<variant>.pdf`; raise InputError naming the field and limit."""
    fewest, most = variant.min_players, most_players(variant)
    names = parse_names(args.get("players", ""), most)
    count = parse_int(args, "count", fewest, most, PLAYER_COUNT)
    if names and count is not None and count != len(names):
        raise InputError(
            Message(
                "You gave %(count)s names but %(entered)s as the number of players.",
                count=len(names),
                entered=count,
            ),
            "count",
        )
    if names and len(names) < fewest:
        raise InputError(
            Message("This sheet needs at least %(fewest)s names.", fewest=fewest), "players"
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
            Message(
                "This sheet has room for at most %(most)s names; you gave %(count)s.",
                most=most,
                count=len(names),
            ),
            "players",
        )
    seen: set[str] = set()
    for seat, name in enumerate(names, start=1):
        field = f"players[{seat - 1}]"
        if not name:
            raise InputError(Message("The name of player %(seat)s is empty.", seat=seat), field)
        if len(name) > NAME_LIMIT:
            raise InputError(
                Message(
                    "The name of player %(seat)s is longer than %(name_limit)s characters.",
                    seat=seat,
                    name_limit=NAME_LIMIT,
                ),
                field,
            )
        if name.casefold() in seen:
            raise InputError(
                Message("The name “%(name)s” appears twice; names must differ.", name=name), field
            )
        seen.add(name.casefold())
    return names


def parse_int(
    args: Mapping[str, str], field: str, low: int, high: int, what: Message
) -> int | None:
    """A whole number between `low` and `high`, or None when not given."""
    raw = args.get(field, "").strip()
    if not raw:
        return None
    # ASCII digits only: str.isdigit() also accepts "²", which int() refuses.
    if not WHOLE.fullmatch(raw) or not low <= int(raw) <= high:
        raise InputError(
            Message(
                "%(what)s must be a whole number from %(low)s to %(high)s.",
                what=what,
                low=low,
                high=high,
            ),
            field,
        )
    return int(raw)


def parse_rounds(variant: Variant, args: Mapping[str, str]) -> int:
    """The number of game/round rows, where the sheet has them (else 0)."""
    if variant.blank_sheet.rows is None:
        reject_unused(args, "rounds")
        return 0
    low, high, default = variant.blank_sheet.rows
    rounds = parse_int(args, "rounds", low, high, ROUND_COUNT)
    return default if rounds is None else rounds


def parse_choices(
    variant: Variant, args: Mapping[str, str], players: int
) -> tuple[int | None, str | None, bool]:
    """A variant's own sheet choices (target, scoring mode, partner columns for exactly 4 players),
    where the variant's sheet offers them (spd.opt.target, spd.opt.scoring, spd.opt.partner)."""
    offered = variant.blank_sheet.choices
    for field in ("target", "scoring", "partner"):
        if field not in offered:
            reject_unused(args, field)
    target = args.get("target", "").strip()
    if target and target not in offered["target"]:
        raise InputError(
            Message("The target must be one of %(values)s.", values=" / ".join(offered["target"])),
            "target",
        )
    scoring = args.get("scoring", "").strip()
    if scoring and scoring not in offered["scoring"]:
        raise InputError(
            Message(
                "The scoring must be one of %(values)s.",
                values=", ".join(f"“{value}”" for value in offered["scoring"]),
            ),
            "scoring",
        )
    partner = parse_flag(args, "partner") if "partner" in offered else False
    if partner and players != 4:
        raise InputError(Message("Partner mode needs exactly 4 players."), "partner")
    return (int(target) if target else None), (scoring or None), partner


def parse_flag(args: Mapping[str, str], field: str) -> bool:
    """A checkbox: "1" on, "0" or empty off."""
    raw = args.get(field, "").strip()
    if raw not in ("", "0", "1"):
        raise InputError(Message("“%(field)s” must be 1 or 0.", field=field), field)
    return raw == "1"


def reject_unused(args: Mapping[str, str], field: str) -> None:
    """A parameter this variant's sheet has no use for: say so instead of ignoring it."""
    if args.get(field, "").strip():
        raise InputError(Message("This sheet has no “%(field)s” to choose.", field=field), field)
