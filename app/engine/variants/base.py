"""The shared base of the five variants, in the manner of python-chess's ``chess.variant``.

A variant is a subclass that sets class-level switches (its name, rule prefix, players,
which cards wish what) and overrides the small hooks ``judge_play``, ``judge_draw``,
``judge_other`` and ``start_effects``. Everything returns a :class:`Ruling`, the
language-neutral form of a :class:`~app.engine.verdict.Verdict`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from app.engine.cards import Card
from app.engine.rules import INTERPRETATIONS
from app.engine.situation import Action
from app.engine.situation import Situation
from app.engine.situation import Wish
from app.engine.texts import Text
from app.engine.texts import card_text
from app.engine.texts import choices_text
from app.engine.texts import wish_text
from app.engine.verdict import Effect
from app.engine.verdict import Penalty
from app.engine.verdict import Verdict


@dataclass(frozen=True, slots=True)
class Ruling:
    """A verdict with its reason in both languages and the interpretation by rule ID."""

    legal: bool
    rule: str
    reason: Text
    interpretation: str | None = None
    penalty: Penalty | None = None
    effects: tuple[Effect, ...] = ()

    def verdict(self, lang: str) -> Verdict:
        """The verdict in ``lang`` ("de" or "en")."""
        meaning = INTERPRETATIONS[self.interpretation].get(lang) if self.interpretation else None
        return Verdict(self.legal, self.rule, self.reason.get(lang), meaning, self.penalty,
                       self.effects)


def serves(card: Card, top: Card) -> bool:
    """Same suit (colour) or same rank (value): the plain serve of every variant."""
    return card.suit == top.suit or card.rank == top.rank


def remaining(situation: Situation, action: Action) -> tuple[Card, ...] | None:
    """The acting player's hand after the action, or None when the hand is not given."""
    if situation.hand is None:
        return None
    rest = list(situation.hand)
    for card in action.play:
        if card in rest:
            rest.remove(card)
    return tuple(rest)


def turn(steps: int, players: int, rule: str) -> Effect:
    """Who is on turn ``steps`` seats on in direction, named as API.md does."""
    steps %= players
    names = {0: "you", 1: "next"}
    if players > 2:
        names.update({2 % players: "after_next", players - 1: "previous"})
    if steps in names:
        return Effect("turn", who=names[steps], rule=rule)
    return Effect("turn", who="later", count=steps, rule=rule)


def remind(rule: str) -> Effect:
    """A table manner to observe (the referee cannot watch it)."""
    return Effect("remind", rule=rule)


class Variant:
    """One variant's rules; subclasses flip the switches and override the hooks."""

    name: ClassVar[str]
    prefix: ClassVar[str]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int]
    serve_rule: ClassVar[str]
    # Which ranks (values) let their player wish, and what: "suit" or "rank".
    wish_kinds: ClassVar[dict[str, str]] = {"J": "suit"}
    # Which top cards can leave a pending draw/skip/again for the acting player.
    pending_ranks: ClassVar[dict[str, tuple[str, ...]]] = {}
    # A top card of these ranks needs the wish its player named (a jack, a wild card).
    wish_on_top: ClassVar[tuple[str, ...]] = ("J",)
    # Such a top may lack its wish when it was turned up without effect (spd.start).
    wish_optional_on_top: ClassVar[bool] = False
    # "twins" (Deluxe pairs), "same_rank" (Terroristen) or "" (one card per action).
    multi_play: ClassVar[str] = ""
    penalty: ClassVar[Penalty | None] = None
    out_of_turn_penalty: ClassVar[Penalty | None] = None

    def judge(self, situation: Situation, action: Action) -> Ruling:
        """Dispatch to the hooks: out of turn, draw, or play."""
        if not situation.on_turn:
            return self.judge_other(situation, action)
        if action.draw:
            return self.judge_draw(situation)
        return self.judge_play(situation, action)

    def judge_play(self, situation: Situation, action: Action) -> Ruling:
        """Judge playing ``action.play`` by the player on turn."""
        raise NotImplementedError

    def judge_draw(self, situation: Situation) -> Ruling:
        """Judge drawing (or taking the pending cards/skip) by the player on turn."""
        raise NotImplementedError

    def judge_other(self, situation: Situation, action: Action) -> Ruling:
        """Judge an action of a player who is not on turn: illegal unless a variant allows."""
        return self.illegal(self.serve_rule, Text(
            "Du bist nicht am Zug: In dieser Variante darf niemand außer der Reihe spielen.",
            "You are not on turn: nobody may play out of turn in this variant."),
            penalty=self.out_of_turn_penalty if action.play else None)

    def start_effects(self, card: Card, players: int) -> Ruling:
        """What the turned-up first discard does (the dealer is "you")."""
        raise NotImplementedError

    def wish_choices(self, situation: Situation, card: Card) -> tuple[str, ...]:
        """The suits (colours) or ranks the player of ``card`` may wish here."""
        raise NotImplementedError

    def legal(self, rule: str, reason: Text, effects: list[Effect],
              interpretation: str | None = None) -> Ruling:
        """A legal verdict with its effects."""
        return Ruling(True, rule, reason, interpretation, None, tuple(effects))

    def illegal(self, rule: str, reason: Text, interpretation: str | None = None,
                penalty: Penalty | None | bool = True) -> Ruling:
        """An illegal verdict with the variant's penalty (``penalty=True``) or the one given."""
        chosen = self.penalty if penalty is True else (penalty or None)
        return Ruling(False, rule, reason, interpretation, chosen if chosen else None)

    def not_wished(self, rule: str, wish: Wish, card: Card) -> Ruling:
        """Illegal: ``card`` is not of the suit (colour) a jack on top wishes."""
        wished, name = wish_text(wish.target), card_text(card)
        return self.illegal(rule, Text(
            f"Gewünscht ist {wished.de}; {name.de} passt nicht.",
            f"{wished.en.capitalize()} is wished; the {name.en} does not fit."))

    def wish_effect(self, situation: Situation, action: Action, card: Card,
                    rule: str) -> Effect | Ruling:
        """The wish of a wishing card, or an illegal ruling when the named wish is not allowed."""
        choices = self.wish_choices(situation, card)
        kind = self.wish_kinds[card.rank]
        if action.wish is None:
            return Effect("wish", choices=choices, rule=rule)
        named = action.wish.suit if kind == "suit" else action.wish.rank
        if named in choices:
            return Effect("wish", suit=named, rule=rule) if kind == "suit" else \
                Effect("wish", rank=named, rule=rule)
        wanted, allowed = wish_text(action.wish.target), choices_text(choices)
        name = card_text(card)
        return self.illegal(rule, Text(
            f"Mit {name.de} darf man {wanted.de} nicht wünschen, nur {allowed.de}.",
            f"With the {name.en} you may not wish {wanted.en}, only {allowed.en}."))
