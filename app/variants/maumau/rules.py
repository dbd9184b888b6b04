"""Mau-Mau as families play it: serve or draw, jacks wish, sevens draw, eights skip (mau.*).

Every point families argue about is a house rule (app.variants.maumau.house_rules); the
rules read them from ``situation.options`` and cite ``mau.house.*`` when a switch decides.
"""

from __future__ import annotations

from app.engine.cards import SUITS
from app.engine.cards import Card
from app.engine.cards import skat_deck
from app.engine.options import DEFAULT_OPTIONS
from app.engine.options import Options
from app.engine.situation import Action
from app.engine.situation import Situation
from app.engine.texts import card_text
from app.engine.variant import Rules
from app.engine.variant import Ruling
from app.engine.variant import left
from app.engine.variant import remaining
from app.engine.variant import remind
from app.engine.variant import serves
from app.engine.variant import turn
from app.engine.verdict import Effect
from app.text import Message
from app.variants.maumau.disputes import DISPUTES
from app.variants.maumau.house_rules import ACE
from app.variants.maumau.house_rules import DRAW_PLAY
from app.variants.maumau.house_rules import JACK_LAST
from app.variants.maumau.house_rules import JACK_ON_JACK
from app.variants.maumau.house_rules import NINE
from app.variants.maumau.house_rules import SEVEN
from app.variants.maumau.rule_ids import INTERPRETATIONS
from app.variants.maumau.rule_ids import RULE_KINDS


class MaumauRules(Rules):
    """Mau-Mau: one Skat deck, 2–6 players, the first player out wins."""

    name = "maumau"
    prefix = "mau"
    max_players = 6
    serve_rule = "mau.serve"
    deck_hint = Message("one Skat deck: C/S/H/D with 7, 8, 9, 10, J, Q, K, A")
    house_rules = (JACK_ON_JACK, SEVEN, NINE, ACE, DRAW_PLAY, JACK_LAST)
    disputes = DISPUTES
    play_after_draw = True  # mau.draw.play (judge_draw keeps the turn only when the switch is on)
    wish_optional_on_top = True  # mau.start: a turned-up jack wishes nothing
    pending_ranks = {"draw": ("7",), "skip": ("8",), "again": ("A",)}
    rule_kinds = RULE_KINDS
    interpretations = INTERPRETATIONS

    def deck(self, players: int) -> list[Card]:
        """One Skat deck of 32 cards."""
        return skat_deck(1)

    def wish_choices(self, situation: Situation, card: Card) -> tuple[str, ...]:
        """mau.jack: any of the four suits."""
        return SUITS

    def pending_tops(self, options: Options) -> dict[str, tuple[str, ...]]:
        """A seven draws unless mau.house.seven "none"; an ace asks for more only with
        mau.house.ace "again"."""
        tops = dict(self.pending_ranks)
        if options[SEVEN] == "none":
            tops["draw"] = ()
        if options[ACE] != "again":
            tops["again"] = ()
        return tops

    def seven_rule(self, situation: Situation) -> str:
        """mau.7 by default, the house rule when it changes the seven."""
        return "mau.7" if situation.options[SEVEN] == "stack" else "mau.house.seven"

    def judge_play(self, situation: Situation, action: Action) -> Ruling:
        """One card: a pending 7 or 8 first, then the draw switch, serving and the jacks."""
        if len(action.play) != 1:
            return self.illegal("mau.serve", Message("You play one card at a time."))
        card, due = action.play[0], situation.due
        if due.skip:
            return self.illegal(
                "mau.8", Message("The eight cannot be passed on with an eight: you are skipped.")
            )
        if due.draw and (situation.options[SEVEN] != "stack" or card.rank != "7"):
            return self.illegal(
                self.seven_rule(situation),
                Message("The seven cannot be passed on: you draw %(draw)s cards.", draw=due.draw)
                if situation.options[SEVEN] != "stack"
                else Message(
                    "Only a seven passes the seven on; otherwise you draw %(draw)s cards.",
                    draw=due.draw,
                ),
            )
        if situation.drew and not situation.options.on(DRAW_PLAY):
            return self.illegal(
                "mau.house.drawplay", Message("By the house rule your turn passes after drawing.")
            )
        refusal = self.refuse(situation, card) or self.last_jack(situation, action, card)
        return refusal or self.finish(situation, action, card)

    def refuse(self, situation: Situation, card: Card) -> Ruling | None:
        """Why ``card`` may not go on the top (mau.jack, mau.serve), or None."""
        top, wish = situation.top, situation.wish
        if card.rank == "J" and top.rank == "J" and not situation.options.on(JACK_ON_JACK):
            return self.illegal("mau.jack", Message("A jack may not go on a jack."))
        if top.rank == "J" and wish is not None and card.suit != wish.suit and card.rank != "J":
            return self.not_wished("mau.jack", wish, card)
        if card.rank != "J" and top.rank != "J" and not serves(card, top):
            rule = "mau.house.ace" if situation.due.again else "mau.serve"
            return self.illegal(
                rule,
                Message(
                    "The %(name)s does not serve the %(card)s.",
                    name=card_text(card),
                    card=card_text(top),
                ),
            )
        return None

    def last_jack(self, situation: Situation, action: Action, card: Card) -> Ruling | None:
        """mau.house.jacklast off: a jack may not be the last card."""
        if situation.options.on(JACK_LAST) or card.rank != "J":
            return None
        if remaining(situation, action) != ():
            return None
        return self.illegal(
            "mau.house.jacklast", Message("By the house rule a jack may not be your last card.")
        )

    def finish(self, situation: Situation, action: Action, card: Card) -> Ruling:
        """The card's effect on the next players, the reminders, going out."""
        if action.wish is not None and card.rank != "J":
            return self.illegal("mau.jack", Message("Only a jack wishes a suit."))
        done = self.card_effects(situation, action, card)
        if isinstance(done, Ruling):
            return done
        effects, steps = done
        cards_left = left(situation, action)
        stuck = any(effect.type == "draw" and effect.who == "you" for effect in effects)
        if cards_left == 1 or (cards_left == 0 and card.rank == "J"):
            effects.append(remind("mau.last"))
        if remaining(situation, action) == () and not stuck:
            effects.append(Effect("out", rule="mau.serve"))
        effects.append(turn(steps, situation.players, "mau.serve"))
        rule, reason = self.decided_by(situation, card)
        # An ace as the last card under mau.house.ace "again" leaves a card owed (the I: line).
        return self.legal(rule, reason, effects, "mau.house.ace" if stuck else None)

    def card_effects(
        self, situation: Situation, action: Action, card: Card
    ) -> tuple[list[Effect], int] | Ruling:
        """What the card does, and how many seats the turn moves on."""
        options, players = situation.options, situation.players
        if card.rank == "J":
            wish = self.wish_effect(situation, action, card, "mau.jack")
            return wish if isinstance(wish, Ruling) else ([wish], 1)
        if card.rank == "7" and options[SEVEN] != "none":
            count = situation.due.draw + 2
            return [Effect("draw", who="next", count=count, rule=self.seven_rule(situation))], 1
        if card.rank == "8":
            return [Effect("skip", who="next", count=1, rule="mau.8")], 2
        if card.rank == "9" and options[NINE] == "reverse":
            # mau.house.nine: with two players the same player is on turn again.
            steps = 0 if players == 2 else 1
            return [Effect("reverse", rule="mau.house.nine")], steps
        if card.rank == "A" and options[ACE] == "again":
            if remaining(situation, action) == ():
                # Nothing left to play on the ace: he draws the card he owes.
                return [Effect("draw", who="you", count=1, rule="mau.house.ace")], 1
            return [Effect("again", count=1, rule="mau.house.ace")], 0
        return [], 1

    def decided_by(self, situation: Situation, card: Card) -> tuple[str, Message]:
        """The rule and reason of a legal card."""
        name, options = card_text(card), situation.options
        if situation.due.draw:
            return "mau.7", Message("You pass the seven on with the %(name)s.", name=name)
        if situation.drew:
            return "mau.draw.play", Message(
                "The %(name)s may go here: after drawing you may play at once.", name=name
            )
        if situation.due.again:
            return "mau.house.ace", Message("The %(name)s is the card after the ace.", name=name)
        if card.rank == "J" and situation.top.rank == "J":
            return "mau.house.jackonjack", Message("By the house rule a jack may go on a jack.")
        if card.rank == "J" or situation.top.rank == "J":
            return "mau.jack", Message("The %(name)s may go here.", name=name)
        if card.rank == "7":
            return self.seven_rule(situation), Message("The %(name)s serves.", name=name)
        if card.rank == "8":
            return "mau.8", Message("The %(name)s serves.", name=name)
        if card.rank == "9":
            rule = "mau.9" if options[NINE] == "none" else "mau.house.nine"
            return rule, Message("The %(name)s serves.", name=name)
        if card.rank == "A":
            rule = "mau.ace" if options[ACE] == "none" else "mau.house.ace"
            return rule, Message("The %(name)s serves.", name=name)
        return "mau.serve", Message("The %(name)s serves.", name=name)

    def judge_draw(self, situation: Situation) -> Ruling:
        """Take the sevens or the skip, draw for the ace's card, or draw one."""
        due = situation.due
        if situation.drew:
            return self.illegal(
                "mau.draw.play", Message("You already drew: play the drawn card or end your turn.")
            )
        if due.draw:
            return self.take_cards(situation, self.seven_rule(situation))
        if due.skip:
            return self.skipped(situation, "mau.8")
        if due.again:
            return self.legal(
                "mau.house.ace",
                Message("You draw one card instead of playing on the ace; your turn ends."),
                [
                    Effect("draw", who="you", count=1, rule="mau.house.ace"),
                    turn(1, situation.players, "mau.house.ace"),
                ],
            )
        if situation.options.on(DRAW_PLAY):
            return self.draw_one(situation, "mau.draw.play", play_on=True)
        return self.draw_one(situation, "mau.house.drawplay", play_on=False)

    def pass_turn(self, situation: Situation) -> Ruling:
        """mau.draw.play: the drawn card does not serve (or he keeps it): the turn passes."""
        return self.legal(
            "mau.draw.play",
            Message("You end your turn."),
            [turn(1, situation.players, "mau.draw.play")],
        )

    def start_effects(self, card: Card, players: int, options: Options = DEFAULT_OPTIONS) -> Ruling:
        """mau.start: a turned-up 7 or 8 hits the player after the dealer; on a turned-up jack
        he may play any card (nobody wished)."""
        name = card_text(card)
        if card.rank == "7" and options[SEVEN] != "none":
            return self.legal(
                "mau.start",
                Message("The %(card)s counts as played by the dealer.", card=name),
                [
                    Effect("draw", who="next", count=2, rule="mau.start"),
                    turn(1, players, "mau.start"),
                ],
            )
        if card.rank == "8":
            return self.legal(
                "mau.start",
                Message("The %(card)s counts as played by the dealer.", card=name),
                [
                    Effect("skip", who="next", count=1, rule="mau.start"),
                    turn(2, players, "mau.start"),
                ],
            )
        if card.rank == "J":
            return self.legal(
                "mau.start",
                Message("The turned-up jack wishes nothing: the first player may play any card."),
                [turn(1, players, "mau.start")],
            )
        return self.legal(
            "mau.start",
            Message("The %(card)s has no effect as the start card.", card=name),
            [turn(1, players, "mau.start")],
        )
