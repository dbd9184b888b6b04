"""Doppel Mau-Mau: two teams, nines that make you play more, 7- and 8-chains (dop.*)."""

from __future__ import annotations

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
from app.engine.variant import Rules
from app.engine.variant import Ruling
from app.engine.variant import left
from app.engine.variant import remaining
from app.engine.variant import remind
from app.engine.variant import serves
from app.engine.variant import turn
from app.engine.verdict import Effect
from app.text import Message
from app.variants.doppel.house_rules import NINE
from app.variants.doppel.rule_ids import INTERPRETATIONS
from app.variants.doppel.rule_ids import RULE_KINDS

CHAINS = {"draw": ("7", "dop.7"), "skip": ("8", "dop.8")}


class DoppelRules(Rules):
    """Doppel Mau-Mau: one Skat deck, 4 players in 2 teams; out players sit out."""

    name = "doppel"
    rule_kinds = RULE_KINDS
    interpretations = INTERPRETATIONS
    prefix = "dop"
    max_players = 4
    serve_rule = "dop.serve"
    # The disputes players have most (app.engine.disputes).
    disputes = (
        Dispute("jack-on-jack", Message("Jack on jack"), "top=HJ", "SJ"),
        Dispute("nine-count", Message("Nine: how many cards?"), "top=H8", "H9"),
        Dispute("nine-chain", Message("Nine on nine"), "top=H9 again=2", "S9"),
        Dispute("counter-seven", Message("Counter a seven"), "top=H7 draw=2", "S7"),
        Dispute(
            "last-eight", Message("Eight as last card, two left"), "top=H7 hand=H8 players=2", "H8"
        ),
        Dispute(
            "last-seven",
            Message("Counter a seven played as last card"),
            "top=H7 draw=2 players=3 top_was_last=true",
            "S7",
        ),
    )
    deck_hint = Message("one Skat deck: C/S/H/D with 7, 8, 9, 10, J, Q, K, A")
    house_rules = (NINE,)
    play_after_draw = True  # dop.draw
    asks_top_was_last = True  # dop.lastcard.two: a 7 that went out cannot be countered
    # dop.9: during a nine's extra cards any card can be on top.
    pending_ranks = {
        "draw": ("7",),
        "skip": ("8",),
        "again": ("7", "8", "9", "10", "J", "Q", "K", "A"),
    }

    def deck(self, players: int) -> list[Card]:
        """One Skat deck of 32 cards."""
        return skat_deck(1)

    def wish_choices(self, situation: Situation, card: Card) -> tuple[str, ...]:
        """dop.jack: any suit."""
        return SUITS

    def refuse(self, situation: Situation, card: Card) -> Ruling | None:
        """Why ``card`` may not go on the top here (dop.jack, dop.serve), or None."""
        top, wish, name = situation.top, situation.wish, card_text(card)
        rule = "dop.9" if situation.due.again else "dop.serve"
        if card.rank == "J" and top.rank == "J":
            return self.illegal("dop.jack", Message("A jack on a jack is not allowed."))
        if top.rank == "J" and wish is not None and card.suit != wish.suit:
            return self.not_wished("dop.jack", wish, card)
        if card.rank != "J" and top.rank != "J" and not serves(card, top):
            return self.illegal(
                rule,
                Message(
                    "The %(name)s does not serve the %(card)s.", name=name, card=card_text(top)
                ),
            )
        return None

    def judge_play(self, situation: Situation, action: Action) -> Ruling:
        """Counter a 7 or 8 in kind, or serve (also as one of a nine's extra cards)."""
        if len(action.play) != 1:
            return self.illegal("dop.serve", Message("You play one card at a time."))
        card, due = action.play[0], situation.due
        for kind, (rank, rule) in CHAINS.items():
            if getattr(due, kind) and card.rank != rank:
                return self.illegal(
                    rule,
                    Message("Only a seven counters it; otherwise you draw.")
                    if rank == "7"
                    else Message("Only an eight counters it; otherwise you are skipped."),
                )
        if due.draw and situation.top_was_last:
            # dop.lastcard.two: after a 7 as its player's last card nobody counters any more.
            return self.illegal(
                "dop.lastcard.two",
                Message(
                    "The seven was its player's last card: it cannot be countered any more, you "
                    "draw "
                    "%(draw)s cards.",
                    draw=due.draw,
                ),
            )
        refusal = self.refuse(situation, card)
        if refusal:
            return refusal
        return self.finish(situation, action, card)

    def finish(self, situation: Situation, action: Action, card: Card) -> Ruling:
        """Effects of a legal card: chains, the nine's obligations, announcements, going out."""
        due, players = situation.due, situation.players
        rest = remaining(situation, action)
        last_of_two = rest == () and players == 2
        effects: list[Effect] = []
        if card.rank == "J":
            wish = self.wish_effect(situation, action, card, "dop.jack")
            if isinstance(wish, Ruling):
                return wish
            effects.append(wish)
        elif action.wish is not None:
            return self.illegal("dop.jack", Message("Only a jack wishes a suit."))
        # dop.9 (I): each nine adds 2 obligations, each card played uses 1.
        owed = max(due.again - 1, 0) + (2 if card.rank == "9" else 0)
        steps = 1
        if owed and (rest != () or last_of_two):
            effects.append(
                Effect("again", count=owed, rule="dop.lastcard.two" if last_of_two else "dop.9")
            )
            steps = 0
        elif card.rank == "7":
            effects.append(
                Effect(
                    "draw",
                    who="next",
                    count=due.draw + 2,
                    rule="dop.lastcard.two" if last_of_two else "dop.7",
                )
            )
        elif card.rank == "8":
            # dop.lastcard.two (I): the other player may still counter the last 8 (dop.8).
            effects.append(
                Effect(
                    "skip", who="next", count=1, rule="dop.lastcard.two" if last_of_two else "dop.8"
                )
            )
        cards_left = left(situation, action)
        if cards_left is not None and cards_left <= 1:
            effects.append(remind("dop.announce"))
        if rest == () and not (last_of_two and card.rank in ("8", "9")):
            effects.append(Effect("out", rule="dop.out"))
        effects.append(turn(steps, players, "dop.serve"))
        rule, reason = self.decided_by(situation, card)
        meaning = "dop.9" if due.again or owed else None
        return self.legal(
            rule, reason, effects, "dop.lastcard.two" if rule == "dop.lastcard.two" else meaning
        )

    def decided_by(self, situation: Situation, card: Card) -> tuple[str, Message]:
        """The rule and reason of a legal card."""
        due, name = situation.due, card_text(card)
        if due.skip and situation.top_was_last:
            # dop.lastcard.two (I): an 8 that was its player's last card may still be countered.
            return "dop.lastcard.two", Message(
                "You counter with the %(name)s: an eight that was its player's last card may "
                "still be countered with an eight.",
                name=name,
            )
        if due.draw or due.skip:
            rule = "dop.7" if due.draw else "dop.8"
            return rule, Message("You counter with the %(name)s.", name=name)
        if situation.drew:
            return "dop.draw", Message(
                "The %(name)s may go here: after drawing you may play at once.", name=name
            )
        if due.again:
            return "dop.9", Message(
                "The %(name)s is one of the cards you play after the nine.", name=name
            )
        if card.rank == "J" or situation.top.rank == "J":
            return "dop.jack", Message("The %(name)s may go here.", name=name)
        return "dop.serve", Message("The %(name)s serves.", name=name)

    def judge_draw(self, situation: Situation) -> Ruling:
        """Take the 7s (then play on), the 8, draw for a nine's card, or draw and maybe play;
        never a second time in a turn (dop.draw)."""
        due, players = situation.due, situation.players
        if situation.drew:
            return self.illegal(
                "dop.draw", Message("You already drew: play a serving card or end your turn.")
            )
        if due.draw:
            return self.legal(
                "dop.7",
                Message("You draw %(draw)s cards and may play at once.", draw=due.draw),
                [
                    Effect("draw", who="you", count=due.draw, rule="dop.7"),
                    turn(0, players, "dop.7"),
                ],
            )
        if due.skip:
            return self.skipped(situation, "dop.8")
        if due.again:
            return self.judge_nine_draw(situation)
        return self.draw_one(situation, "dop.draw", play_on=True)

    def judge_nine_draw(self, situation: Situation) -> Ruling:
        """dop.9: for every card he cannot play he draws one; never more than he owes."""
        due = situation.due
        if situation.options[NINE] == "may":
            return self.legal(
                "dop.house.nine",
                Message(
                    "By the house rule you may draw instead of playing on: %(count)s at once; then "
                    "the next player is on turn.",
                    count=count_text(due.again),
                ),
                [
                    Effect("draw", who="you", count=due.again, rule="dop.house.nine"),
                    turn(1, situation.players, "dop.house.nine"),
                ],
            )
        playable = [card for card in situation.hand or () if self.refuse(situation, card) is None]
        if playable:
            return self.illegal(
                "dop.9",
                Message(
                    "You can play the %(card)s, so you do not draw.", card=card_text(playable[0])
                ),
                interpretation="dop.9",
            )
        effects = [Effect("draw", who="you", count=1, rule="dop.9")]
        if due.again > 1:
            effects.append(Effect("again", count=due.again - 1, rule="dop.9"))
        effects.append(turn(0 if due.again > 1 else 1, situation.players, "dop.9"))
        return self.legal(
            "dop.9",
            Message("You cannot play the card you owe and draw one instead."),
            effects,
            "dop.9",
        )

    def pass_turn(self, situation: Situation) -> Ruling:
        """dop.draw: after drawing, a player who cannot or will not serve ends his turn."""
        return self.legal(
            "dop.draw", Message("You end your turn."), [turn(1, situation.players, "dop.draw")]
        )

    def start_effects(self, card: Card, players: int, options: Options = DEFAULT_OPTIONS) -> Ruling:
        """dop.deal: the first discard counts as played by the dealer."""
        situation = Situation(self.name, top=card, players=players, options=options)
        effects = self.finish(situation, Action(play=(card,)), card).effects
        return self.legal(
            "dop.deal",
            Message("The %(card)s counts as played by the dealer.", card=card_text(card)),
            list(effects),
        )
