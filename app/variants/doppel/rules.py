"""Doppel Mau-Mau: two teams, nines that make you play more, 7- and 8-chains (dop.*)."""

from __future__ import annotations

from app.engine.cards import SUITS
from app.engine.cards import Card
from app.engine.cards import skat_deck
from app.engine.disputes import Dispute
from app.engine.houserules import NINE
from app.engine.situation import DEFAULT_OPTIONS
from app.engine.situation import Action
from app.engine.situation import Options
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
from app.text import Text

CHAINS = {"draw": ("7", "dop.7"), "skip": ("8", "dop.8")}


class DoppelRules(Rules):
    """Doppel Mau-Mau: one Skat deck, 4 players in 2 teams; out players sit out."""

    name = "doppel"
    prefix = "dop"
    max_players = 4
    serve_rule = "dop.serve"
    # The disputes players have most (app.engine.disputes).
    disputes = (
        Dispute("jack-on-jack", Text("Bube auf Bube", "Jack on jack"), "top=HJ", "SJ"),
        Dispute("nine-count", Text("Neun: wie viele Karten?", "Nine: how many cards?"),
                "top=H8", "H9"),
        Dispute("nine-chain", Text("Neun auf Neun", "Nine on nine"), "top=H9 again=2", "S9"),
        Dispute("counter-seven", Text("Sieben kontern", "Counter a seven"), "top=H7 draw=2",
                "S7"),
        Dispute("last-eight", Text("Acht als letzte Karte zu zweit",
                                   "Eight as last card, two left"),
                "top=H7 hand=H8 players=2", "H8"),
        Dispute("last-seven", Text("Sieben als letzte Karte kontern",
                                   "Counter a seven played as last card"),
                "top=H7 draw=2 players=3 top_was_last=true", "S7"),
    )
    deck_hint = Text("ein Skatblatt: C/S/H/D mit 7, 8, 9, 10, J, Q, K, A",
                     "one Skat deck: C/S/H/D with 7, 8, 9, 10, J, Q, K, A")
    house_rules = (NINE,)
    play_after_draw = True  # dop.draw
    asks_top_was_last = True  # dop.lastcard.two: a 7 that went out cannot be countered
    # dop.9: during a nine's extra cards any card can be on top.
    pending_ranks = {"draw": ("7",), "skip": ("8",),
                     "again": ("7", "8", "9", "10", "J", "Q", "K", "A")}

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
            return self.illegal("dop.jack", Text("Bube auf Bube stinkt!",
                                                 "A jack on a jack is not allowed."))
        if top.rank == "J" and wish is not None and card.suit != wish.suit:
            return self.not_wished("dop.jack", wish, card)
        if card.rank != "J" and top.rank != "J" and not serves(card, top):
            return self.illegal(rule, Text(
                f"{name.de} bedient {card_text(top).de} nicht.",
                f"The {name.en} does not serve the {card_text(top).en}."))
        return None

    def judge_play(self, situation: Situation, action: Action) -> Ruling:
        """Counter a 7 or 8 in kind, or serve (also as one of a nine's extra cards)."""
        if len(action.play) != 1:
            return self.illegal("dop.serve", Text("Man legt eine Karte nach der anderen.",
                                                  "You play one card at a time."))
        card, due = action.play[0], situation.due
        for kind, (rank, rule) in CHAINS.items():
            if getattr(due, kind) and card.rank != rank:
                return self.illegal(rule, Text(
                    f"Dagegen hilft nur {'eine Sieben' if rank == '7' else 'eine Acht'}; "
                    f"sonst {'ziehst du' if rank == '7' else 'setzt du aus'}.",
                    f"Only {'a seven' if rank == '7' else 'an eight'} counters it; otherwise "
                    f"you {'draw' if rank == '7' else 'are skipped'}."))
        if due.draw and situation.top_was_last:
            # dop.lastcard.two: after a 7 as its player's last card nobody counters any more.
            return self.illegal("dop.lastcard.two", Text(
                f"Die Sieben war die letzte Karte ihres Spielers: Dagegen kann man nicht mehr "
                f"kontern, du ziehst {due.draw} Karten.",
                f"The seven was its player's last card: it cannot be countered any more, you "
                f"draw {due.draw} cards."))
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
            return self.illegal("dop.jack", Text("Nur ein Bube wünscht eine Farbe.",
                                                 "Only a jack wishes a suit."))
        # dop.9 (I): each nine adds 2 obligations, each card played uses 1.
        owed = max(due.again - 1, 0) + (2 if card.rank == "9" else 0)
        steps = 1
        if owed and (rest != () or last_of_two):
            effects.append(Effect("again", count=owed,
                                  rule="dop.lastcard.two" if last_of_two else "dop.9"))
            steps = 0
        elif card.rank == "7":
            effects.append(Effect("draw", who="next", count=due.draw + 2,
                                  rule="dop.lastcard.two" if last_of_two else "dop.7"))
        elif card.rank == "8":
            # dop.lastcard.two (I): the other player may still counter the last 8 (dop.8).
            effects.append(Effect("skip", who="next", count=1,
                                  rule="dop.lastcard.two" if last_of_two else "dop.8"))
        cards_left = left(situation, action)
        if cards_left is not None and cards_left <= 1:
            effects.append(remind("dop.announce"))
        if rest == () and not (last_of_two and card.rank in ("8", "9")):
            effects.append(Effect("out", rule="dop.out"))
        effects.append(turn(steps, players, "dop.serve"))
        rule, reason = self.decided_by(situation, card)
        meaning = "dop.9" if due.again or owed else None
        return self.legal(rule, reason, effects,
                          "dop.lastcard.two" if rule == "dop.lastcard.two" else meaning)

    def decided_by(self, situation: Situation, card: Card) -> tuple[str, Text]:
        """The rule and reason of a legal card."""
        due, name = situation.due, card_text(card)
        if due.skip and situation.top_was_last:
            # dop.lastcard.two (I): an 8 that was its player's last card may still be countered.
            return "dop.lastcard.two", Text(
                f"Du konterst mit {name.de}: Auch eine Acht, die die letzte Karte ihres "
                "Spielers war, darf man mit einer Acht kontern.",
                f"You counter with the {name.en}: an eight that was its player's last card "
                "may still be countered with an eight.")
        if due.draw or due.skip:
            rule = "dop.7" if due.draw else "dop.8"
            return rule, Text(f"Du konterst mit {name.de}.", f"You counter with the {name.en}.")
        if situation.drew:
            return "dop.draw", Text(f"{name.de} darf hier liegen: Nach dem Ziehen darfst du "
                                    "gleich spielen.",
                                    f"The {name.en} may go here: after drawing you may play "
                                    "at once.")
        if due.again:
            return "dop.9", Text(f"{name.de} ist eine der Karten, die du nachlegst.",
                                 f"The {name.en} is one of the cards you play after the nine.")
        if card.rank == "J" or situation.top.rank == "J":
            return "dop.jack", Text(f"{name.de} darf hier liegen.", f"The {name.en} may go here.")
        return "dop.serve", Text(f"{name.de} bedient.", f"The {name.en} serves.")

    def judge_draw(self, situation: Situation) -> Ruling:
        """Take the 7s (then play on), the 8, draw for a nine's card, or draw and maybe play;
        never a second time in a turn (dop.draw)."""
        due, players = situation.due, situation.players
        if situation.drew:
            return self.illegal("dop.draw", Text(
                "Du hast schon gezogen: Leg eine passende Karte oder beende deinen Zug.",
                "You already drew: play a serving card or end your turn."))
        if due.draw:
            return self.legal("dop.7", Text(
                f"Du ziehst {due.draw} Karten und darfst gleich spielen.",
                f"You draw {due.draw} cards and may play at once."),
                [Effect("draw", who="you", count=due.draw, rule="dop.7"),
                 turn(0, players, "dop.7")])
        if due.skip:
            return self.legal("dop.8", Text("Du setzt aus.", "You are skipped."),
                              [Effect("skip", who="you", count=1, rule="dop.8"),
                               turn(1, players, "dop.8")])
        if due.again:
            return self.judge_nine_draw(situation)
        return self.legal("dop.draw", Text(
            "Du ziehst eine Karte und darfst sie gleich spielen; sonst setzt du aus.",
            "You draw one card and may play at once; otherwise your turn ends."),
            [Effect("draw", who="you", count=1, rule="dop.draw"), turn(0, players, "dop.draw")])

    def judge_nine_draw(self, situation: Situation) -> Ruling:
        """dop.9: for every card he cannot play he draws one; never more than he owes."""
        due = situation.due
        if situation.options.nine == "may":
            return self.legal("dop.house.nine", Text(
                f"Nach der Hausregel darfst du statt nachzulegen ziehen: "
                f"{count_text(due.again).de} auf einmal; dann ist der Nächste dran.",
                f"By the house rule you may draw instead of playing on: "
                f"{count_text(due.again).en} at once; then the next player is on turn."),
                [Effect("draw", who="you", count=due.again, rule="dop.house.nine"),
                 turn(1, situation.players, "dop.house.nine")])
        playable = [card for card in situation.hand or () if self.refuse(situation, card) is None]
        if playable:
            return self.illegal("dop.9", Text(
                f"Du kannst {card_text(playable[0]).de} nachlegen, also ziehst du nicht.",
                f"You can play the {card_text(playable[0]).en}, so you do not draw."),
                interpretation="dop.9")
        effects = [Effect("draw", who="you", count=1, rule="dop.9")]
        if due.again > 1:
            effects.append(Effect("again", count=due.again - 1, rule="dop.9"))
        effects.append(turn(0 if due.again > 1 else 1, situation.players, "dop.9"))
        return self.legal("dop.9", Text(
            "Du kannst nicht nachlegen und ziehst dafür eine Karte.",
            "You cannot play the card you owe and draw one instead."), effects, "dop.9")

    def pass_turn(self, situation: Situation) -> Ruling:
        """dop.draw: after drawing, a player who cannot or will not serve ends his turn."""
        return self.legal("dop.draw", Text("Du beendest deinen Zug.", "You end your turn."),
                          [turn(1, situation.players, "dop.draw")])

    def start_effects(self, card: Card, players: int, options: Options = DEFAULT_OPTIONS) -> Ruling:
        """dop.deal: the first discard counts as played by the dealer."""
        situation = Situation(self.name, top=card, players=players, options=options)
        effects = self.finish(situation, Action(play=(card,)), card).effects
        return self.legal("dop.deal", Text(
            f"{card_text(card).de} zählt als vom Geber gespielt.",
            f"The {card_text(card).en} counts as played by the dealer."), list(effects))
