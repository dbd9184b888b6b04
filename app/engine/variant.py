"""The shared base of the variants' rules, in the manner of python-chess's ``chess.variant``.

A variant's rules are a subclass of :class:`Rules` that sets class-level switches and
overrides small hooks, each returning a language-neutral :class:`Ruling`. The referee and
whole games (:mod:`app.engine.games`) both ask these classes; nothing else decides a rule.
"""

from __future__ import annotations

from functools import lru_cache
from typing import ClassVar
from typing import NamedTuple

from app.engine.cards import SUITS
from app.engine.cards import Card
from app.engine.disputes import Dispute
from app.engine.houserules import HouseRule
from app.engine.options import DEFAULT_OPTIONS
from app.engine.options import Options
from app.engine.rule_ids import INTERPRETATIONS
from app.engine.situation import Action
from app.engine.situation import Situation
from app.engine.situation import Wish
from app.engine.texts import card_text
from app.engine.texts import choices_text
from app.engine.texts import wish_text
from app.engine.verdict import Effect
from app.engine.verdict import Penalty
from app.engine.verdict import Verdict
from app.text import Message
from app.text import say


class Ruling(NamedTuple):
    """A verdict with its reason (a message) and the interpretation by rule ID (a
    named tuple: the rules make many of them while a whole game lists its moves)."""

    legal: bool
    rule: str
    reason: Message
    interpretation: str | None = None
    penalty: Penalty | None = None
    effects: tuple[Effect, ...] = ()

    def verdict(self, lang: str) -> Verdict:
        """The verdict in ``lang`` ("de" or "en")."""
        meaning = say(INTERPRETATIONS[self.interpretation], lang) if self.interpretation else None
        return Verdict(
            self.legal, self.rule, say(self.reason, lang), meaning, self.penalty, self.effects
        )


def serves(card: Card, top: Card) -> bool:
    """Same suit (colour) or same rank (value): the plain serve of every variant."""
    return card.suit == top.suit or card.rank == top.rank


def remaining(situation: Situation, action: Action) -> tuple[Card, ...] | None:
    """The acting player's hand after the action, or None when not given; a ``hand_count``
    equal to the cards played still says it is empty (dlx.lastcard, dop.out need no more)."""
    if situation.hand is None:
        return () if situation.hand_count == len(action.play) else None
    rest = list(situation.hand)
    for card in action.play:
        if card in rest:
            rest.remove(card)
    return tuple(rest)


def left(situation: Situation, action: Action) -> int | None:
    """How many cards the acting player holds after the action, or None when unknown: what
    the reminders of the last cards (spd.one, dop.announce, dlx.mau, ter.knock) and the
    nine of dyn.noend.9-10-A count, from the hand or from ``hand_count`` alone."""
    held = situation.held
    return None if held is None else held - len(action.play)


def turn(steps: int, players: int, rule: str) -> Effect:
    """Who is on turn ``steps`` seats on in direction, named as docs/api.md does."""
    return turn_effect(steps % players, players, rule)


@lru_cache(maxsize=1024)
def turn_effect(steps: int, players: int, rule: str) -> Effect:
    """:func:`turn` for ``0 <= steps < players`` (effects are values: one of each is made)."""
    if steps == 0:
        return Effect("turn", who="you", rule=rule)
    if steps == 1:
        return Effect("turn", who="next", rule=rule)
    if steps == players - 1:
        return Effect("turn", who="previous", rule=rule)
    if steps == 2:
        return Effect("turn", who="after_next", rule=rule)
    return Effect("turn", who="later", count=steps, rule=rule)


@lru_cache(maxsize=64)
def remind(rule: str) -> Effect:
    """A table manner to observe (the referee cannot watch it)."""
    return Effect("remind", rule=rule)


class Rules:
    """One variant's rules; subclasses flip the switches and override the hooks."""

    name: ClassVar[str]
    prefix: ClassVar[str]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int]
    serve_rule: ClassVar[str]
    # The cards of a game, in players' words, for messages about cards the deck lacks.
    deck_hint: ClassVar[Message]
    # The switches a table may flip (app.engine.houserules), read from ``situation.options``.
    house_rules: ClassVar[tuple[HouseRule, ...]] = ()
    # Its rule IDs by kind and the `I:` interpretations it decides with (app.engine.rule_ids).
    rule_kinds: ClassVar[dict[str, str]] = {}
    interpretations: ClassVar[dict[str, Message]] = {}
    suits: ClassVar[tuple[str, ...]] = SUITS
    # Which ranks (values) let their player wish, and what: "suit" or "rank".
    wish_kinds: ClassVar[dict[str, str]] = {"J": "suit"}
    # The flags an active wish carries in this variant (e.g. dlx.wish's bookkeeping).
    wish_flags: ClassVar[tuple[str, ...]] = ()
    # Which top cards can leave a pending draw/skip/again for the acting player.
    pending_ranks: ClassVar[dict[str, tuple[str, ...]]] = {}
    # A top card of these ranks needs the wish its player named (a jack, a wild card).
    wish_on_top: ClassVar[tuple[str, ...]] = ("J",)
    # Such a top may lack its wish when it was turned up without effect (spd.start).
    wish_optional_on_top: ClassVar[bool] = False
    # "twins" (dlx.pair), "same_rank" (ter.multi) or "" (one card per action).
    multi_play: ClassVar[str] = ""
    # A player who drew may still play in the same turn (dop.draw): ``situation.drew``.
    play_after_draw: ClassVar[bool] = False
    # Effects on others wait until the turn passes (ter.multi, ter.ace).
    waits: ClassVar[bool] = False
    # The top card was its player's last one (dop.lastcard.two): ``situation.top_was_last``.
    asks_top_was_last: ClassVar[bool] = False
    penalty: ClassVar[Penalty | None] = None
    # The questions players argue about most, opened with one tap (app.engine.disputes).
    disputes: ClassVar[tuple[Dispute, ...]] = ()
    out_of_turn_penalty: ClassVar[Penalty | None] = None

    def __init__(self) -> None:
        """The ranks (values) of the variant's deck, in deck order."""
        self.ranks = tuple(dict.fromkeys(card.rank for card in self.deck(self.min_players)))

    def __repr__(self) -> str:
        """``<ClassName id>``."""
        return f"<{type(self).__name__} {self.name}>"

    def deck(self, players: int) -> list[Card]:
        """All cards of a game for ``players`` players, twins included (unshuffled)."""
        raise NotImplementedError

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
        return self.illegal(
            self.serve_rule,
            Message("You are not on turn: nobody may play out of turn in this variant."),
            penalty=self.out_of_turn_penalty if action.play else None,
        )

    def pass_turn(self, situation: Situation) -> Ruling:
        """The turn ends without another card or draw (dop.draw, ter.9): what follows."""
        return self.legal(
            self.serve_rule,
            Message("Your turn ends; the next player is on turn."),
            [turn(1, situation.players, self.serve_rule)],
        )

    def skipped(self, situation: Situation, rule: str) -> Ruling:
        """The acting player takes the pending eight: he is skipped (dop.8, ter.8, mau.8)."""
        return self.legal(
            rule,
            Message("You are skipped."),
            [Effect("skip", who="you", count=1, rule=rule), turn(1, situation.players, rule)],
        )

    def take_cards(
        self, situation: Situation, rule: str, interpretation: str | None = None
    ) -> Ruling:
        """The acting player takes the pending sevens and his turn ends (ter.7, mau.7)."""
        draw = situation.due.draw
        return self.legal(
            rule,
            Message("You draw %(draw)s cards; your turn ends.", draw=draw),
            [Effect("draw", who="you", count=draw, rule=rule), turn(1, situation.players, rule)],
            interpretation,
        )

    def draw_one(self, situation: Situation, rule: str, play_on: bool) -> Ruling:
        """The acting player draws one card; he may play at once (dop.draw, mau.draw.play) or
        his turn ends (ter.serve)."""
        reason = (
            Message("You draw one card and may play at once; otherwise your turn ends.")
            if play_on
            else Message("You draw one card.")
        )
        return self.legal(
            rule,
            reason,
            [
                Effect("draw", who="you", count=1, rule=rule),
                turn(0 if play_on else 1, situation.players, rule),
            ],
        )

    def start_effects(self, card: Card, players: int, options: Options = DEFAULT_OPTIONS) -> Ruling:
        """What the turned-up first discard does (the dealer is "you")."""
        raise NotImplementedError

    def wish_choices(self, situation: Situation, card: Card) -> tuple[str, ...]:
        """The suits (colours) or ranks the player of ``card`` may wish here."""
        raise NotImplementedError

    def named_wishes(self, situation: Situation) -> tuple[str, ...]:
        """The wishes the player of the top card could have named: what a wish left open
        stands for (docs/api.md §1 "Missing information")."""
        kind = self.wish_kinds.get(situation.top.rank, "suit")
        return self.suits if kind == "suit" else self.ranks

    def pending_tops(self, options: Options) -> dict[str, tuple[str, ...]]:
        """Which top cards can leave each pending effect with these house rules."""
        return self.pending_ranks

    def hand_limit(self, options: Options) -> int | None:
        """The most cards a hand may hold (spd.handlimit), or None for no limit."""
        return None

    def legal(
        self, rule: str, reason: Message, effects: list[Effect], interpretation: str | None = None
    ) -> Ruling:
        """A legal verdict with its effects."""
        return Ruling(True, rule, reason, interpretation, None, tuple(effects))

    def illegal(
        self,
        rule: str,
        reason: Message,
        interpretation: str | None = None,
        penalty: Penalty | None | bool = True,
    ) -> Ruling:
        """An illegal verdict with the variant's penalty (``penalty=True``) or the one given."""
        chosen = self.penalty if penalty is True else (penalty or None)
        return Ruling(False, rule, reason, interpretation, chosen if chosen else None)

    def not_wished(self, rule: str, wish: Wish, card: Card) -> Ruling:
        """Illegal: ``card`` is not of the suit (colour) a jack on top wishes."""
        wished, name = wish_text(wish.target), card_text(card)
        return self.illegal(
            rule,
            Message("The wish is %(wished)s; the %(name)s does not fit.", wished=wished, name=name),
        )

    def wish_effect(
        self, situation: Situation, action: Action, card: Card, rule: str
    ) -> Effect | Ruling:
        """The wish of a wishing card, or an illegal ruling when the named wish is not allowed."""
        choices = self.wish_choices(situation, card)
        kind = self.wish_kinds[card.rank]
        if action.wish is None:
            return Effect("wish", choices=choices, rule=rule)
        named = action.wish.suit if kind == "suit" else action.wish.rank
        if named in choices:
            return (
                Effect("wish", suit=named, rule=rule)
                if kind == "suit"
                else Effect("wish", rank=named, rule=rule)
            )
        wanted, allowed = wish_text(action.wish.target), choices_text(choices)
        name = card_text(card)
        return self.illegal(
            rule,
            Message(
                "With the %(name)s you may not wish %(wanted)s, only %(allowed)s.",
                name=name,
                wanted=wanted,
                allowed=allowed,
            ),
        )
