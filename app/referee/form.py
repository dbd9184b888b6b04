"""What the referee form shows besides the question: labels, choices, grids, play groups."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import url_for
from flask_babel import gettext as _
from flask_babel import ngettext

from app.engine import PLAYER_RANGE
from app.engine import Action
from app.engine import find_variant
from app.referee.cards import chip
from app.referee.cards import grid
from app.referee.cards import wish_choices
from app.referee.cards import wish_label
from app.referee.disputes import dispute_links
from app.referee.house import house_rules
from app.referee.house import query_text
from app.referee.pickers import picked_rows
from app.referee.question import TOP_WAS_LAST
from app.referee.question import Question
from app.rules.digest import digest
from app.rules.views import rule_url
from app.text import Message
from app.text import say
from app.variants.registry import VARIANT_IDS
from app.variants.registry import VARIANTS

# The fields inside "More about the situation"; the box opens when one is given or wrong
# (the flags `other`, `by_you`, … live there too).
MORE_VALUES = ("below", "wish", "hand", "count")
MORE_FIELDS = (*MORE_VALUES, "pending", "other")
# Long chains are rare at a table, but a king chain of 4 players reaches 8, a 7-chain 6.
DRAW_CHOICES = range(1, 13)
SKIP_CHOICES = range(1, 5)
AGAIN_CHOICES = range(1, 7)


@dataclass(frozen=True)
class SwitchChoice:
    """One tap choice of a house rule: the query value, its meaning, default or chosen."""

    value: str
    meaning: str
    default: bool
    checked: bool


@dataclass(frozen=True)
class Switch:
    """A house rule of the chosen variant as the form offers it."""

    option: str
    rule: str
    rule_url: str | None
    title: str
    default: str
    choices: tuple[SwitchChoice, ...]

    @property
    def changed(self) -> bool:
        """True when the question plays this switch otherwise than by default."""
        return any(choice.checked and not choice.default for choice in self.choices)


@dataclass(frozen=True)
class PlayGroup:
    """One legal play for the list: its cards and the wishes it may name, or the draw."""

    codes: tuple[str, ...]
    wishes: tuple[str, ...] = ()
    draw: bool = False


def field_labels() -> dict[str, str]:
    """The form fields by name, as the error summary names them."""
    return {
        "variant": _("Variant"),
        "players": _("Players in the game"),
        "top": _("Top card"),
        "below": _("Card below it"),
        "wish": _("Active wish"),
        "pending": _("Pending effect"),
        "hand": _("Your hand"),
        "count": _("Cards in your hand"),
        "other": _("I am not on turn"),
        "top_was_last": _("The top card was its player's last card"),
        "drew": _("I already drew a card this turn"),
        "options": _("House rules"),
        "play": _("You play"),
        "play_wish": _("Your wish"),
        "question": _("Question"),
    }


def pending_choices() -> list[tuple[str, list[tuple[str, str]]]]:
    """The pending effects the select offers (docs/api.md §1 `pending`), grouped by kind."""
    return [
        (
            _("Draw cards"),
            [
                (f"draw:{n}", ngettext("draw %(num)d card", "draw %(num)d cards", n))
                for n in DRAW_CHOICES
            ],
        ),
        (
            _("Skip"),
            [
                (f"skip:{n}", ngettext("miss %(num)d turn", "miss %(num)d turns", n))
                for n in SKIP_CHOICES
            ],
        ),
        (
            _("Play more"),
            [
                (f"again:{n}", ngettext("play %(num)d more card", "play %(num)d more cards", n))
                for n in AGAIN_CHOICES
            ],
        ),
    ]


def pending_label(value: str) -> str:
    """``draw:2`` in words; an unknown value as given."""
    return pending_labels().get(value, value)


def pending_labels() -> dict[str, str]:
    """Every offered pending value with its words."""
    return {value: label for _group, options in pending_choices() for value, label in options}


def group_plays(actions: list[Action]) -> list[PlayGroup]:
    """Legal actions grouped by their cards, with the wishes each may name."""
    groups: dict[tuple[str, ...], list[str]] = {}
    draw = False
    for action in actions:
        if action.draw:
            draw = True
            continue
        wishes = groups.setdefault(tuple(str(card) for card in action.play), [])
        if action.wish is not None:
            wishes.append(action.wish.target)
    plays = [PlayGroup(codes, tuple(wishes)) for codes, wishes in groups.items()]
    return plays + ([PlayGroup((), draw=True)] if draw else [])


def grid_players(question: Question) -> int:
    """The player count the deck is built for (some variants' decks grow with it)."""
    low, high = PLAYER_RANGE[question.variant]
    players = int(question.players) if question.players.isdigit() else 4
    return min(max(players, low), high)


def switches(question: Question, lang: str) -> list[Switch]:
    """The house rules of the question's variant, each choice marked default or chosen."""
    return [
        Switch(
            rule.option,
            rule.rule,
            rule_url(rule.rule),
            say(rule.title, lang),
            query_text(rule.default),
            tuple(
                SwitchChoice(
                    query_text(value),
                    say(meaning, lang),
                    value == rule.default,
                    value == question.house_value(rule),
                )
                for value, meaning in rule.choices
            ),
        )
        for rule in house_rules(question.variant)
    ]


def wish_flags(variant: str) -> list[tuple[str, str]]:
    """Who made the active wish and who has served it, where that matters.

    A wish that outlives its card (dlx.wish: it holds until every player has served it)
    needs them; a wish that lives on the card on top does not.
    """
    if find_variant(variant).wish_on_top:
        return []
    return [
        ("by_you", _("I made this wish myself")),
        ("anyone_served", _("Somebody has already played the wished card")),
        ("you_served", _("I have already played the wished card")),
    ]


# The pending effects a tap reaches right under the top card (the select has all of them).
PENDING_TAPS = {"draw": (1, 2, 3, 4), "skip": (1,), "again": (1, 2)}


# Short words for the tap row (the select says them in full).
TAP_WORDS = {"draw": Message("draw {n}"), "skip": Message("skip"), "again": Message("+{n} more")}


def pending_taps(question: Question, lang: str) -> list[tuple[str, str]]:
    """One-tap pending effects for the variant: the kinds its cards can leave, common
    counts first, and the question's own value when it is another."""
    kinds = find_variant(question.variant).pending_ranks
    taps = [
        (f"{kind}:{n}", say(TAP_WORDS[kind], lang).format(n=n))
        for kind, counts in PENDING_TAPS.items()
        if kind in kinds
        for n in counts
    ]
    if question.pending and question.pending not in dict(taps):
        taps.append((question.pending, pending_label(question.pending)))
    return taps


def more_open(question: Question, errors: dict[str, str]) -> bool:
    """Open the optional part when it holds a value or an error (every flag but the one by
    the pending chips lives there)."""
    given = any(getattr(question, name) for name in MORE_VALUES)
    return (
        given
        or bool(question.flags - {TOP_WAS_LAST})
        or any(name in errors for name in MORE_FIELDS)
    )


def page_words(lang: str) -> dict[str, str]:
    """Words of the page that are said in Python (``app.text.Message``), by name."""
    words = {
        "disputes": Message("Common disputes"),
        "details": Message("Rule text and interpretation"),
        "offline": Message(
            "Offline: the referee needs the connection for a new question. The answers you have "
            "already seen stay available."
        ),
    }
    return {name: say(text, lang) for name, text in words.items()}


def form_context(
    question: Question, plays: list[Action] | None, errors: dict[str, str], lang: str
) -> dict[str, Any]:
    """Grids, choices, labels and link builders for the page template."""
    low, high = PLAYER_RANGE[question.variant]
    titles = digest(lang).variants
    return {
        "variants": VARIANT_IDS,
        "variant_names": {variant: VARIANTS[variant].short_name for variant in VARIANT_IDS},
        "variant_titles": {variant: titles[variant].title for variant in VARIANT_IDS},
        "players_range": range(low, high + 1),
        "grid": grid(question.variant, grid_players(question), lang),
        "picked_rows": lambda name, selected, multi=False: picked_rows(
            question.variant, grid_players(question), lang, name, list(selected), multi
        ),
        "wishes": wish_choices(question.variant, lang),
        "field_labels": field_labels(),
        "wish_flags": wish_flags(question.variant),
        "switches": switches(question, lang),
        "house_open": "options" in errors,
        "pending_choices": pending_choices(),
        "pending_taps": pending_taps(question, lang),
        "pending_known": question.pending in pending_labels(),
        "top_was_last_toggle": question.asks_top_was_last,
        "drew_toggle": question.asks_drew,
        "more_open": more_open(question, errors),
        "play_groups": group_plays(plays) if plays is not None else [],
        "chip": lambda code: chip(code, lang),
        "wish_label": lambda value: wish_label(value, lang),
        "pending_label": pending_label,
        "share_url": url_for("referee.page", _external=True, **question.query()),
        "new_question_url": url_for("referee.page", _external=False, **question.table().query()),
        "question_url": lambda q: url_for("referee.page", _anchor="answer", **q.query()),
        "disputes": dispute_links(question, lang),
        "words": page_words(lang),
    }
