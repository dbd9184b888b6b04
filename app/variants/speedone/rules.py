"""Speedone: the UNO-like deck, stacking options, the 22-card hand limit (spd.*)."""

from __future__ import annotations

from app.engine.cards import COLOURS
from app.engine.cards import Card
from app.engine.cards import colour_deck
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
from app.engine.variant import remind
from app.engine.variant import serves
from app.engine.variant import turn
from app.engine.verdict import Effect
from app.text import Message
from app.variants.speedone.house_rules import HANDLIMIT
from app.variants.speedone.house_rules import STACK2
from app.variants.speedone.house_rules import STACK4
from app.variants.speedone.rule_ids import INTERPRETATIONS
from app.variants.speedone.rule_ids import RULE_KINDS

HAND_LIMIT = 22
DRAW_RULES = {"+2": "spd.draw2", "W+4": "spd.draw4"}
STACK_RULES = {"+2": "spd.opt.stack2", "W+4": "spd.opt.stack4"}


class SpeedoneRules(Rules):
    """Speedone: colour or value serves, wild cards always; nobody plays out of turn."""

    name = "speedone"
    rule_kinds = RULE_KINDS
    interpretations = INTERPRETATIONS
    prefix = "spd"
    max_players = 10
    serve_rule = "spd.serve"
    # The disputes players have most (app.engine.disputes).
    disputes = (
        Dispute(
            "four-on-two", Message("+4 on +2"), "top=R+2 draw=2 options=stack2,stack4", "W+4 wish=B"
        ),
        Dispute("two-on-two", Message("+2 on +2"), "top=R+2 draw=2 options=stack2", "G+2"),
        Dispute("two-on-two-off", Message("+2 on +2, no house rule"), "top=R+2 draw=2", "G+2"),
        Dispute("reverse-two", Message("Reverse with two"), "top=R5 players=2", "RR"),
        Dispute("wild-four", Message("+4 at any time?"), "top=R5", "W+4 wish=G"),
        Dispute(
            "hand-limit",
            Message("+2 with 21 cards in hand"),
            "top=R+2 draw=2 hand_count=21",
            "draw",
        ),
    )
    deck_hint = Message("R/G/B/Y with 0–9, S, R, +2, and the wild cards W and W+4")
    house_rules = (STACK2, STACK4, HANDLIMIT)
    suits = COLOURS
    wish_kinds = {"W": "suit", "W+4": "suit"}
    pending_ranks = {"draw": ("+2", "W+4"), "skip": ("S", "R"), "again": ("S", "R")}
    wish_on_top = ("W", "W+4")
    wish_optional_on_top = True  # spd.start (I): a wild start card names no colour

    def deck(self, players: int) -> list[Card]:
        """The 108 Speedone cards."""
        return colour_deck(wilds=4)  # I (spd): four W and four W+4, as the digest settles

    def hand_limit(self, options: Options) -> int | None:
        """spd.handlimit: 22 cards, unless spd.house.handlimit is off."""
        return HAND_LIMIT if options.on(HANDLIMIT) else None

    def wish_choices(self, situation: Situation, card: Card) -> tuple[str, ...]:
        """spd.wish: any of the four colours."""
        return COLOURS

    def stacking(self, situation: Situation, rank: str) -> bool:
        """spd.opt.stack2 / spd.opt.stack4: may a +2 (W+4) be answered in kind?"""
        options = situation.options
        return options.on(STACK2 if rank == "+2" else STACK4)

    def judge_play(self, situation: Situation, action: Action) -> Ruling:
        """Stack on a pending draw, or serve by colour, value, wish or wild card."""
        if len(action.play) != 1:
            return self.illegal("spd.serve", Message("In Speedone you play one card per turn."))
        card, top, due, wish = action.play[0], situation.top, situation.due, situation.wish
        name = card_text(card)
        if due.skip:
            return self.illegal("spd.skip", Message("You are skipped."))
        if due.draw:
            return self.judge_stack(situation, action, card)
        if card.is_wild:
            return self.finish(
                situation,
                action,
                card,
                "spd.serve",
                Message("The %(name)s may always be played.", name=name),
            )
        if top.is_wild and wish is None:
            return self.finish(
                situation,
                action,
                card,
                "spd.start",
                Message(
                    "The %(card)s is the start card and names no colour: any card goes on it, the "
                    "%(name)s too.",
                    card=card_text(top),
                    name=name,
                ),
            )
        if top.is_wild and wish is not None:
            if card.suit != wish.suit:
                wished = wish_text(wish.target)
                return self.illegal(
                    "spd.wish",
                    Message(
                        "The wish is %(wished)s: the %(name)s does not fit.",
                        wished=wished,
                        name=name,
                    ),
                )
            return self.finish(
                situation,
                action,
                card,
                "spd.wish",
                Message("The %(name)s has the wished colour.", name=name),
            )
        if not serves(card, top):
            return self.illegal(
                "spd.serve",
                Message(
                    "The %(name)s matches the %(card)s in neither colour nor value.",
                    name=name,
                    card=card_text(top),
                ),
            )
        return self.finish(
            situation,
            action,
            card,
            "spd.serve",
            Message("The %(name)s matches the %(card)s.", name=name, card=card_text(top)),
        )

    def judge_stack(self, situation: Situation, action: Action, card: Card) -> Ruling:
        """A pending +2 or W+4: answer in kind where the option allows, else draw."""
        top, due = situation.top, situation.due
        if card.rank in STACK_RULES and card.rank != top.rank:
            return self.illegal(
                "spd.opt.stack4",
                Message("A draw-two on a wild draw-four or the other way round is never allowed."),
            )
        if card.rank != top.rank:
            return self.illegal(
                DRAW_RULES[top.rank],
                Message("You must draw %(draw)s cards; then your turn ends.", draw=due.draw),
            )
        if not self.stacking(situation, card.rank):
            return self.illegal(
                STACK_RULES[card.rank],
                Message(
                    "Without the table option you may not answer with a %(card)s.",
                    card=card_text(card),
                ),
            )
        return self.finish(
            situation,
            action,
            card,
            STACK_RULES[card.rank],
            Message("You stack the %(card)s; the next player draws more.", card=card_text(card)),
        )

    def finish(
        self, situation: Situation, action: Action, card: Card, rule: str, reason: Message
    ) -> Ruling:
        """A legal card: its effects, the ONE call, going out, who is on turn."""
        players, effects = situation.players, []
        if card.rank in ("W", "W+4"):
            wish = self.wish_effect(situation, action, card, "spd.wish")
            if isinstance(wish, Ruling):
                return wish
            effects.append(wish)
        elif action.wish is not None:
            return self.illegal(
                "spd.wish",
                Message(
                    "The %(card)s is not a wild card and wishes nothing.", card=card_text(card)
                ),
            )
        steps = 1
        if card.rank in DRAW_RULES:
            effects.append(
                Effect(
                    "draw",
                    who="next",
                    count=situation.due.draw + (2 if card.rank == "+2" else 4),
                    rule=DRAW_RULES[card.rank],
                )
            )
            steps = 1 if self.stacking(situation, card.rank) else 2
        elif card.rank == "S" or (card.rank == "R" and players == 2):
            effects.append(
                Effect(
                    "skip",
                    who="next",
                    count=1,
                    rule="spd.skip" if card.rank == "S" else "spd.reverse",
                )
            )
            steps = 2
        elif card.rank == "R":
            effects.append(Effect("reverse", rule="spd.reverse"))
        rest = remaining(situation, action)
        if left(situation, action) == 1:
            effects.append(remind("spd.one"))
        if rest == ():
            effects.append(Effect("out", rule="spd.points"))
        effects.append(turn(steps, players, rule))
        meaning = "spd.serve" if card.rank == "W+4" and rule == "spd.serve" else None
        return self.legal(rule, reason, effects, "spd.start" if rule == "spd.start" else meaning)

    def judge_draw(self, situation: Situation) -> Ruling:
        """spd.draw: draw one (or the pending cards), up to the 22-card limit; turn ends."""
        due, top = situation.due, situation.top
        if due.skip:
            return self.legal(
                "spd.skip",
                Message("You are skipped."),
                [
                    Effect("skip", who="you", count=1, rule="spd.skip"),
                    turn(1, situation.players, "spd.skip"),
                ],
            )
        wanted = due.draw or 1
        rule = DRAW_RULES[top.rank] if due.draw else "spd.draw"
        count, held = wanted, situation.held or 0
        if held + wanted > HAND_LIMIT:
            # spd.handlimit lets the cards beyond 22 lapse; spd.house.handlimit keeps them.
            limit = self.hand_limit(situation.options)
            count = wanted if limit is None else max(0, limit - held)
            rule = "spd.handlimit" if limit is not None else "spd.house.handlimit"
        return self.legal(
            rule,
            Message(
                "You draw %(count)s and may not play any more this turn.", count=count_text(count)
            ),
            [
                Effect("draw", who="you", count=count, rule=rule),
                turn(1, situation.players, "spd.draw"),
            ],
        )

    def start_effects(self, card: Card, players: int, options: Options = DEFAULT_OPTIONS) -> Ruling:
        """spd.start (I): the turned-up start card has no effect."""
        return self.legal(
            "spd.start",
            Message("The %(card)s has no effect as the start card.", card=card_text(card)),
            [turn(1, players, "spd.start")],
            "spd.start",
        )
