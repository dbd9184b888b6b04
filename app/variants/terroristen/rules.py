"""Terroristen-Mau-Mau: several decks, same-rank plays, nines hit backwards (ter.*)."""

from __future__ import annotations

from dataclasses import replace

from app.engine.cards import RANKS
from app.engine.cards import SUITS
from app.engine.cards import Card
from app.engine.cards import skat_deck
from app.engine.disputes import Dispute
from app.engine.options import DEFAULT_OPTIONS
from app.engine.options import Options
from app.engine.situation import Action
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
from app.text import Message
from app.variants.dynamisch.rules import counterpart
from app.variants.terroristen.deck import decks_for
from app.variants.terroristen.house_rules import MULTI
from app.variants.terroristen.house_rules import SEVEN
from app.variants.terroristen.rule_ids import INTERPRETATIONS
from app.variants.terroristen.rule_ids import RULE_KINDS

GREETINGS = {Card("C", "Q"): "ter.greet.cq", Card("D", "K"): "ter.greet.dk"}
START_SPECIALS = ("7", "8", "9", "10", "J")


class TerroristenRules(Rules):
    """Terroristen-Mau-Mau: the first player out wins; manners cost cards."""

    name = "terroristen"
    rule_kinds = RULE_KINDS
    interpretations = INTERPRETATIONS
    prefix = "ter"
    max_players = 10
    serve_rule = "ter.serve"
    disputes = (
        Dispute("jack-on-jack", Message("Jack on jack"), "top=HJ", "SJ"),
        Dispute("nine-previous", Message("Nine hits the previous"), "top=H8", "H9"),
        Dispute(
            "nine-answer",
            Message("Previous answers with a nine"),
            "top=H9 draw=1 actor=other",
            "S9",
        ),
        Dispute("seven-on-seven", Message("Seven on seven"), "top=H7 draw=2", "S7"),
        Dispute("eight-on-eight", Message("Eight on eight"), "top=H8 skip=1", "C8"),
        Dispute("same-rank", Message("Same rank together"), "top=H8 hand=H9,C9,DK", "H9,C9"),
        Dispute("wedding", Message("Wedding"), "top=HQ actor=other", "HK"),
    )
    deck_hint = Message("Skat decks: C/S/H/D with 7, 8, 9, 10, J, Q, K, A")
    house_rules = (SEVEN, MULTI)
    # ter.multi: after two or more aces any card can be on top while "again" is pending.
    pending_ranks = {"draw": ("7", "9"), "skip": ("8",), "again": RANKS}
    multi_play = "same_rank"
    waits = True
    # ter.manners: not correcting your mistake earns cards "until you wake up".
    penalty = Penalty(take_back=True, draw=None, rule="ter.manners")
    out_of_turn_penalty = penalty

    def deck(self, players: int) -> list[Card]:
        """I: ceil(players × 15 / 32) Skat decks shuffled together, at least 2."""
        return skat_deck(decks_for(players))

    def wish_choices(self, situation: Situation, card: Card) -> tuple[str, ...]:
        """ter.jack: any suit."""
        return SUITS

    def pending_tops(self, options: Options) -> dict[str, tuple[str, ...]]:
        """ter.house.seven "none": a seven has no effect, so it leaves nothing pending."""
        if options[SEVEN] == "none":
            return {**self.pending_ranks, "draw": ("9",)}
        return self.pending_ranks

    def judge_play(self, situation: Situation, action: Action) -> Ruling:
        """Same-rank groups whose first card serves; 7s and 8s cannot be passed, 9s can."""
        cards, due = action.play, situation.due
        first = cards[0]
        if any(card.rank != first.rank for card in cards):
            return self.illegal(
                "ter.multi", Message("Only cards of the same rank may be played together.")
            )
        if situation.options[MULTI] == "twins" and any(card != first for card in cards):
            return self.illegal(
                "ter.house.multi",
                Message(
                    "By the house rule only identical cards (suit and rank) may be played together."
                ),
            )
        if due.skip:
            return self.illegal(
                "ter.8", Message("The eight cannot be passed on with an eight: you are skipped.")
            )
        if due.draw and situation.top.rank == "7":
            return self.judge_seven(situation, action)
        if due.draw and first.rank != "9":
            return self.illegal(
                "ter.9",
                Message(
                    "On the nine you draw %(count)s or play a nine yourself.",
                    count=count_text(due.draw),
                ),
            )
        refusal = self.refuse(situation, action)
        if refusal:
            return refusal
        return self.finish(situation, action)

    def judge_seven(self, situation: Situation, action: Action) -> Ruling:
        """A pending seven: ter.7 (I) cannot be passed on, unless ter.house.seven "pass"."""
        due = situation.due
        if situation.options[SEVEN] != "pass":
            return self.illegal(
                "ter.7",
                Message("The seven cannot be passed on: you draw %(draw)s cards.", draw=due.draw),
                interpretation="ter.7",
            )
        if action.play[0].rank != "7":
            return self.illegal(
                "ter.house.seven",
                Message(
                    "By the house rule only a seven passes the seven on; otherwise you draw "
                    "%(draw)s "
                    "cards.",
                    draw=due.draw,
                ),
            )
        return self.finish(situation, action)

    def refuse(self, situation: Situation, action: Action) -> Ruling | None:
        """Why the first card may not be played here, or None when it may."""
        first, top, wish = action.play[0], situation.top, situation.wish
        name, top_name = card_text(first), card_text(top)
        if first.rank == "J" and top.rank == "J":
            return self.illegal("ter.jack", Message("A jack may not go on a jack."))
        if top.rank == "J" and wish is not None and first.suit != wish.suit:
            return self.not_wished("ter.jack", wish, first)
        if first.rank != "J" and top.rank != "J" and not serves(first, top):
            others = [card for card in action.play[1:] if serves(card, top)]
            hint = Message(" Put the %(card)s first.", card=card_text(others[0])) if others else ""
            return self.illegal(
                "ter.multi" if others else "ter.serve",
                Message(
                    "The %(name)s does not serve the %(top_name)s.%(hint)s",
                    name=name,
                    top_name=top_name,
                    hint=hint,
                ),
            )
        return None

    def decided_by(self, situation: Situation, action: Action) -> tuple[str, Message, str | None]:
        """The rule, reason and interpretation of a legal play."""
        cards, first = action.play, action.play[0]
        names = card_text(cards[0])
        for card in cards[1:]:
            names = Message("%(cards)s + %(card)s", cards=names, card=card_text(card))
        if situation.due.draw and situation.top.rank == "7":
            return (
                "ter.house.seven",
                Message("You pass the seven on with %(names)s.", names=names),
                None,
            )
        if situation.due.draw:
            return "ter.9", Message("You pass the nine on with %(names)s.", names=names), None
        if len(cards) > 1:
            mixed = len({card.suit for card in cards}) > 1
            return (
                "ter.multi",
                Message("%(names)s together: the first card serves.", names=names),
                "ter.multi" if mixed else None,
            )
        if situation.due.again:
            return "ter.ace", Message("The %(names)s is the card after the ace.", names=names), None
        if first.rank == "J" or situation.top.rank == "J":
            return "ter.jack", Message("The %(names)s may go here.", names=names), None
        return "ter.serve", Message("The %(names)s serves.", names=names), None

    def finish(self, situation: Situation, action: Action, start: bool = False) -> Ruling:
        """Effects of the played group, multiplied by ter.multi, then the table manners. While he
        owes cards for aces (ter.ace) his 7s and 8s wait for his turn to pass
        (``situation.waiting``); a nine starts its chain at once and interrupts his turn."""
        cards, players, due = action.play, situation.players, situation.due
        first, count = cards[0], len(cards)
        effects = [remind("ter.pik")] if any(card.suit == "S" for card in cards) else []
        rest = remaining(situation, action)
        # ter.ace, ter.multi: the extra cards still owed after this play, plus its own aces.
        owed = max(due.again - 1, 0) + (count if first.rank == "A" else 0)
        nine = first.rank == "9"
        if nine:
            effects.append(Effect("draw", who="previous", count=due.draw + count, rule="ter.9"))
        elif first.rank == "10" and count % 2 and players > 2:
            effects.append(Effect("reverse", rule="ter.10"))
        elif first.rank == "J":
            wish = self.wish_effect(situation, action, first, "ter.jack")
            if isinstance(wish, Ruling):
                return wish
            effects.append(wish)
        if action.wish is not None and first.rank != "J":
            return self.illegal("ter.jack", Message("Only a jack wishes a suit."))
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
        if first.rank == "7" and situation.options[SEVEN] == "draw2":
            meaning = meaning or "ter.7"  # the 7's effect is the project's interpretation
        if start:
            rule, reason, meaning = (
                "ter.start",
                Message("The %(card)s counts as played by the dealer.", card=card_text(first)),
                None,
            )
        return self.legal(rule, reason, effects, meaning)

    def hits(self, situation: Situation, first: Card, count: int) -> Pending:
        """7s make the next draw (ter.7; a pending seven passed on, ter.house.seven), 8s skip
        (ter.8), times the number of cards (ter.multi)."""
        draw = 0
        if first.rank == "7" and situation.options[SEVEN] != "none":
            passed = situation.due.draw if situation.top.rank == "7" else 0
            draw = passed + 2 * count
        return Pending(draw=draw, skip=count if first.rank == "8" else 0)

    def hit_effects(self, situation: Situation, hits: Pending) -> list[Effect]:
        """The draw and skip effects of ``hits`` for the next player."""
        rule = "ter.7" if situation.options[SEVEN] == "draw2" else "ter.house.seven"
        effects = [Effect("draw", who="next", count=hits.draw, rule=rule)] if hits.draw else []
        if hits.skip:
            effects.append(Effect("skip", who="next", count=hits.skip, rule="ter.8"))
        return effects

    def passing(self, situation: Situation, hits: Pending, effects: list[Effect]) -> int:
        """His turn passes: this play's hits and those that waited (ter.multi) go to `effects`;
        returns the seats the turn moves on. ter.7 (I): the next player draws, his turn ends;
        ter.8: each eight skips one more; ter.house.seven "pass": the next player may pass the
        sevens on, unless eights skip him anyway, then he just draws."""
        waiting = situation.waiting or Pending()
        total = Pending(draw=hits.draw + waiting.draw, skip=hits.skip + waiting.skip)
        effects += self.hit_effects(situation, total)
        if situation.options[SEVEN] == "pass" and total.draw and not total.skip:
            return 1
        return 1 + total.skip + (1 if total.draw else 0)

    def table_manners(self, situation: Situation, action: Action, out: bool) -> list[Effect]:
        """Weddings, greetings, knocking and "Mau" — the referee can only remind of them."""
        effects: list[Effect] = []
        for card in dict.fromkeys(action.play):
            if card.rank in ("Q", "K"):
                effects.append(
                    Effect("wedding", who="other", card=counterpart(card), rule="ter.wedding")
                )
        effects += [
            Effect("remind", count=action.play.count(card), rule=rule)
            for card, rule in GREETINGS.items()
            if card in action.play
        ]
        if left(situation, action) == 1:
            effects.append(remind("ter.knock"))
        if out:
            effects.append(remind("ter.mau"))
        return effects

    def judge_draw(self, situation: Situation) -> Ruling:
        """Take the 7, 9 or 8, draw when the ace's extra card cannot be played, or draw."""
        due, players, top = situation.due, situation.players, situation.top
        if due.draw and top.rank == "7":
            passing = situation.options[SEVEN] == "pass"
            rule = "ter.house.seven" if passing else "ter.7"
            return self.take_cards(situation, rule, None if passing else "ter.7")
        if due.draw:
            # ter.9: play goes on after the player of the first nine, wherever that is.
            after = (
                turn(2, players, "ter.9")
                if due.draw == 1
                else Effect("turn", who="after_first_nine", rule="ter.9")
            )
            return self.legal(
                "ter.9",
                Message(
                    "You draw %(count)s; play goes on after the player of the first nine.",
                    count=count_text(due.draw),
                ),
                [Effect("draw", who="you", count=due.draw, rule="ter.9"), after],
            )
        if due.skip:
            return self.skipped(situation, "ter.8")
        if due.again:
            return self.judge_ace_draw(situation)
        return self.draw_one(situation, "ter.serve", play_on=False)

    def judge_ace_draw(self, situation: Situation) -> Ruling:
        """ter.ace (I): draws one per owed card he cannot play; turn passes once none is owed."""
        serving = [
            card
            for card in situation.hand or ()
            if self.refuse(situation, Action(play=(card,))) is None
        ]
        if serving:
            return self.illegal(
                "ter.ace",
                Message(
                    "After the ace you must play a serving card, e.g. the %(card)s.",
                    card=card_text(serving[0]),
                ),
            )
        effects = [Effect("draw", who="you", count=1, rule="ter.ace")]
        owed = situation.due.again - 1
        if owed:
            effects.append(Effect("again", count=owed, rule="ter.ace"))
        steps = self.passing(situation, Pending(), effects) if not owed else 0
        effects.append(turn(steps, situation.players, "ter.ace"))
        return self.legal("ter.ace", Message("You cannot serve and draw one card."), effects)

    def pass_turn(self, situation: Situation) -> Ruling:
        """ter.9: after a nine chain play goes on after the player of the first nine; what
        his earlier cards of the turn still do to the next players happens now."""
        effects: list[Effect] = []
        steps = self.passing(situation, Pending(), effects)
        effects.append(turn(steps, situation.players, "ter.9"))
        return self.legal(
            "ter.9", Message("The nine chain is over: play goes on after you."), effects
        )

    def judge_other(self, situation: Situation, action: Action) -> Ruling:
        """ter.wedding: the counterpart of the queen/king on top, out of turn, order kept.
        ter.9: the previous player, hit by a nine, answers it (a nine, or taking the cards)."""
        if situation.due.draw and situation.top.rank == "9":
            return self.judge(replace(situation, actor="on_turn"), action)
        wanted = counterpart(situation.top)
        if action.draw or len(action.play) != 1 or action.play[0] != wanted:
            return self.illegal(
                "ter.wedding",
                Message(
                    "Out of turn you may only knock and play the counterpart of the queen or king "
                    "on "
                    "top."
                ),
                penalty=self.out_of_turn_penalty if action.play else None,
            )
        out = remaining(situation, action) == ()
        effects = self.table_manners(situation, action, out)
        if out:
            effects.append(Effect("out", rule="ter.mau"))
        card = card_text(action.play[0])
        return self.legal(
            "ter.wedding",
            Message("Knock and put the %(card)s in between; the order of play stays.", card=card),
            effects,
        )

    def start_effects(self, card: Card, players: int, options: Options = DEFAULT_OPTIONS) -> Ruling:
        """ter.start: a special start card counts as played by the dealer."""
        if card.rank in START_SPECIALS or card in GREETINGS:
            situation = Situation(self.name, top=card, players=players, options=options)
            return self.finish(situation, Action(play=(card,)), start=True)
        return self.legal(
            "ter.start",
            Message(
                "The %(card)s is not special and has no effect as the start card.",
                card=card_text(card),
            ),
            [turn(1, players, "ter.start")],
        )
