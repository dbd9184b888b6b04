"""Whole games driven by the variants' rules, in the manner of python-chess's ``Board``.

A game decides no rule itself: its moves are the actions the referee's rules judge legal in
the acting player's situation, and a move carries out its ruling's effects (docs/api.md §1).
It keeps what no single ruling can: the cards, whose turn it is, the active wish, and the
phases between turns (a wedding window, cards shown for dyn.9/dyn.10, a suit named for a
turned-up jack, a nine chain that interrupts a turn, ter.9).

A draw or skip for the player named by ``turn`` becomes his pending effect; a draw for anybody
else is drawn at once (a skip is already counted in ``turn``). While the acting player owes
more cards (``again``), what his cards do to others waits until his turn passes. Verbal calls
are not simulated: every player is assumed to call correctly.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import ClassVar

from app.engine.cards import Card
from app.engine.cards import parse_cards
from app.engine.games.deal import shuffle
from app.engine.games.effects import NAME
from app.engine.games.effects import NOTHING
from app.engine.games.effects import SHOW
from app.engine.games.effects import TAKE
from app.engine.games.effects import TURN
from app.engine.games.effects import WEDDING
from app.engine.games.effects import Interrupted
from app.engine.games.effects import Resume
from app.engine.games.effects import Turns
from app.engine.games.moves import Choice
from app.engine.games.moves import IllegalMoveError
from app.engine.games.moves import Move
from app.engine.games.result import GameResult
from app.engine.judge import judged_actions
from app.engine.options import DEFAULT_OPTIONS
from app.engine.options import Options
from app.engine.registry import Rules
from app.engine.registry import Ruling
from app.engine.situation import Action
from app.engine.situation import Situation
from app.engine.situation import Wish


class Game(Turns):
    """One game of a variant: hands, stock, discard pile, direction, turn and phase."""

    rules: ClassVar[Rules]
    PLAYERS: ClassVar[tuple[int, int]]  # smallest and largest number of players
    HAND_SIZE: ClassVar[int]
    MUTABLE: ClassVar[tuple[str, ...]] = ()  # extra list/set fields that copy() must copy

    def __init__(
        self,
        players: int,
        seed: int,
        options: Options | None = None,
        dealer: int = 0,
        direction: int = 1,
    ) -> None:
        """Shuffle the variant's deck with ``seed``, deal, and turn up the first card."""
        low, high = self.PLAYERS
        if not low <= players <= high:
            raise ValueError(f"players must be {low} to {high} for {self.variant}, not {players}.")
        if not 0 <= dealer < players or direction not in (1, -1):
            raise ValueError(
                f"dealer must be a seat 0 to {players - 1} and direction 1 or "
                f"-1, not {dealer} and {direction}."
            )
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
            return [Choice("take", (card,)) for card in sorted(set(self.shown), key=Card.sort_key)]
        assert self.start is not None
        wish = next(effect for effect in self.start.effects if effect.type == "wish")
        kind = self.rules.wish_kinds[self.discard[-1].rank]
        return [
            Choice("name", wish=Wish(suit=choice) if kind == "suit" else Wish(rank=choice))
            for choice in wish.choices or ()
        ]

    def _turn_choices(self) -> list[Choice]:
        """The plays and draw the rules allow; after a draw also ending the turn (dop.draw)."""
        choices = self._judged(self._situation(self.actor))
        return [*choices, Choice("pass")] if self.drew else choices

    def _judged(self, situation: Situation) -> list[Choice]:
        """The actions the rules judge legal in ``situation``, as moves."""
        return [
            Choice("draw", (), None, ruling)
            if action.draw
            else Choice("play", action.play, action.wish, ruling)
            for action, ruling in judged_actions(self.rules, situation)
        ]

    def _showable(self) -> list[tuple[Card, ...]]:
        """dyn.9/dyn.10: the distinct pairs of the shower's hand (all he has if fewer)."""
        counts = Counter(self.hands[self.shower])
        cards = sorted(counts, key=Card.sort_key)
        if sum(counts.values()) < 2:
            return [tuple(cards)]
        return [(a, b) for i, a in enumerate(cards) for b in cards[i:] if a != b or counts[a] > 1]

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

    def _judge(self, seat: int, action: Action) -> Ruling:
        """The rules' ruling of ``seat``'s action in his situation."""
        return self.rules.judge(self._situation(seat), action)

    def legal_actions(self) -> list[Move]:
        """Everything the acting player may do now (empty when the game is over)."""
        return [
            Move(self.actor, choice.kind, choice.cards, choice.wish) for choice in self._choices()
        ]

    def is_legal(self, move: Move) -> bool:
        """True when ``move`` is among the legal actions; never raises."""
        return move in self.legal_actions()

    def push(self, move: Move) -> None:
        """Apply a legal move; ``IllegalMoveError`` (a ValueError) names it otherwise."""
        if move.seat == self.actor:
            for choice in self._choices():
                if (choice.kind, choice.cards, choice.wish) == (move.kind, move.cards, move.wish):
                    self._history.append(self.copy())
                    self._apply(choice)
                    self.ply += 1
                    return
        raise IllegalMoveError(
            f"{move} is not legal in this {self.variant} game at move "
            f"{self.ply} ({self.situation_for(self.actor)})."
        )

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

    def arrange(
        self,
        hands: list[str],
        discard: str,
        stock: str | None = None,
        seat: int = 0,
        wish: str | None = None,
    ) -> None:
        """Lay out a position, like python-chess's ``set_fen``: piles bottom to top, the
        stock by default the rest of the deck (no card is lost); ``seat`` on turn."""
        self.hands = [list(parse_cards(text)) for text in hands]
        self.discard = list(parse_cards(discard))
        rest = Counter(self.rules.deck(self.players))
        rest.subtract(card for pile in [*self.hands, self.discard] for card in pile)
        self.stock = (
            list(parse_cards(stock))
            if stock is not None
            else sorted(rest.elements(), key=Card.sort_key)
        )
        if stock is not None:
            rest.subtract(self.stock)
        if len(hands) != self.players or min(rest.values()) < 0:
            raise ValueError(
                f"arrange needs {self.players} hands and only cards of the "
                f"{self.variant} deck, each at most as often as it has them."
            )
        self.phase, self.chain, self.window, self.start = TURN, None, [], None
        self.wish = Wish.parse(wish) if wish else None
        self.waiting = NOTHING
        self._arranged()
        self._give_turn(Resume(seat, NOTHING))

    def situation_for(self, seat: int) -> Situation | None:
        """What ``seat`` sees (None without a top card): on turn, his pending effect, ``drew``
        (dop.draw) and what waits (ter.multi); anybody else, a wedding announcer too, is
        ``actor="other"``."""
        return self._situation(seat) if self.discard else None

    def __str__(self) -> str:
        """One line: variant, move number, who acts, top card and hands."""
        hands = " | ".join(",".join(str(card) for card in hand) for hand in self.hands)
        return f"{self.variant} ply={self.ply} actor={self.actor} top={self.top()} hands={hands}"
