"""Maumau-Deluxe: rank and suit wishes, king chains, pairs, penalty cards (dlx.*)."""

from __future__ import annotations

from dataclasses import replace

from app.engine.cards import SUITS
from app.engine.cards import Card
from app.engine.cards import skat_deck
from app.engine.disputes import Dispute
from app.engine.options import DEFAULT_OPTIONS
from app.engine.options import Options
from app.engine.situation import WISH_FLAGS
from app.engine.situation import Action
from app.engine.situation import Situation
from app.engine.situation import Wish
from app.engine.texts import card_text
from app.engine.texts import wish_text
from app.engine.variant import Rules
from app.engine.variant import Ruling
from app.engine.variant import left
from app.engine.variant import remaining
from app.engine.variant import remind
from app.engine.variant import serves
from app.engine.variant import turn
from app.engine.verdict import Effect
from app.engine.verdict import Penalty
from app.text import Message
from app.variants.deluxe.house_rules import STRICT_DRAW
from app.variants.deluxe.rule_ids import INTERPRETATIONS
from app.variants.deluxe.rule_ids import RULE_KINDS

DELUXE_RANKS = ("7", "10", "J", "Q", "K", "A")
# The cards with an effect (dlx.jack … dlx.10); a 10 only with more than two players.
SPECIAL_RANKS = ("10", "J", "Q", "K", "A")
WISH_RULES = {"J": "dlx.jack", "Q": "dlx.queen"}


class DeluxeRules(Rules):
    """Maumau-Deluxe: a wrong card is taken back and costs 2 penalty cards."""

    name = "deluxe"
    rule_kinds = RULE_KINDS
    interpretations = INTERPRETATIONS
    prefix = "dlx"
    max_players = 8
    serve_rule = "dlx.serve"
    # The disputes players have most (app.engine.disputes).
    disputes = (
        Dispute("twins", Message("Twins together"), "top=H7", "HK,HK"),
        Dispute("last-special", Message("Jack as last card"), "top=H7 hand=HJ", "HJ"),
        Dispute("wisher-jack", Message("Wisher plays a jack"), "top=H7 wish=10:by_you", "HJ"),
        Dispute(
            "wish-ends",
            Message("When does a wish end?"),
            "top=S10 wish=10:anyone_served:you_served",
            "S7",
        ),
        Dispute("king-on-king", Message("King on king"), "top=HK draw=2", "CK"),
        Dispute("ten-two-players", Message("Ten with two players"), "top=H7 players=2", "H10"),
    )
    deck_hint = Message("two Skat decks without 8s and 9s: C/S/H/D with 7, 10, J, Q, K, A")
    house_rules = (STRICT_DRAW,)
    wish_kinds = {"J": "rank", "Q": "suit"}
    wish_flags = WISH_FLAGS  # dlx.wish: who made the wish, who has discarded it
    pending_ranks = {"draw": ("K",), "skip": ("10",), "again": ("A",)}
    wish_on_top = ()
    multi_play = "twins"
    penalty = Penalty(take_back=True, draw=2)
    out_of_turn_penalty = Penalty(take_back=True, draw=2)

    def deck(self, players: int) -> list[Card]:
        """Two Skat decks without 8s and 9s: 48 cards."""
        return skat_deck(2, DELUXE_RANKS)

    def wish_choices(self, situation: Situation, card: Card) -> tuple[str, ...]:
        """dlx.jack: any rank of the deck; dlx.queen: any suit."""
        return DELUXE_RANKS if card.rank == "J" else SUITS

    def special(self, situation: Situation, card: Card) -> bool:
        """J, Q, K, A and 10 are special unless a wish is in force; dlx.10: not with 2."""
        if situation.wish is not None:
            return False
        return card.rank in SPECIAL_RANKS and (card.rank != "10" or situation.players > 2)

    def judge_play(self, situation: Situation, action: Action) -> Ruling:
        """Pairs, wishes, the king chain, the skip, then the last-card rule."""
        cards, card = action.play, action.play[0]
        if len(cards) > 2 or (len(cards) == 2 and cards[0] != cards[1]):
            return self.illegal(
                "dlx.pair", Message("Only two identical cards (twins) may be played together.")
            )
        ruling = self.judge_card(situation, action, card)
        if not ruling.legal:
            return ruling
        rest, wish = remaining(situation, action), situation.wish
        wished = wish is not None and wish.matches(card)
        if rest == () and self.is_special_rank(situation, card) and not wished:
            return self.illegal(
                "dlx.lastcard",
                Message(
                    "The last card may not be a special card: the %(card)s only goes out as the "
                    "wished rank or suit.",
                    card=card_text(card),
                ),
            )
        return ruling

    def is_special_rank(self, situation: Situation, card: Card) -> bool:
        """dlx.lastcard: J, Q, K, A, 10 (the 10 only with more than 2 players)."""
        return card.rank in SPECIAL_RANKS and (card.rank != "10" or situation.players > 2)

    def judge_card(self, situation: Situation, action: Action, card: Card) -> Ruling:
        """The card (or pair) before the last-card rule: wish, chain, skip, serve."""
        wish, due, name = situation.wish, situation.due, card_text(card)
        if wish is not None and not wish.you_served:
            return self.judge_wished(situation, action, wish, card)
        if due.skip:
            return self.illegal(
                "dlx.10", Message("The ten skips you; playing anyway is a wrong card.")
            )
        if due.draw and card.rank != "K":
            return self.illegal(
                "dlx.king",
                Message("On the king you must draw %(draw)s cards or play a king.", draw=due.draw),
            )
        if not serves(card, situation.top):
            top = card_text(situation.top)
            return self.illegal(
                "dlx.wish" if wish else "dlx.serve",
                Message(
                    "The %(name)s does not serve the %(top)s (neither suit nor rank).",
                    name=name,
                    top=top,
                ),
                interpretation="dlx.wish" if wish else None,
            )
        effects = self.card_effects(situation, action, card)
        if isinstance(effects, Ruling):
            return effects
        rule, meaning = self.serve_rule_for(situation, action, card)
        return self.legal(
            rule,
            Message("The %(name)s serves the %(card)s.", name=name, card=card_text(situation.top)),
            effects,
            meaning,
        )

    def serve_rule_for(
        self, situation: Situation, action: Action, card: Card
    ) -> tuple[str, str | None]:
        """The rule (and interpretation) that a legal serve is decided by."""
        if situation.wish is not None:
            return "dlx.wish", "dlx.wish"
        if len(action.play) == 2:
            return "dlx.pair", "dlx.pair" if self.special(situation, card) else None
        if situation.due.draw:
            return "dlx.king", None
        return ("dlx.ace" if situation.due.again else "dlx.serve"), None

    def judge_wished(self, situation: Situation, action: Action, wish: Wish, card: Card) -> Ruling:
        """dlx.wish / dlx.wish.override: discard the wished rank (suit), override, or draw."""
        wanted, name = wish_text(wish.target), card_text(card)
        overrider = "J" if wish.rank else "Q"
        if wish.matches(card) and card.rank == overrider and action.wish is not None:
            return self.void_wish(situation, action, wish, card)
        if wish.matches(card):
            effects = self.card_effects(situation, action, card)
            if isinstance(effects, Ruling):
                return effects
            return self.legal(
                "dlx.wish",
                Message("The %(name)s fulfils the wish (%(wanted)s).", name=name, wanted=wanted),
                effects,
                "dlx.wish",
            )
        if card.rank == overrider:
            return self.judge_override(situation, action, wish, card)
        return self.illegal(
            "dlx.wish",
            Message("The wish is %(wanted)s: discard it or draw one card.", wanted=wanted),
            interpretation="dlx.wish",
        )

    def void_wish(self, situation: Situation, action: Action, wish: Wish, card: Card) -> Ruling:
        """dlx.wish.override: a queen of the wished suit (a jack on a wished J) fulfils the
        wish, so the card is fine; it cannot override it, so its new wish does not count."""
        effects = self.card_effects(situation, replace(action, wish=None), card)
        if isinstance(effects, Ruling):
            return effects
        return self.legal(
            "dlx.wish.override",
            Message(
                "The %(name)s fulfils the wish (%(wanted)s) and may be played; its new wish "
                "does not count: the card of the wish cannot override it.",
                name=card_text(card),
                wanted=wish_text(wish.target),
            ),
            effects,
            "dlx.wish",
        )

    def judge_override(
        self, situation: Situation, action: Action, wish: Wish, card: Card
    ) -> Ruling:
        """dlx.wish.override: a new jack (queen) cancels a wish nobody has served yet."""
        refusal = None
        if wish.by_you:
            refusal = Message("You may not override your own wish.")
        elif wish.anyone_served:
            refusal = Message("The wish has already been served; it can no longer be overridden.")
        if refusal:
            return self.illegal("dlx.wish.override", refusal)
        plain = replace(situation, wish=None, pending=None)
        effects = self.card_effects(plain, action, card)
        if isinstance(effects, Ruling):
            return effects
        return self.legal(
            "dlx.wish.override",
            Message("The %(card)s cancels the wish; you wish anew.", card=card_text(card)),
            effects,
        )

    def card_effects(
        self, situation: Situation, action: Action, card: Card
    ) -> list[Effect] | Ruling:
        """What follows a legal card or pair (dlx.pair: the second adds to the first)."""
        count = len(action.play)
        effects: list[Effect] = []
        special = self.special(situation, card)
        if special and card.rank == "K":
            effects.append(
                Effect("draw", who="next", count=situation.due.draw + 2 * count, rule="dlx.king")
            )
        elif special and card.rank == "10":
            effects.append(Effect("skip", who="next", count=count, rule="dlx.10"))
        elif special and card.rank in WISH_RULES:
            wish = self.wish_effect(situation, action, card, WISH_RULES[card.rank])
            if isinstance(wish, Ruling):
                return wish
            effects += [wish, *self.unheld(situation, action, wish)]
        elif action.wish is not None:
            return self.illegal(
                "dlx.wish",
                Message(
                    "The %(card)s wishes nothing here: while a wish is in force it is a plain "
                    "card.",
                    card=card_text(card),
                ),
                interpretation="dlx.wish",
            )
        effects += self.closing(situation, action, card, special)
        return effects

    def unheld(self, situation: Situation, action: Action, wish: Effect) -> list[Effect]:
        """dlx.wish.unheld: wishing a rank (suit) you do not hold costs 5 cards."""
        rest = remaining(situation, action)
        if rest is None or wish.choices:
            return []
        probe = Wish(suit=wish.suit, rank=wish.rank)
        if any(probe.matches(card) for card in rest):
            return []
        return [Effect("draw", who="you", count=5, rule="dlx.wish.unheld")]

    def closing(
        self, situation: Situation, action: Action, card: Card, special: bool
    ) -> list[Effect]:
        """The ace's extra card, Mau calls, going out, and who is on turn."""
        rest, players = remaining(situation, action), situation.players
        effects: list[Effect] = []
        cards_left = left(situation, action)
        if cards_left is not None and cards_left <= 1:
            effects.append(remind("dlx.mau"))
        if rest == ():
            effects.append(Effect("out", rule="dlx.out"))
        if special and card.rank == "A":
            return [Effect("again", count=1, rule="dlx.ace"), *effects, turn(0, players, "dlx.ace")]
        if special and card.rank == "10":
            return [*effects, turn(len(action.play) + 1, players, "dlx.10")]
        return [*effects, turn(1, players, "dlx.serve")]

    def judge_draw(self, situation: Situation) -> Ruling:
        """Take the king chain or the skip, or draw one card (after an ace only if stuck)."""
        due, players = situation.due, situation.players
        if due.draw:
            return self.legal(
                "dlx.king",
                Message(
                    "You draw %(draw)s cards, one at a time; then the next player is on turn.",
                    draw=due.draw,
                ),
                [
                    Effect("draw", who="you", count=due.draw, rule="dlx.king"),
                    turn(1, players, "dlx.king"),
                ],
            )
        if due.skip:
            return self.legal(
                "dlx.10",
                Message("You are skipped."),
                [
                    Effect("skip", who="you", count=due.skip, rule="dlx.10"),
                    turn(due.skip, players, "dlx.10"),
                ],
            )
        if due.again:
            # dlx.ace: "if he cannot play another card" — a card counts only if the play
            # judge accepts it (a special last card is no card he can play, dlx.lastcard).
            playable = self.playable(situation)
            if playable:
                return self.illegal(
                    "dlx.ace",
                    Message(
                        "After the ace you must discard one more card, e.g. the %(card)s.",
                        card=card_text(playable[0]),
                    ),
                )
        elif self.strict(situation):
            playable = self.playable(situation)
            if playable:
                return self.illegal(
                    "dlx.house.strictdraw",
                    Message(
                        "By the house rule only a player who cannot play draws: the %(card)s fits.",
                        card=card_text(playable[0]),
                    ),
                )
        rule = "dlx.ace" if due.again else ("dlx.wish" if situation.wish else "dlx.serve")
        return self.legal(
            rule,
            Message("You draw one card; then the next player is on turn."),
            [Effect("draw", who="you", count=1, rule=rule), turn(1, players, rule)],
            "dlx.wish" if rule == "dlx.wish" else None,
        )

    def strict(self, situation: Situation) -> bool:
        """dlx.house.strictdraw: drawing only when nothing fits — a wish in force for him
        still lets him draw because he will not discard it (dlx.jack: "kann oder will")."""
        wish = situation.wish
        return situation.options.on(STRICT_DRAW) and (wish is None or wish.you_served)

    def playable(self, situation: Situation) -> list[Card]:
        """The cards of the given hand that the play judge accepts here."""
        return [
            card
            for card in dict.fromkeys(situation.hand or ())
            if self.judge_play(situation, Action(play=(card,))).legal
        ]

    def judge_other(self, situation: Situation, action: Action) -> Ruling:
        """dlx.penalty.wrong: a card played out of turn is taken back, plus 2 cards."""
        return self.illegal(
            "dlx.penalty.wrong",
            Message("Played out of turn: take the card back and draw 2 penalty cards."),
            penalty=self.out_of_turn_penalty if action.play else None,
        )

    def start_effects(self, card: Card, players: int, options: Options = DEFAULT_OPTIONS) -> Ruling:
        """dlx.start (I): the turned-up start card has no effect."""
        return self.legal(
            "dlx.start",
            Message("The %(card)s has no effect as the start card.", card=card_text(card)),
            [turn(1, players, "dlx.start")],
            "dlx.start",
        )
