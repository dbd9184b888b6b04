"""Dynamisches Maumau (RULES.md §1): 7/8 chains, nines and tens, aces, weddings, jacks."""

from __future__ import annotations

from collections import Counter

from app.engine.cards import SUITS
from app.engine.games.base import NAMING
from app.engine.games.base import ON_TURN
from app.engine.games.base import SHOWING
from app.engine.games.base import TAKING
from app.engine.games.base import WEDDING
from app.engine.games.moves import DRAW
from app.engine.games.moves import DRAW_MOVE
from app.engine.games.moves import NAME
from app.engine.games.moves import NO_WISH
from app.engine.games.moves import PLAY
from app.engine.games.moves import SHOW
from app.engine.games.moves import TAKE
from app.engine.games.moves import RawMove
from app.engine.games.result import GameResult
from app.engine.games.skat import R7
from app.engine.games.skat import R8
from app.engine.games.skat import R9
from app.engine.games.skat import R10
from app.engine.games.skat import RANK
from app.engine.games.skat import RJ
from app.engine.games.skat import RK
from app.engine.games.skat import RQ
from app.engine.games.skat import SUIT
from app.engine.games.skat import SkatGame
from app.engine.games.skat import counterpart


class Dynamisch(SkatGame):
    """A game of Dynamisches Maumau; ``direction`` carries over within a series."""

    variant = "dynamisch"
    PLAYERS = (2, 6)
    HAND_SIZE = 8
    MUTABLE = ("window",)

    def _start(self) -> None:
        """dyn.start: 8 cards each; the turned-up card counts as played by the dealer."""
        self.window: list[int] = []  # seats that may still announce (holders, in order)
        self.resume = 0  # who is on turn when the wedding window closes
        self.shown: tuple[int, ...] = ()
        self.show_from = self.show_to = self.after_show = 0
        self._deal(self.HAND_SIZE)
        top = self._turn_up()
        if RANK[top] == RJ:
            self.phase, self.actor = NAMING, self.dealer  # the dealer names any other suit
        else:
            self._effect(self.dealer, top, NO_WISH)

    # --- legal moves -----------------------------------------------------------------
    def _legal(self) -> list[RawMove]:
        """The acting player's moves in the current phase."""
        if self.phase == WEDDING:
            return self._wedding_moves(counterpart(self.discard[-1]))
        if self.phase == SHOWING:
            return [(SHOW, cards, NO_WISH) for cards in self._showable()]
        if self.phase == TAKING:
            return [(TAKE, (code,), NO_WISH) for code in sorted(set(self.shown))]
        if self.phase == NAMING:
            jack_suit = SUIT[self.discard[-1]]
            return [(NAME, (), suit) for suit in range(4) if suit != jack_suit]
        return self._turn_moves()

    def _turn_moves(self) -> list[RawMove]:
        """Serve or draw; pass a 7/8 on or take it; follow an ace (dyn.ace I:)."""
        hand = set(self.hands[self.actor])
        top = self.discard[-1]
        if self.draw_due or self.skip_due:  # dyn.pass: only the same rank passes it on
            rank = R7 if self.draw_due else R8
            return [*((PLAY, (code,), NO_WISH) for code in sorted(hand) if RANK[code] == rank),
                    DRAW_MOVE]
        moves: list[RawMove] = []
        for code in sorted(hand):
            if RANK[code] == RJ:
                moves.extend((PLAY, (code,), suit) for suit in self._jack_wishes(code, top))
            elif self._serves(code, top):
                moves.append((PLAY, (code,), NO_WISH))
        if not (self.again and moves):  # an ace must be followed while a card serves
            moves.append(DRAW_MOVE)
        return moves

    def _serves(self, code: int, top: int) -> bool:
        """dyn.serve, dyn.jack.wish: suit or rank; on a jack only the named suit."""
        if RANK[top] == RJ:
            return SUIT[code] == self.wish
        return SUIT[code] == SUIT[top] or RANK[code] == RANK[top]

    def _jack_wishes(self, jack: int, top: int) -> list[int]:
        """dyn.jack.match and dyn.jack.wish: the suits this jack may name (none: illegal)."""
        if jack == top:  # on its twin: any suit but its own
            return [suit for suit in range(4) if suit != SUIT[jack]]
        if RANK[top] == RJ or SUIT[top] == SUIT[jack]:
            return []  # it would serve, or lie on another jack
        return [suit for suit in range(4) if suit not in (SUIT[jack], SUIT[top])]

    def _showable(self) -> list[tuple[int, ...]]:
        """dyn.9/dyn.10: the distinct pairs of the shower's hand (all he has if fewer)."""
        counts = Counter(self.hands[self.actor])
        codes = sorted(counts)
        if sum(counts.values()) < 2:
            return [tuple(codes)]
        return [(a, b) for i, a in enumerate(codes) for b in codes[i:]
                if a != b or counts[a] > 1]

    # --- applying moves --------------------------------------------------------------
    def _apply(self, move: RawMove) -> None:
        """Carry out a move of the acting player."""
        kind, cards, wish = move
        seat = self.actor
        if self.phase == SHOWING:
            self.shown, self.phase, self.actor = cards, TAKING, self.show_to
        elif self.phase == TAKING:
            self.hands[self.show_from].remove(cards[0])
            self.hands[seat].append(cards[0])
            self._to_turn(self.after_show)
        elif self.phase == NAMING:
            self.wish = wish
            self._to_turn(self._next(seat))
        elif self.phase == WEDDING:
            self._window_move(kind, seat)
        elif kind == DRAW:
            self._draw_move(seat)
        else:
            self._play(seat, cards[0], wish)

    def _draw_move(self, seat: int) -> None:
        """Take a 7's cards (then on turn, dyn.7), accept an 8's skip, or draw one."""
        if self.draw_due:
            self._draw(seat, self.draw_due)
            self.draw_due = 0
            self._to_turn(seat)
        elif self.skip_due:
            self.skip_due = 0
            self._to_turn(self._next(seat))
        else:
            self.again = 0
            self._draw(seat, 1)
            self._to_turn(self._next(seat))

    def _play(self, seat: int, code: int, wish: int) -> None:
        """Lay one card; a twin reverses the direction (dyn.twin.reverse, dyn.pass)."""
        self.hands[seat].remove(code)
        if code == self.discard[-1]:
            self.direction = -self.direction
        self.discard.append(code)
        self.wish = NO_WISH
        self.again = 0
        self._effect(seat, code, wish)

    def _effect(self, seat: int, code: int, wish: int) -> None:
        """What a card played (or turned up) by ``seat`` sets in motion."""
        rank = RANK[code]
        following = self._next(seat)
        if rank == R7:
            self.draw_due += 1  # dyn.7: each pass adds one card
            self._to_turn(following)
        elif rank == R8:
            self.skip_due = 1  # dyn.8: passing does not accumulate
            self._to_turn(following)
        elif rank in (R9, R10):
            # dyn.9: he shows to the next player; dyn.10: the next player shows to him.
            shower, taker = (seat, following) if rank == R9 else (following, seat)
            self._show(shower, taker, following)
        elif rank == RJ:
            self.wish = wish
            self._to_turn(following)
        elif rank in (RQ, RK):
            self._open_window(seat, following)
        else:  # dyn.ace: he plays one more card at once
            self.again = 1
            self.turn = self.actor = seat

    def _show(self, shower: int, taker: int, after: int) -> None:
        """Draw up to two cards if needed, then show (dyn.9, dyn.10)."""
        hand = self.hands[shower]
        if len(hand) < 2:
            self._draw(shower, 2 - len(hand))
        if not hand:  # stock and discards exhausted: nothing to show
            self._to_turn(after)
            return
        self.phase, self.actor = SHOWING, shower
        self.show_from, self.show_to, self.after_show = shower, taker, after

    def _open_window(self, seat: int, resume: int) -> None:
        """dyn.wedding: from the card's player on, holders of the counterpart may announce."""
        self.window = self._holders(counterpart(self.discard[-1]), seat, self.players)
        self.resume = resume
        if self.window:
            self.phase, self.actor = WEDDING, self.window[0]
        else:
            self._to_turn(resume)

    def _window_move(self, kind: int, seat: int) -> None:
        """Announce (a new window opens, the announcer is on turn after it) or pass."""
        if kind == PLAY:
            code = counterpart(self.discard[-1])
            self.hands[seat].remove(code)
            self.discard.append(code)
            self._open_window(seat, seat)
            return
        self.window.pop(0)
        if self.window:
            self.actor = self.window[0]
        else:
            self._to_turn(self.resume)

    def _to_turn(self, seat: int) -> None:
        """``seat`` must act; dyn.effect.noend: the game ends only when nothing is pending."""
        self.turn = self.actor = seat
        self.phase = ON_TURN
        if not (self.draw_due or self.skip_due) and not all(self.hands):
            self.over = True

    def _result(self) -> GameResult:
        """Minus-point inputs: cards and jacks per player, the jack's suit (dyn.score)."""
        ended_by_jack = RANK[self.discard[-1]] == RJ
        named = self.wish if ended_by_jack else None
        return GameResult(
            variant=self.variant,
            seats=self._seat_results(named),
            winners=tuple(seat for seat, hand in enumerate(self.hands) if not hand),
            moves=self.ply,
            reshuffles=self.reshuffles,
            direction=self.direction,
            next_dealer=self.turn,  # dyn.dealer: who would have been on turn next
            jack_suit=SUITS[named] if named is not None else None,
        )
