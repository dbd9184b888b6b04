"""Terroristen-Mau-Mau: several decks, same-rank plays, nines hit backwards (ter.*)."""

from __future__ import annotations

from dataclasses import replace

from app.engine.cards import RANKS
from app.engine.cards import SUITS
from app.engine.cards import Card
from app.engine.cards import skat_deck
from app.engine.cards import terroristen_decks
from app.engine.disputes import Dispute
from app.engine.houserules import MULTI
from app.engine.houserules import SEVEN
from app.engine.situation import DEFAULT_OPTIONS
from app.engine.situation import Action
from app.engine.situation import Options
from app.engine.situation import Pending
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
from app.engine.verdict import Penalty
from app.text import Text
from app.variants.dynamisch.rules import counterpart

GREETINGS = {Card("C", "Q"): "ter.greet.cq", Card("D", "K"): "ter.greet.dk"}
START_SPECIALS = ("7", "8", "9", "10", "J")


class TerroristenRules(Rules):
    """Terroristen-Mau-Mau: the first player out wins; manners cost cards."""

    name = "terroristen"
    prefix = "ter"
    max_players = 10
    serve_rule = "ter.serve"
    # The disputes players have most (app.engine.disputes).
    disputes = (
        Dispute("jack-on-jack", Text("Bube auf Bube", "Jack on jack"), "top=HJ", "SJ"),
        Dispute("nine-previous", Text("Neun trifft den Vorigen", "Nine hits the previous"),
                "top=H8", "H9"),
        Dispute("nine-answer", Text("Voriger legt Neun nach", "Previous answers with a nine"),
                "top=H9 draw=1 actor=other", "S9"),
        Dispute("seven-on-seven", Text("Sieben auf Sieben", "Seven on seven"),
                "top=H7 draw=2", "S7"),
        Dispute("eight-on-eight", Text("Acht auf Acht", "Eight on eight"), "top=H8 skip=1",
                "C8"),
        Dispute("same-rank", Text("Gleiche Karten zusammen", "Same rank together"),
                "top=H8 hand=H9,C9,DK", "H9,C9"),
        Dispute("wedding", Text("Hochzeit", "Wedding"), "top=HQ actor=other", "HK"),
    )
    deck_hint = Text("Skatblätter: C/S/H/D mit 7, 8, 9, 10, J, Q, K, A",
                     "Skat decks: C/S/H/D with 7, 8, 9, 10, J, Q, K, A")
    house_rules = (SEVEN, MULTI)
    # ter.multi: after two or more aces the later extra cards lie on the first extra card,
    # so any card can be on top while "again" is pending.
    pending_ranks = {"draw": ("7", "9"), "skip": ("8",), "again": RANKS}
    multi_play = "same_rank"
    waits = True
    # ter.manners: not correcting your mistake earns cards "until you wake up".
    penalty = Penalty(take_back=True, draw=None, rule="ter.manners")
    out_of_turn_penalty = penalty

    def deck(self, players: int) -> list[Card]:
        """I: ceil(players × 15 / 32) Skat decks shuffled together, at least 2."""
        return skat_deck(terroristen_decks(players))

    def wish_choices(self, situation: Situation, card: Card) -> tuple[str, ...]:
        """ter.jack: any suit."""
        return SUITS

    def pending_tops(self, options: Options) -> dict[str, tuple[str, ...]]:
        """ter.house.seven "none": a seven has no effect, so it leaves nothing pending."""
        if options.seven == "none":
            return {**self.pending_ranks, "draw": ("9",)}
        return self.pending_ranks

    def judge_play(self, situation: Situation, action: Action) -> Ruling:
        """Same-rank groups whose first card serves; 7s and 8s cannot be passed, 9s can."""
        cards, due = action.play, situation.due
        first = cards[0]
        if any(card.rank != first.rank for card in cards):
            return self.illegal("ter.multi", Text(
                "Zusammen darf man nur Karten gleichen Werts legen.",
                "Only cards of the same rank may be played together."))
        if situation.options.multi == "twins" and any(card != first for card in cards):
            return self.illegal("ter.house.multi", Text(
                "Nach der Hausregel darf man nur gleiche Karten (Farbe und Wert) zusammen "
                "legen.",
                "By the house rule only identical cards (suit and rank) may be played "
                "together."))
        if due.skip:
            return self.illegal("ter.8", Text(
                "Die Acht kann man nicht mit einer Acht weitergeben: Du setzt aus.",
                "The eight cannot be passed on with an eight: you are skipped."))
        if due.draw and situation.top.rank == "7":
            return self.judge_seven(situation, action)
        if due.draw and first.rank != "9":
            return self.illegal("ter.9", Text(
                f"Auf die Neun ziehst du {count_text(due.draw).de} oder legst selbst eine Neun.",
                f"On the nine you draw {count_text(due.draw).en} or play a nine yourself."))
        refusal = self.refuse(situation, action)
        if refusal:
            return refusal
        return self.finish(situation, action)

    def judge_seven(self, situation: Situation, action: Action) -> Ruling:
        """A pending seven: ter.7 (I) cannot be passed on; ter.house.seven "pass" lets a
        seven pass it on."""
        due = situation.due
        if situation.options.seven != "pass":
            return self.illegal("ter.7", Text(
                f"Die Sieben kann man nicht weitergeben: Du ziehst {due.draw} Karten.",
                f"The seven cannot be passed on: you draw {due.draw} cards."),
                interpretation="ter.7")
        if action.play[0].rank != "7":
            return self.illegal("ter.house.seven", Text(
                f"Nach der Hausregel gibt nur eine Sieben die Sieben weiter; sonst ziehst du "
                f"{due.draw} Karten.",
                f"By the house rule only a seven passes the seven on; otherwise you draw "
                f"{due.draw} cards."))
        return self.finish(situation, action)

    def refuse(self, situation: Situation, action: Action) -> Ruling | None:
        """Why the first card may not be played here, or None when it may."""
        first, top, wish = action.play[0], situation.top, situation.wish
        name, top_name = card_text(first), card_text(top)
        if first.rank == "J" and top.rank == "J":
            return self.illegal("ter.jack", Text("Ein Bube darf nicht auf einen Buben.",
                                                 "A jack may not go on a jack."))
        if top.rank == "J" and wish is not None and first.suit != wish.suit:
            return self.not_wished("ter.jack", wish, first)
        if first.rank != "J" and top.rank != "J" and not serves(first, top):
            others = [card for card in action.play[1:] if serves(card, top)]
            hint = Text(f" Leg {card_text(others[0]).de} zuerst.",
                        f" Put the {card_text(others[0]).en} first.") if others else Text("", "")
            return self.illegal("ter.multi" if others else "ter.serve", Text(
                f"{name.de} bedient {top_name.de} nicht.{hint.de}",
                f"The {name.en} does not serve the {top_name.en}.{hint.en}"))
        return None

    def decided_by(self, situation: Situation, action: Action) -> tuple[str, Text, str | None]:
        """The rule, reason and interpretation of a legal play."""
        cards, first = action.play, action.play[0]
        names = Text(*(" + ".join(card_text(c)[i] for c in cards) for i in (0, 1)))
        if situation.due.draw and situation.top.rank == "7":
            return "ter.house.seven", Text(f"Du gibst die Sieben mit {names.de} weiter.",
                                           f"You pass the seven on with {names.en}."), None
        if situation.due.draw:
            return "ter.9", Text(f"Du gibst die Neun mit {names.de} weiter.",
                                 f"You pass the nine on with {names.en}."), None
        if len(cards) > 1:
            mixed = len({card.suit for card in cards}) > 1
            return "ter.multi", Text(f"{names.de} zusammen: Die erste Karte bedient.",
                                     f"{names.en} together: the first card serves."), \
                "ter.multi" if mixed else None
        if situation.due.again:
            return "ter.ace", Text(f"{names.de} ist die Karte nach dem Ass.",
                                   f"The {names.en} is the card after the ace."), None
        if first.rank == "J" or situation.top.rank == "J":
            return "ter.jack", Text(f"{names.de} darf hier liegen.",
                                    f"The {names.en} may go here."), None
        return "ter.serve", Text(f"{names.de} bedient.", f"The {names.en} serves."), None

    def finish(self, situation: Situation, action: Action, start: bool = False) -> Ruling:
        """Effects of the played group: multiplied by ter.multi, then the table manners.

        While he still owes cards for aces (ter.ace), what his 7s and 8s do to the next
        players waits until his turn passes (then ``situation.waiting`` carries it); a nine
        starts its chain at once and interrupts his turn.
        """
        cards, players, due = action.play, situation.players, situation.due
        first, count = cards[0], len(cards)
        effects = [remind("ter.pik")] if any(card.suit == "S" for card in cards) else []
        rest = remaining(situation, action)
        # ter.ace, ter.multi: the extra cards still owed after this play, plus its own aces.
        owed = max(due.again - 1, 0) + (count if first.rank == "A" else 0)
        nine = first.rank == "9"
        if nine:
            effects.append(Effect("draw", who="previous", count=due.draw + count,
                                  rule="ter.9"))
        elif first.rank == "10" and count % 2 and players > 2:
            effects.append(Effect("reverse", rule="ter.10"))
        elif first.rank == "J":
            wish = self.wish_effect(situation, action, first, "ter.jack")
            if isinstance(wish, Ruling):
                return wish
            effects.append(wish)
        if action.wish is not None and first.rank != "J":
            return self.illegal("ter.jack", Text("Nur ein Bube wünscht eine Farbe.",
                                                 "Only a jack wishes a suit."))
        stuck = first.rank == "A" and rest == ()
        if stuck:
            # ter.ace: with no card left he cannot play the extra card, so he draws one.
            effects.append(Effect("draw", who="you", count=1, rule="ter.ace"))
            owed -= 1
        hits = self.hits(situation, first, count)
        if owed and (rest != () or stuck):
            effects += self.hit_effects(situation, hits)
            effects.append(Effect("again", count=owed, rule="ter.ace"))
            steps = -1 if nine else 0  # a nine's chain comes first
        elif nine:
            steps = -1  # the chain interrupts his turn; what waits follows it (pass_turn)
        else:
            steps = self.passing(situation, hits, effects)
        out = rest == () and first.rank != "A"
        effects += self.table_manners(situation, action, out)
        if out:
            effects.append(Effect("out", rule="ter.mau"))
        effects.append(turn(steps, players, "ter.serve"))
        rule, reason, meaning = self.decided_by(situation, action)
        if first.rank == "7" and situation.options.seven == "draw2":
            meaning = meaning or "ter.7"  # the 7's effect is the project's interpretation
        if start:
            rule, reason, meaning = "ter.start", Text(
                f"{card_text(first).de} zählt als vom Geber gespielt.",
                f"The {card_text(first).en} counts as played by the dealer."), None
        return self.legal(rule, reason, effects, meaning)

    def hits(self, situation: Situation, first: Card, count: int) -> Pending:
        """What the played cards do to the next players: 7s make the next draw (ter.7, or
        a pending seven passed on, ter.house.seven), 8s skip (ter.8), multiplied by the
        number of cards (ter.multi)."""
        draw = 0
        if first.rank == "7" and situation.options.seven != "none":
            passed = situation.due.draw if situation.top.rank == "7" else 0
            draw = passed + 2 * count
        return Pending(draw=draw, skip=count if first.rank == "8" else 0)

    def hit_effects(self, situation: Situation, hits: Pending) -> list[Effect]:
        """The draw and skip effects of ``hits`` for the next player."""
        rule = "ter.7" if situation.options.seven == "draw2" else "ter.house.seven"
        effects = [Effect("draw", who="next", count=hits.draw, rule=rule)] if hits.draw else []
        if hits.skip:
            effects.append(Effect("skip", who="next", count=hits.skip, rule="ter.8"))
        return effects

    def passing(self, situation: Situation, hits: Pending, effects: list[Effect]) -> int:
        """His turn passes: the hits of this play and those that waited (ter.multi) add up
        and go to ``effects``; the seats the turn moves on.

        ter.7 (I): the next player draws and his turn ends; ter.8: each eight skips one
        more. With ter.house.seven "pass" the next player faces the sevens and may pass
        them on — unless eights skip him anyway, then he just draws.
        """
        waiting = situation.waiting or Pending()
        total = Pending(draw=hits.draw + waiting.draw, skip=hits.skip + waiting.skip)
        effects += self.hit_effects(situation, total)
        if situation.options.seven == "pass" and total.draw and not total.skip:
            return 1
        return 1 + total.skip + (1 if total.draw else 0)

    def table_manners(self, situation: Situation, action: Action, out: bool) -> list[Effect]:
        """Weddings, greetings, knocking and "Mau" — the referee can only remind of them."""
        effects: list[Effect] = []
        for card in dict.fromkeys(action.play):
            if card.rank in ("Q", "K"):
                effects.append(Effect("wedding", who="other", card=counterpart(card),
                                      rule="ter.wedding"))
        effects += [Effect("remind", count=action.play.count(card), rule=rule)
                    for card, rule in GREETINGS.items() if card in action.play]
        if left(situation, action) == 1:
            effects.append(remind("ter.knock"))
        if out:
            effects.append(remind("ter.mau"))
        return effects

    def judge_draw(self, situation: Situation) -> Ruling:
        """Take the 7, 9 or 8, draw when the ace's extra card cannot be played, or draw."""
        due, players, top = situation.due, situation.players, situation.top
        if due.draw and top.rank == "7":
            passing = situation.options.seven == "pass"
            rule = "ter.house.seven" if passing else "ter.7"
            return self.legal(rule, Text(
                f"Du ziehst {due.draw} Karten; dein Zug endet.",
                f"You draw {due.draw} cards; your turn ends."),
                [Effect("draw", who="you", count=due.draw, rule=rule),
                 turn(1, players, rule)], None if passing else "ter.7")
        if due.draw:
            # ter.9: play goes on after the player of the first nine, wherever that is.
            after = turn(2, players, "ter.9") if due.draw == 1 else \
                Effect("turn", who="after_first_nine", rule="ter.9")
            return self.legal("ter.9", Text(
                f"Du ziehst {count_text(due.draw).de}; weiter geht es nach dem Spieler der ersten "
                "Neun.",
                f"You draw {count_text(due.draw).en}; play goes on after the player of the first "
                "nine."), [Effect("draw", who="you", count=due.draw, rule="ter.9"), after])
        if due.skip:
            return self.legal("ter.8", Text("Du setzt aus.", "You are skipped."),
                              [Effect("skip", who="you", count=1, rule="ter.8"),
                               turn(1, players, "ter.8")])
        if due.again:
            return self.judge_ace_draw(situation)
        return self.legal("ter.serve", Text("Du ziehst eine Karte.", "You draw one card."),
                          [Effect("draw", who="you", count=1, rule="ter.serve"),
                           turn(1, players, "ter.serve")])

    def judge_ace_draw(self, situation: Situation) -> Ruling:
        """ter.ace (I): for an owed card he cannot play he draws one; the others stay owed,
        and his turn passes once none is."""
        serving = [card for card in situation.hand or ()
                   if self.refuse(situation, Action(play=(card,))) is None]
        if serving:
            return self.illegal("ter.ace", Text(
                f"Nach dem Ass musst du eine passende Karte legen, z. B. "
                f"{card_text(serving[0]).de}.",
                f"After the ace you must play a serving card, e.g. the "
                f"{card_text(serving[0]).en}."))
        effects = [Effect("draw", who="you", count=1, rule="ter.ace")]
        owed = situation.due.again - 1
        if owed:
            effects.append(Effect("again", count=owed, rule="ter.ace"))
        steps = self.passing(situation, Pending(), effects) if not owed else 0
        effects.append(turn(steps, situation.players, "ter.ace"))
        return self.legal("ter.ace", Text(
            "Du kannst nicht bedienen und ziehst eine Karte.",
            "You cannot serve and draw one card."), effects)

    def pass_turn(self, situation: Situation) -> Ruling:
        """ter.9: after a nine chain play goes on after the player of the first nine; what
        his earlier cards of the turn still do to the next players happens now."""
        effects: list[Effect] = []
        steps = self.passing(situation, Pending(), effects)
        effects.append(turn(steps, situation.players, "ter.9"))
        return self.legal("ter.9", Text(
            "Die Neunerkette ist vorbei: Nach dir geht es weiter.",
            "The nine chain is over: play goes on after you."), effects)

    def judge_other(self, situation: Situation, action: Action) -> Ruling:
        """ter.wedding: the counterpart of the queen/king on top, out of turn, order kept.

        ter.9: a nine makes the previous player draw; he is not on turn, yet he is the one
        it asks, so he answers it (a nine, or taking the cards) as its victim.
        """
        if situation.due.draw and situation.top.rank == "9":
            return self.judge(replace(situation, actor="on_turn"), action)
        wanted = counterpart(situation.top)
        if action.draw or len(action.play) != 1 or action.play[0] != wanted:
            return self.illegal("ter.wedding", Text(
                "Außer der Reihe darf man nur klopfen und das Gegenstück zur obersten Dame "
                "bzw. zum obersten König legen.",
                "Out of turn you may only knock and play the counterpart of the queen or king "
                "on top."), penalty=self.out_of_turn_penalty if action.play else None)
        out = remaining(situation, action) == ()
        effects = self.table_manners(situation, action, out)
        if out:
            effects.append(Effect("out", rule="ter.mau"))
        card = card_text(action.play[0])
        return self.legal("ter.wedding", Text(
            f"Klopfen und {card.de} dazwischenlegen; die Reihenfolge bleibt.",
            f"Knock and put the {card.en} in between; the order of play stays."), effects)

    def start_effects(self, card: Card, players: int, options: Options = DEFAULT_OPTIONS) -> Ruling:
        """ter.start: a special start card counts as played by the dealer."""
        if card.rank in START_SPECIALS or card in GREETINGS:
            situation = Situation(self.name, top=card, players=players, options=options)
            return self.finish(situation, Action(play=(card,)), start=True)
        return self.legal("ter.start", Text(
            f"{card_text(card).de} ist keine Sonderkarte und hat als Startkarte keine Wirkung.",
            f"The {card_text(card).en} is not special and has no effect as the start card."),
            [turn(1, players, "ter.start")])
