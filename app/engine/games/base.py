"""Whole games driven by the variants' rules, in the manner of python-chess's ``Board``.

A game lists ``legal_actions()`` for the player who must act, applies one with
``push(move)``, undoes it with ``pop()``, and reports ``is_over()`` and ``result()``. It
decides no rule itself: its plays and draws are the candidate actions the variant's rules
(:class:`~app.engine.variants.Rules`, the referee's) judge legal in the acting player's
situation (``situation_for``), and a move carries out the effects of its ruling. The game
keeps what no single ruling can: the cards (shuffling, dealing, refilling the stock), whose
turn it is, the active wish, and the phases between turns — a wedding window, cards shown
(dyn.9, dyn.10), a suit named for a turned-up jack, a nine chain that interrupts a turn.

How a ruling's effects (docs/api.md §1) are carried out:

- ``turn`` names who acts next; a ``draw`` or ``skip`` for that player becomes his pending
  effect, which he passes on or takes. A draw for anybody else is drawn at once; a skip of
  anybody else is already counted in ``turn``.
- While the acting player stays on turn because he owes more cards (``again``), what his
  cards do to others waits (``situation.waiting``) until the rules let his turn pass.
- A draw put on the previous player starts a chain that interrupts the turn (ter.9). Once it
  is taken, the interrupted player plays what he still owes, or his turn passes
  (``rules.pass_turn``).
- ``wish`` sets the active wish, ``show`` opens the show phase, ``wedding`` a wedding window
  for the holders of its card, and ``out`` is the variant game's business (``_went_out``).

Table manners and verbal calls are not simulated: every player is assumed to call correctly.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import replace
from typing import ClassVar

from app.engine.cards import Card
from app.engine.cards import parse_cards
from app.engine.games.moves import Choice
from app.engine.games.moves import IllegalMoveError
from app.engine.games.moves import Move
from app.engine.games.result import GameResult
from app.engine.games.result import SeatResult
from app.engine.judge import judged_actions
from app.engine.situation import DEFAULT_OPTIONS
from app.engine.situation import Action
from app.engine.situation import Options
from app.engine.situation import Pending
from app.engine.situation import Situation
from app.engine.situation import Wish
from app.engine.variants import Rules
from app.engine.variants import Ruling
from app.engine.verdict import Effect

# Phases: what kind of decision the acting player makes.
TURN = "turn"  # a play or draw, judged by the rules (also after a Doppel draw, dop.draw)
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


def shuffle(cards: list[Card], uniform: Callable[[], float]) -> None:
    """Fisher-Yates in place with float draws: about twice as fast as random.shuffle."""
    for last in range(len(cards) - 1, 0, -1):
        other = int(uniform() * (last + 1))
        cards[last], cards[other] = cards[other], cards[last]


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


class Game:
    """One game of a variant: hands, stock, discard pile, direction, turn and phase."""

    rules: ClassVar[Rules]
    PLAYERS: ClassVar[tuple[int, int]]  # smallest and largest number of players
    HAND_SIZE: ClassVar[int]
    MUTABLE: ClassVar[tuple[str, ...]] = ()  # extra list/set fields that copy() must copy

    def __init__(self, players: int, seed: int, options: Options | None = None,
                 dealer: int = 0, direction: int = 1) -> None:
        """Shuffle the variant's deck with ``seed``, deal, and turn up the first card."""
        low, high = self.PLAYERS
        if not low <= players <= high:
            raise ValueError(f"players must be {low} to {high} for {self.variant}, "
                             f"not {players}.")
        if not 0 <= dealer < players or direction not in (1, -1):
            raise ValueError(f"dealer must be a seat 0 to {players - 1} and direction 1 or "
                             f"-1, not {dealer} and {direction}.")
        self.players, self.dealer, self.direction = players, dealer, direction
        self.options = options or DEFAULT_OPTIONS
        self.rng = random.Random(seed)
        self.stock = self.rules.deck(players)
        shuffle(self.stock, self.rng.random)
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.discard: list[Card] = []
        self.phase = TURN
        self.actor = self.turn = (dealer + direction) % players
        self.pending = NOTHING  # what the last card demands of the acting player
        self.drew = False  # dop.draw: he drew this turn and may still play
        self.wish: Wish | None = None
        self.waiting = NOTHING  # what the mover's cards do to others once his turn passes
        self.chain: Interrupted | None = None
        self.resume = Resume(self.actor, NOTHING)
        self.window: list[int] = []  # seats that may still announce a wedding, in order
        self.shower = self.taker = 0
        self.shown: tuple[Card, ...] = ()
        self.start: Ruling | None = None  # the start card's ruling while a suit is named
        self.over = False
        self.winner = -1
        self.ply = self.reshuffles = 0
        self._history: list[Game] = []
        self._listed: list[Choice] | None = None
        self._setup()
        self._begin(self._deal())

    @property
    def variant(self) -> str:
        """The variant's ID."""
        return self.rules.name

    # --- hooks of the variants -------------------------------------------------------
    def _setup(self) -> None:
        """Start what the variant keeps besides the cards, before the deal."""

    def _deal(self) -> Card:
        """Deal the hands and turn up the first discard."""
        self._deal_round(self.HAND_SIZE)
        return self._turn_up()

    def _went_out(self, seat: int) -> None:
        """``seat`` has no card left (an ``out`` effect): the first player out ends the game
        unless the variant says otherwise."""
        self.over, self.winner = True, seat

    def _settle(self) -> None:
        """The turn has come to rest with a player; a variant may end the game here."""

    def _played(self, seat: int, cards: tuple[Card, ...]) -> None:
        """``seat`` laid ``cards``: a wish ends with the next card unless it lasts."""
        self.wish = None

    def _set_wish(self, seat: int, wish: Wish) -> None:
        """``seat`` wished ``wish`` (a jack, a queen, a wild card)."""
        self.wish = wish

    def _wish_for(self, seat: int) -> Wish | None:
        """The active wish as ``seat`` sees it."""
        return self.wish

    def _players_in(self) -> int:
        """Players still in the game (all of them except in Doppel)."""
        return self.players

    def _next(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places on from ``seat`` in the current direction."""
        return (seat + steps * self.direction) % self.players

    def _arranged(self) -> None:
        """Reset what a variant keeps about the cards after ``arrange``."""

    def _result(self) -> GameResult:
        """The variant's result of an ended game."""
        raise NotImplementedError

    # --- cards -------------------------------------------------------------------------
    def _deal_round(self, count: int) -> None:
        """Deal ``count`` cards to each player, starting after the dealer.

        From a shuffled stock, ``count`` cards at once give every player the same chances
        as one card at a time, and it is quicker.
        """
        stock = self.stock
        for step in range(1, self.players + 1):
            self.hands[self._next(self.dealer, step)].extend(stock[-count:])
            del stock[-count:]

    def _turn_up(self) -> Card:
        """Lay the top card of the stock face up as the first discard."""
        card = self.stock.pop()
        self.discard.append(card)
        return card

    def _reshuffle(self) -> bool:
        """Shuffle the discards below the top into a new stock (dyn.stock and the like)."""
        if len(self.discard) < 2:
            return False
        top = self.discard.pop()
        self.stock, self.discard = self.discard, [top]
        shuffle(self.stock, self.rng.random)
        self.reshuffles += 1
        return True

    def _draw(self, seat: int, count: int) -> int:
        """Draw up to ``count`` cards, reshuffling when the stock runs out; the number drawn.

        No hand grows beyond the rules' limit (spd.handlimit); if stock and discard pile
        are both exhausted, the draw is skipped (dyn.stock).
        """
        hand = self.hands[seat]
        limit = self.rules.hand_limit(self.options)
        if limit is not None:
            count = min(count, max(0, limit - len(hand)))
        for drawn in range(count):
            if not self.stock and not self._reshuffle():
                return drawn
            hand.append(self.stock.pop())
        return count

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

    def _choices(self) -> list[Choice]:
        """The legal moves of the acting player (made once per state)."""
        if self._listed is None:
            self._listed = [] if self.over else self._list()
        return self._listed

    def _list(self) -> list[Choice]:
        """The legal moves in the current phase."""
        if self.phase == TURN:
            return self._turn_choices()
        if self.phase == WEDDING:
            situation = self._situation(self.actor)
            return [*self._judged(situation), Choice("pass")]
        if self.phase == SHOW:
            return [Choice("show", cards) for cards in self._showable()]
        if self.phase == TAKE:
            return [Choice("take", (card,))
                    for card in sorted(set(self.shown), key=Card.sort_key)]
        assert self.start is not None
        wish = next(effect for effect in self.start.effects if effect.type == "wish")
        kind = self.rules.wish_kinds[self.discard[-1].rank]
        return [Choice("name", wish=Wish(suit=choice) if kind == "suit" else Wish(rank=choice))
                for choice in wish.choices or ()]

    def _turn_choices(self) -> list[Choice]:
        """The plays and draw the rules allow; after a draw also ending the turn (dop.draw)."""
        choices = self._judged(self._situation(self.actor))
        return [*choices, Choice("pass")] if self.drew else choices

    def _judged(self, situation: Situation) -> list[Choice]:
        """The actions the rules judge legal in ``situation``, as moves."""
        return [Choice("draw", (), None, ruling) if action.draw else
                Choice("play", action.play, action.wish, ruling)
                for action, ruling in judged_actions(self.rules, situation)]

    def _showable(self) -> list[tuple[Card, ...]]:
        """dyn.9/dyn.10: the distinct pairs of the shower's hand (all he has if fewer)."""
        counts = Counter(self.hands[self.shower])
        cards = sorted(counts, key=Card.sort_key)
        if sum(counts.values()) < 2:
            return [tuple(cards)]
        return [(a, b) for i, a in enumerate(cards) for b in cards[i:]
                if a != b or counts[a] > 1]

    # --- carrying out a move -------------------------------------------------------------
    def _apply(self, choice: Choice) -> None:
        """Carry out a legal move of the acting player."""
        self._listed = None
        seat, kind = self.actor, choice.kind
        if self.phase == NAME:
            self._named(choice)
        elif self.phase == SHOW:
            self.shown, self.phase, self.actor = choice.cards, TAKE, self.taker
        elif self.phase == TAKE:
            self.hands[self.shower].remove(choice.cards[0])
            self.hands[seat].append(choice.cards[0])
            self._give_turn(self.resume)
        elif kind == "pass" and self.phase == WEDDING:
            self.window.pop(0)
            if self.window:
                self.actor = self.window[0]
            else:
                self._give_turn(self.resume)
        elif kind == "pass":
            self._carry_out(seat, self.rules.pass_turn(self._situation(seat)))
        else:
            ruling = choice.ruling
            if ruling is None:
                action = choice.action
                assert action is not None
                ruling = self._judge(seat, action)
            if kind == "play":
                hand = self.hands[seat]
                for card in choice.cards:
                    hand.remove(card)
                self.discard.extend(choice.cards)
                self._played(seat, choice.cards)
            self._carry_out(seat, ruling)

    def _begin(self, card: Card) -> None:
        """The turned-up card counts as the dealer's where the rules say so (dyn.start,
        ter.start, dop.deal); a jack lets him name a suit first."""
        ruling = self.rules.start_effects(card, self._players_in(), self.options)
        if any(effect.type == "wish" and effect.choices for effect in ruling.effects):
            self.phase, self.actor, self.start = NAME, self.dealer, ruling
        else:
            self._carry_out(self.dealer, ruling)

    def _named(self, choice: Choice) -> None:
        """The dealer named the turned-up jack's suit: the rest of its ruling follows."""
        assert self.start is not None and choice.wish is not None
        self._set_wish(self.dealer, choice.wish)
        effects = tuple(effect for effect in self.start.effects if effect.type != "wish")
        ruling, self.start, self.phase = self.start._replace(effects=effects), None, TURN
        self._carry_out(self.dealer, ruling)

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
            resume = Resume(target, Pending(faced.draw, faced.skip,
                                            again if target == seat else 0), drew)
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

    def _judge(self, seat: int, action: Action) -> Ruling:
        """The rules' ruling of ``seat``'s action in his situation."""
        return self.rules.judge(self._situation(seat), action)

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

    # --- the public interface ------------------------------------------------------------
    def legal_actions(self) -> list[Move]:
        """Everything the acting player may do now (empty when the game is over)."""
        return [Move(self.actor, choice.kind, choice.cards, choice.wish)
                for choice in self._choices()]

    def is_legal(self, move: Move) -> bool:
        """True when ``move`` is among the legal actions; never raises."""
        return move in self.legal_actions()

    def push(self, move: Move) -> None:
        """Apply a legal move; ``IllegalMoveError`` (a ValueError) names it otherwise."""
        if move.seat == self.actor:
            for choice in self._choices():
                if (choice.kind, choice.cards, choice.wish) == (move.kind, move.cards,
                                                                move.wish):
                    self._history.append(self.copy())
                    self._apply(choice)
                    self.ply += 1
                    return
        raise IllegalMoveError(f"{move} is not legal in this {self.variant} game at move "
                               f"{self.ply} ({self.situation_for(self.actor)}).")

    def push_text(self, text: str) -> Move:
        """Parse a move's text form (``"0 play H7"``) and push it, like ``push_uci``."""
        move = Move.parse(text)
        self.push(move)
        return move

    def pop(self) -> None:
        """Undo the last pushed move."""
        if not self._history:
            raise IndexError("pop from a game without pushed moves")
        history = self._history
        self.__dict__.update(history.pop().__dict__)
        self._history = history

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.over

    def result(self) -> GameResult:
        """What the score keeping needs; a ValueError while the game is running."""
        if not self.over:
            raise ValueError(f"The {self.variant} game is not over yet (move {self.ply}).")
        return self._result()

    def copy(self) -> Game:
        """An independent copy without the undo history."""
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.hands = [hand[:] for hand in self.hands]
        twin.stock, twin.discard, twin.window = self.stock[:], self.discard[:], self.window[:]
        for name in self.MUTABLE:
            setattr(twin, name, getattr(self, name).copy())
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        twin._history = []
        return twin

    def arrange(self, hands: list[str], discard: str, stock: str | None = None,
                seat: int = 0, wish: str | None = None) -> None:
        """Lay out a position (for examples and tests), like python-chess's ``set_fen``.

        ``hands`` per seat and the ``discard`` pile (bottom to top) as comma-separated
        codes; the ``stock`` (bottom to top) defaults to the rest of the deck, so no card
        is lost. ``seat`` is on turn with nothing pending; ``wish`` is the active wish.
        """
        self.hands = [list(parse_cards(text)) for text in hands]
        self.discard = list(parse_cards(discard))
        rest = Counter(self.rules.deck(self.players))
        rest.subtract(card for pile in [*self.hands, self.discard] for card in pile)
        self.stock = list(parse_cards(stock)) if stock is not None else \
            sorted(rest.elements(), key=Card.sort_key)
        if stock is not None:
            rest.subtract(self.stock)
        if len(hands) != self.players or min(rest.values()) < 0:
            raise ValueError(f"arrange needs {self.players} hands and only cards of the "
                             f"{self.variant} deck, each at most as often as it has them.")
        self.phase, self.chain, self.window, self.start = TURN, None, [], None
        self.wish = Wish.parse(wish) if wish else None
        self.waiting = NOTHING
        self._arranged()
        self._give_turn(Resume(seat, NOTHING))

    def hand(self, seat: int) -> list[Card]:
        """The cards of one player."""
        return self.hands[seat][:]

    def top(self) -> Card | None:
        """The top card of the discard pile (None only when Deluxe's pile ran out)."""
        return self.discard[-1] if self.discard else None

    def all_cards(self) -> Counter[Card]:
        """Every card of hands, stock and discard pile (the deck, if nothing got lost)."""
        return Counter([*(card for hand in self.hands for card in hand), *self.stock,
                        *self.discard])

    def situation_for(self, seat: int) -> Situation | None:
        """What ``seat`` sees, as a referee situation.

        The acting player in a turn sees the pending effect, ``drew`` after a Doppel draw
        (dop.draw) and what waits for his turn to pass (ter.multi); everybody else, and a
        player who may announce a wedding, is ``actor="other"``. None when there is no top
        card.
        """
        return self._situation(seat) if self.discard else None

    def seat_results(self, named_suit: str | None = None) -> tuple[SeatResult, ...]:
        """Cards and jacks left per player; who holds the named suit (dyn.score.double)."""
        return tuple(SeatResult(cards=len(hand), jacks=sum(card.rank == "J" for card in hand),
                                holds_named_suit=named_suit is not None
                                and any(card.suit == named_suit for card in hand))
                     for hand in self.hands)

    def __str__(self) -> str:
        """One line: variant, move number, who acts, top card and hands."""
        hands = " | ".join(",".join(str(card) for card in hand) for hand in self.hands)
        return (f"{self.variant} ply={self.ply} actor={self.actor} top={self.top()} "
                f"hands={hands}")
