"""Dynamisches Maumau: jacks that must not serve, passing 7s and 8s, weddings (dyn.*)."""

from __future__ import annotations

from dataclasses import replace

from app.engine.cards import BY_CODE
from app.engine.cards import SUITS
from app.engine.cards import Card
from app.engine.cards import skat_deck
from app.engine.disputes import Dispute
from app.engine.options import DEFAULT_OPTIONS
from app.engine.options import Options
from app.engine.situation import Action
from app.engine.situation import Situation
from app.engine.texts import card_text
from app.engine.texts import count_text
from app.engine.texts import wish_text
from app.engine.variant import Rules
from app.engine.variant import Ruling
from app.engine.variant import left
from app.engine.variant import remaining
from app.engine.variant import serves
from app.engine.variant import turn
from app.engine.verdict import Effect
from app.text import Message
from app.variants.dynamisch.rule_ids import INTERPRETATIONS
from app.variants.dynamisch.rule_ids import RULE_KINDS

COUNTERPART = {"Q": "K", "K": "Q"}


def counterpart(card: Card) -> Card | None:
    """The other half of a wedding pair (queen ↔ king of the same suit)."""
    rank = COUNTERPART.get(card.rank)
    return BY_CODE[f"{card.suit}{rank}"] if rank else None


class DynamischRules(Rules):
    """Dynamisches Maumau: no penalty cards, no calls; effects must be carried out."""

    name = "dynamisch"
    rule_kinds = RULE_KINDS
    interpretations = INTERPRETATIONS
    prefix = "dyn"
    max_players = 6
    serve_rule = "dyn.serve"
    # The disputes players have most (app.engine.disputes).
    disputes = (
        Dispute("jack-on-jack", Message("Jack on jack"), "top=HJ", "SJ"),
        Dispute("twin-jack", Message("Jack on its twin"), "top=HJ wish=C", "HJ"),
        Dispute("pass-seven", Message("Pass a seven on"), "top=H7 draw=1", "S7"),
        Dispute("eight-on-eight", Message("Eight on eight"), "top=H8 skip=1", "C8"),
        Dispute("jack-on-ace", Message("Jack after an ace"), "top=HA again=1", "CJ"),
        Dispute("last-ace", Message("Ace as last card"), "top=HK hand=HA", "HA"),
        Dispute("last-nine", Message("Nine as last card"), "top=H7 hand=H9", "H9"),
        Dispute("wedding", Message("Wedding"), "top=HQ actor=other", "HK"),
    )
    deck_hint = Message("two Skat decks: C/S/H/D with 7, 8, 9, 10, J, Q, K, A")
    pending_ranks = {"draw": ("7",), "skip": ("8",), "again": ("A",)}

    def deck(self, players: int) -> list[Card]:
        """Two Skat decks, 64 cards, every card twice."""
        return skat_deck(2)

    def wish_choices(self, situation: Situation, card: Card) -> tuple[str, ...]:
        """dyn.jack.wish: neither the jack's suit nor the suit below (any other on its twin)."""
        below = situation.top
        excluded = {card.suit} if below == card else {card.suit, below.suit}
        return tuple(suit for suit in SUITS if suit not in excluded)

    def named_wishes(self, situation: Situation) -> tuple[str, ...]:
        """dyn.jack.wish: never the jack's own suit, nor the suit of the card below when it is
        known; on its twin, as the start card or with the card below unknown, the other three."""
        top, below = situation.top, situation.below
        if below is None:
            return tuple(suit for suit in SUITS if suit != top.suit)
        return self.wish_choices(replace(situation, top=below), top)

    def refuse(self, situation: Situation, card: Card) -> Ruling | None:
        """Why ``card`` may not be played on the top here, or None when it may."""
        top, wish = situation.top, situation.wish
        if card.rank == "J" and top.rank == "J" and card != top:
            name = card_text(card)
            return self.illegal(
                "dyn.jack.match",
                Message(
                    "The %(name)s may not go on a different jack: a jack goes on a jack only as "
                    "its "
                    "twin.",
                    name=name,
                ),
            )
        if top.rank == "J" and wish and card != top and card.suit != wish.suit:
            wished = wish_text(wish.target)
            return self.illegal(
                "dyn.jack.wish",
                Message(
                    "On the jack only the named suit, %(wished)s, or its twin serves.",
                    wished=wished,
                ),
            )
        if card.rank == "J" and top.rank != "J" and card.suit == top.suit:
            name, top_name = card_text(card), card_text(top)
            return self.illegal(
                "dyn.jack.match",
                Message(
                    "A jack may only be played when it does not serve: the %(name)s would serve "
                    "the "
                    "%(top_name)s.",
                    name=name,
                    top_name=top_name,
                ),
            )
        if card.rank != "J" and top.rank != "J" and not serves(card, top):
            name, top_name = card_text(card), card_text(top)
            return self.illegal(
                "dyn.serve",
                Message(
                    "The %(name)s does not serve the %(top_name)s (neither suit nor rank).",
                    name=name,
                    top_name=top_name,
                ),
            )
        return None

    def judge_play(self, situation: Situation, action: Action) -> Ruling:
        """Pass a 7/8 on, or serve by dyn.serve, dyn.jack.match and dyn.jack.wish."""
        if len(action.play) != 1:
            return self.illegal(
                "dyn.serve", Message("In Dynamisches Maumau you play exactly one card per turn.")
            )
        card, due = action.play[0], situation.due
        if due.draw or due.skip:
            return self.judge_pass(situation, action, card)
        refusal = self.refuse(situation, card)
        if refusal:
            return refusal
        effects = self.card_effects(situation, action, card, 1)
        if isinstance(effects, Ruling):
            return effects
        return self.legal(*self.serve_reason(situation, card), effects)

    def serve_reason(self, situation: Situation, card: Card) -> tuple[str, Message]:
        """The rule that makes a refused-by-nothing card legal, and why."""
        name, top = card_text(card), card_text(situation.top)
        if situation.due.again and card.rank == "J":
            # dyn.ace (I): a jack follows the ace because dyn.jack.match allows it, not by
            # serving it.
            return "dyn.ace", Message(
                "The %(name)s may follow the ace: a jack that does not serve is allowed "
                "(dyn.jack.match).",
                name=name,
            )
        if situation.due.again and card == situation.top:
            return "dyn.ace", Message(
                "The %(name)s serves the ace as its twin and is the card that must follow it; "
                "the direction reverses (dyn.twin.reverse).",
                name=name,
            )
        if situation.due.again:
            return "dyn.ace", Message(
                "The %(name)s serves the ace and is the card that must follow it.", name=name
            )
        if card == situation.top and card.rank == "J":
            return "dyn.jack.match", Message(
                "The %(name)s lies on its twin: the one exception for a jack on a jack.", name=name
            )
        if card == situation.top:
            return self.twin_reason(situation, card)
        if card.rank == "J":
            return "dyn.jack.match", Message(
                "The %(name)s does not serve the %(top)s, so it may be played.", name=name, top=top
            )
        if situation.top.rank == "J":
            return "dyn.jack.wish", Message("The %(name)s is of the named suit.", name=name)
        if counterpart(situation.top) == card:
            return "dyn.wedding.serve", Message(
                "The %(name)s serves as an ordinary card (no wedding); then the next player is "
                "on turn.",
                name=name,
            )
        return "dyn.serve", Message("The %(name)s serves the %(top)s.", name=name, top=top)

    def twin_reason(self, situation: Situation, card: Card) -> tuple[str, Message]:
        """A card on its twin serves by suit and rank (dyn.serve) and reverses the direction
        (dyn.twin.reverse), which with two players changes nothing."""
        name = card_text(card)
        if situation.players == 2:
            return "dyn.serve", Message(
                "The %(name)s serves its twin (same suit and rank); with two players the "
                "reversal changes nothing (dyn.twin.reverse).",
                name=name,
            )
        return "dyn.twin.reverse", Message(
            "The %(name)s serves its twin (same suit and rank, dyn.serve) and so reverses the "
            "direction.",
            name=name,
        )

    def judge_pass(self, situation: Situation, action: Action, card: Card) -> Ruling:
        """dyn.pass: a pending 7 or 8 is passed on with a card of the same rank."""
        due = situation.due
        rank, rule = ("7", "dyn.7") if due.draw else ("8", "dyn.8")
        if card.rank != rank:
            refusal = (
                Message(
                    "You must pass the seven on with a seven or draw %(count)s.",
                    count=count_text(due.draw),
                )
                if due.draw
                else Message("You must pass the eight on with an eight or be skipped.")
            )
            return self.illegal(rule, refusal)
        effects = self.card_effects(situation, action, card, due.draw + 1)
        assert not isinstance(effects, Ruling)  # a 7 or 8 never wishes
        # dyn.twin.reverse: with 2 players a reversal changes nothing, so it is not named.
        back = (
            Message(" and so reverse the direction")
            if card == situation.top and situation.players > 2
            else ""
        )
        return self.legal(
            "dyn.pass",
            Message(
                "You pass the effect on with the %(card)s%(back)s.", card=card_text(card), back=back
            ),
            effects,
        )

    def card_effects(
        self, situation: Situation, action: Action, card: Card, sevens: int, start: bool = False
    ) -> list[Effect] | Ruling:
        """What follows a legal card (``sevens``: how many cards a 7 makes draw)."""
        effects: list[Effect] = []
        if card == situation.top and situation.players > 2 and not start:
            effects.append(Effect("reverse", rule="dyn.twin.reverse"))
        rest = remaining(situation, action)
        empty = rest == ()
        if card.rank == "7":
            effects.append(Effect("draw", who="next", count=sevens, rule="dyn.7"))
        elif card.rank == "8":
            effects.append(Effect("skip", who="next", count=1, rule="dyn.8"))
        elif card.rank == "9":
            cards_left = left(situation, action)
            if cards_left is not None and cards_left < 2:
                effects.append(
                    Effect(
                        "draw",
                        who="you",
                        count=2 - cards_left,
                        rule="dyn.noend.9-10-A" if empty else "dyn.9",
                    )
                )
            effects.append(Effect("show", source="you", target="next", count=2, rule="dyn.9"))
        elif card.rank == "10":
            effects.append(
                Effect(
                    "show",
                    source="next",
                    target="you",
                    count=2,
                    rule="dyn.noend.9-10-A" if empty else "dyn.10",
                )
            )
        elif card.rank == "J":
            wish = self.wish_effect(situation, action, card, "dyn.jack.wish")
            if isinstance(wish, Ruling):
                return self.explain_below(situation, wish)
            effects.append(wish)
        elif card.rank in COUNTERPART:
            effects.append(Effect("wedding", who="you", card=counterpart(card), rule="dyn.wedding"))
        elif card.rank == "A":
            if empty:
                effects.append(Effect("draw", who="you", count=1, rule="dyn.noend.9-10-A"))
                return [*effects, turn(1, situation.players, "dyn.ace")]
            return [
                *effects,
                Effect("again", count=1, rule="dyn.ace"),
                turn(0, situation.players, "dyn.ace"),
            ]
        if empty and card.rank not in ("9", "10"):
            effects.append(Effect("out", rule=OUT_RULES.get(card.rank, "dyn.score")))
        return [*effects, turn(1, situation.players, "dyn.serve")]

    def explain_below(self, situation: Situation, ruling: Ruling) -> Ruling:
        """Cite the `I:` of dyn.jack.wish when the card below was itself played on a wish."""
        if situation.below is not None and situation.below.rank == "J":
            return ruling._replace(interpretation="dyn.jack.wish")
        return ruling

    def judge_draw(self, situation: Situation) -> Ruling:
        """Take a pending 7 or 8, draw after an ace only when nothing serves, or just draw."""
        due, players = situation.due, situation.players
        if due.draw:
            return self.legal(
                "dyn.7",
                Message(
                    "You draw %(count)s and are then on turn: serve the seven or draw one more.",
                    count=count_text(due.draw),
                ),
                [
                    Effect("draw", who="you", count=due.draw, rule="dyn.7"),
                    turn(0, players, "dyn.7"),
                ],
            )
        if due.skip:
            return self.legal(
                "dyn.8",
                Message("You are skipped; the next player is on turn."),
                [Effect("skip", who="you", count=1, rule="dyn.8"), turn(1, players, "dyn.8")],
            )
        if due.again:
            return self.judge_ace_draw(situation)
        return self.legal(
            "dyn.serve",
            Message("A player who does not serve draws one card; then the next player is on turn."),
            [Effect("draw", who="you", count=1, rule="dyn.serve"), turn(1, players, "dyn.serve")],
        )

    def judge_ace_draw(self, situation: Situation) -> Ruling:
        """dyn.ace: draw only if no card in hand serves the ace (I: while one serves, no)."""
        hand = situation.hand or ()
        playable = [card for card in hand if self.refuse(situation, card) is None]
        if playable:
            return self.illegal(
                "dyn.ace",
                Message(
                    "After the ace you must play one more card: the %(card)s serves, so you may "
                    "not "
                    "draw.",
                    card=card_text(playable[0]),
                ),
                interpretation="dyn.ace",
            )
        return self.legal(
            "dyn.ace",
            Message("You cannot serve after the ace: you draw one card and the turn passes."),
            [
                Effect("draw", who="you", count=1, rule="dyn.ace"),
                turn(1, situation.players, "dyn.ace"),
            ],
        )

    def judge_other(self, situation: Situation, action: Action) -> Ruling:
        """dyn.wedding: out of turn only the exact counterpart of the queen/king on top."""
        wanted = counterpart(situation.top)
        if action.draw or len(action.play) != 1 or action.play[0] != wanted:
            near = len(action.play) == 1 and action.play[0].rank in COUNTERPART
            return self.illegal(
                "dyn.wedding",
                Message(
                    "Out of turn you may only announce a wedding: the exact counterpart (same "
                    "suit) "
                    "of the queen or king on top."
                ),
                interpretation="dyn.wedding" if near and wanted else None,
            )
        card = action.play[0]
        effects = [Effect("wedding", who="you", card=counterpart(card), rule="dyn.wedding")]
        if remaining(situation, action) == ():
            effects.append(Effect("out", rule="dyn.effect.noend"))
        return self.legal(
            "dyn.wedding",
            Message(
                "Wedding: the %(card)s on the %(card2)s. When nobody announces another, you are on "
                "turn.",
                card=card_text(card),
                card2=card_text(situation.top),
            ),
            [*effects, turn(0, situation.players, "dyn.wedding")],
        )

    def start_effects(self, card: Card, players: int, options: Options = DEFAULT_OPTIONS) -> Ruling:
        """dyn.start: the first discard counts as played by the dealer, with all effects."""
        # dyn.jack.wish: a turned-up jack may name any suit but its own, as on its twin.
        situation = Situation(self.name, top=card, players=players, options=options)
        effects = self.card_effects(situation, Action(play=(card,)), card, 1, start=True)
        assert not isinstance(effects, Ruling)
        return self.legal(
            "dyn.start",
            Message(
                "The %(card)s counts as played by the dealer, with all its effects.",
                card=card_text(card),
            ),
            effects,
        )


OUT_RULES = {
    "7": "dyn.effect.noend",
    "8": "dyn.effect.noend",
    "Q": "dyn.effect.noend",
    "K": "dyn.effect.noend",
    "J": "dyn.score.double",
}
