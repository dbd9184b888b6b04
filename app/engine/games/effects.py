"""A ruling's effects carried out between turns: who acts next, pending draws and skips, a
chain that interrupts a turn (ter.9), cards shown (dyn.9, dyn.10), a wedding window
(dyn.wedding, ter.wedding). app.engine.games.base lists and applies the moves."""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import replace

from app.engine.cards import Card
from app.engine.games.deal import CardTable
from app.engine.games.moves import Choice
from app.engine.registry import Ruling
from app.engine.situation import Pending
from app.engine.situation import Situation
from app.engine.situation import Wish
from app.engine.verdict import Effect

# Phases: what kind of decision the acting player makes.
TURN = "turn"  # a play or draw, judged by the rules (also after a draw that lets play on, dop.draw)
WEDDING = "wedding"  # announce a wedding out of turn, or let it pass (dyn.wedding, ter.wedding)
SHOW = "show"  # show cards (dyn.9, dyn.10)
TAKE = "take"  # take one of the shown cards
NAME = "name"  # the dealer names a suit for a turned-up jack (dyn.start, ter.start, dop.deal)

NOTHING = Pending()
STEPS = {"you": 0, "next": 1, "after_next": 2, "previous": -1}


def added(pending: Pending, kind: str, count: int) -> Pending:
    """``pending`` with ``count`` more cards to draw (``kind`` "draw") or skips."""
    if kind == "draw":
        return replace(pending, draw=pending.draw + count)
    return replace(pending, skip=pending.skip + count)


@dataclass(frozen=True, slots=True)
class Interrupted:
    """A player whose turn a chain interrupted (ter.9): the cards he still owes and what
    his cards still do to the next players."""

    seat: int
    again: int
    waiting: Pending


@dataclass(frozen=True, slots=True)
class Resume:
    """Who acts once a wedding window or a show is over, and what is pending for him."""

    seat: int
    pending: Pending
    drew: bool = False


class Turns(CardTable):
    """Turn, phase and what is pending: the state a ruling's effects change."""

    phase: str
    actor: int
    turn: int
    pending: Pending
    drew: bool
    waiting: Pending
    chain: Interrupted | None
    resume: Resume
    window: list[int]
    shower: int
    taker: int
    shown: tuple[Card, ...]
    start: Ruling | None
    _listed: list[Choice] | None

    # --- what the acting player may do ---------------------------------------------------
    def _situation(self, seat: int, top: Card | None = None) -> Situation:
        """What ``seat`` sees, in the referee's terms (the discard pile is not empty, or
        ``top`` stands for its top card)."""
        acting = seat == self.actor and self.phase == TURN
        discard = self.discard
        return Situation(
            variant=self.rules.name,
            top=top or discard[-1],
            below=discard[-2] if len(discard) > 1 and top is None else None,
            wish=self._wish_for(seat),
            pending=(self.pending or None) if acting else None,
            hand=tuple(self.hands[seat]),
            players=self._players_in(),
            options=self.options,
            actor="on_turn" if acting else "other",
            drew=acting and self.drew,
            waiting=(self.waiting or None) if acting else None,
        )

    def _carry_out(self, seat: int, ruling: Ruling) -> None:
        """The effects of ``seat``'s legal ruling, in order (see the module docstring)."""
        effects = ruling.effects
        for effect in effects:
            if effect.type == "reverse":  # "next" after a reverse is next in the new direction
                self.direction = -self.direction
        turn = next((effect for effect in reversed(effects) if effect.type == "turn"), None)
        target = self._seat(seat, turn) if turn is not None else self.resume.seat
        again = sum(effect.count or 0 for effect in effects if effect.type == "again")
        stays = target == seat and again > 0
        faced = NOTHING  # the pending effect of the player who gets the turn
        backward, drew = False, False
        show = wedding = None
        for effect in effects:
            kind, count = effect.type, effect.count or 0
            if kind in ("draw", "skip"):
                victim = self._seat(seat, effect)
                if victim == seat:
                    drew = drew or kind == "draw"
                    if kind == "draw":
                        self._draw(seat, count)
                elif stays:
                    self.waiting = added(self.waiting, kind, count)
                elif victim == target and turn is not None:
                    faced = added(faced, kind, count)
                    backward = backward or (kind == "draw" and effect.who == "previous")
                elif kind == "draw":
                    self._draw(victim, count)
            elif kind == "wish" and effect.choices is None:
                self._set_wish(seat, Wish(suit=effect.suit, rank=effect.rank))
            elif kind == "show":
                show = effect
            elif kind == "wedding":
                wedding = effect
            elif kind == "out":
                self._went_out(seat)
        if self.over:
            return
        if turn is None:
            resume = self.resume  # the order of play stays (ter.wedding)
        elif backward:
            self._interrupt(seat, again)
            resume = Resume(target, faced)
        elif self.chain is not None and not stays:
            self._end_chain()
            return
        else:
            if target != seat:
                self.waiting = NOTHING  # the rules let his turn pass with what waited
            drew = drew and self.rules.play_after_draw and target == seat and not again
            resume = Resume(
                target, Pending(faced.draw, faced.skip, again if target == seat else 0), drew
            )
        if show is not None:
            self._show(seat, show, resume)
        elif wedding is not None:
            self._open_window(seat, wedding, resume)
        else:
            self._give_turn(resume)

    def _seat(self, seat: int, effect: Effect) -> int:
        """The seat an effect's ``who`` names, seen from ``seat``."""
        if effect.who == "later":
            return self._next(seat, effect.count or 0)
        return self._named_seat(seat, effect.who or "you")

    def _named_seat(self, seat: int, who: str) -> int:
        """The seat ``who`` ("you", "next", "previous", …) names, seen from ``seat``."""
        if who == "after_first_nine":  # ter.9; the chain's end hands the turn back instead
            return self._next(self.chain.seat if self.chain else seat)
        return self._next(seat, STEPS.get(who, 0))

    def _interrupt(self, seat: int, again: int) -> None:
        """A chain put on the previous player interrupts ``seat``'s turn (ter.9), keeping
        what he still owes and what waits; passing it on keeps the first interruption."""
        if self.chain is None:
            self.chain = Interrupted(seat, again, self.waiting)
        self.waiting = NOTHING

    def _end_chain(self) -> None:
        """The chain is taken: its first player plays what he still owes, or his turn
        passes with what his cards left waiting (ter.9: play goes on after him)."""
        assert self.chain is not None
        origin, self.chain = self.chain, None
        self.waiting = origin.waiting
        if origin.again:
            self._give_turn(Resume(origin.seat, Pending(again=origin.again)))
            return
        self.actor, self.pending, self.drew = origin.seat, NOTHING, False
        self._carry_out(origin.seat, self.rules.pass_turn(self._situation(origin.seat)))

    def _give_turn(self, resume: Resume) -> None:
        """``resume.seat`` is on turn, facing ``resume.pending``."""
        self.phase = TURN
        self.actor = self.turn = resume.seat
        self.pending, self.drew = resume.pending, resume.drew
        self._listed = None
        self._settle()

    def _show(self, seat: int, effect: Effect, resume: Resume) -> None:
        """dyn.9, dyn.10: the shower shows ``count`` cards, drawing up to them first if he
        holds fewer; then the other takes one and ``resume`` follows."""
        self.shower = self._named_seat(seat, effect.source or "you")
        self.taker = self._named_seat(seat, effect.target or "you")
        hand, count = self.hands[self.shower], effect.count or 0
        if len(hand) < count:
            self._draw(self.shower, count - len(hand))
        self.resume = resume
        if not hand:  # stock and discards exhausted: nothing to show
            self._give_turn(resume)
            return
        self.phase, self.actor = SHOW, self.shower

    def _open_window(self, seat: int, effect: Effect, resume: Resume) -> None:
        """A wedding chance for the holders of ``effect.card``: from ``seat`` on
        (dyn.wedding, ``who`` "you") or from the next player on (ter.wedding, "other")."""
        first = 0 if effect.who == "you" else 1
        seats = [self._next(seat, step) for step in range(first, self._players_in())]
        self.window = [other for other in seats if effect.card in self.hands[other]]
        self.resume = resume
        if self.window:
            self.phase, self.actor = WEDDING, self.window[0]
        else:
            self._give_turn(resume)
