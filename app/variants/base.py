"""What a variant is, in one place: the base class every variant's definition subclasses.

As python-chess's ``chess.variant``: a subclass sets class-level switches and points at its
scoring, rules and game classes, all in its folder (`app.variants.discovery` finds it). Pages,
API, PDFs, exports and statistics ask the definition and never compare a variant's name.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from typing import Any
from typing import ClassVar

from app import inputs
from app.engine.games.base import Game
from app.engine.houserules import HouseRule
from app.engine.houserules import differing
from app.engine.variant import Rules
from app.inputs import Field
from app.scoring.base import OPTIONS
from app.scoring.base import Scoring
from app.scoring.names import player_list
from app.scoring.names import player_names
from app.scoring.names import validate_name
from app.scoring.types import Standing
from app.text import InputError
from app.text import Message
from app.variants.rating_hooks import RatingHooks


@dataclass(frozen=True)
class RoundWords:
    """What one scored row of a table is called, in the forms the pages need."""

    one: Message  # "Spiel 3"
    many: Message  # "Spiele" (the grid's heading)
    enter: Message  # "Spiel 3 eintragen"
    of: Message  # "Spiel 3 von 8"
    # Inside a sentence: English in lower case ("after game 3"), German keeps the capital.
    one_inside: Message
    many_inside: Message

    def number(self, n: int, inside: bool = False) -> Message:
        """One row by its number: "Spiel 3" / "Game 3" (or "game 3" `inside` a sentence)."""
        return Message((self.one_inside if inside else self.one).msgid, n=n)


GAMES = RoundWords(
    Message("Game %(n)s"),
    Message("Games"),
    Message("Enter game %(n)s"),
    Message("Game %(n)s of %(of)s"),
    Message("game %(n)s"),
    Message("games"),
)
ROUNDS = RoundWords(
    Message("Round %(n)s"),
    Message("Rounds"),
    Message("Enter round %(n)s"),
    Message("Round %(n)s of %(of)s"),
    Message("round %(n)s"),
    Message("rounds"),
)


@dataclass(frozen=True)
class BlankSheetSetup:
    """The blank paper sheet: players that fit on A4, rows (fewest, most, default; None
    where fixed or open) and the query parameters it takes, with their values."""

    room: int
    rows: tuple[int, int, int] | None = None
    row_words: RoundWords = GAMES
    choices: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # What the sheets page calls each choice and each value ("scoring": "Scoring", "wins": …).
    choice_words: Mapping[str, Message] = field(default_factory=dict)


def house_field(rule: HouseRule) -> Field:
    """A house rule as an input field: `options.<name>`, called by its title."""
    return Field(f"options.{rule.option}", Message("The house rule “%(title)s”", title=rule.title))


class Variant(RatingHooks):
    """One variant; subclasses set the switches and point at their scoring class."""

    id: ClassVar[str]
    # Where the pages list it among the variants (app.variants.discovery).
    order: ClassVar[int]
    # The referee's rules and the whole-game driver, from the variant's own folder.
    rules: ClassVar[Rules]
    game: ClassVar[type[Game]]
    short_name: ClassVar[str]  # a name in every language (the referee's variant picker)
    label: ClassVar[Message]
    description: ClassVar[Message]
    # Seats at a scored table (the referee's own range is `rules.min_players` …).
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    scoring: ClassVar[Scoring]

    round_words: ClassVar[RoundWords] = GAMES
    # Two teams always (dop.deal) / the option that seats partners as teams (spd.opt.partner).
    team_play: ClassVar[bool] = False
    team_option: ClassVar[str | None] = None
    # Round points and totals per team, not per seat (the grid has a column per team).
    team_scores: ClassVar[bool] = False
    # Games make sets, sets a match (dop.set, dop.match).
    has_sets: ClassVar[bool] = False
    # A round scores a win (1) or nothing: a tick in the grid, no points on the sheet.
    scores_wins: ClassVar[bool] = False
    # A closing jack names a suit that doubles (dyn.score.double): shown per round.
    names_jack_suit: ClassVar[bool] = False
    # Its folder's awards.py declares titles of the evening of its own (app.awards).
    own_titles: ClassVar[bool] = False
    # The round body names the winning seat: the sheet shows it per round.
    names_round_winner: ClassVar[bool] = False
    # A round exactly like the one before looks entered twice (two phones, a double tap) where
    # the hands differ from game to game; not where a round is only its winner.
    repeat_doubtful: ClassVar[bool] = True
    # What the round form asks: one of "hands", "cards", "hand_points", "winner", "team".
    round_entry: ClassVar[str]
    # The new-table form's field per option; the fields themselves are the folder's
    # table_form.py FIELDS (rate_cents is the page's shared money field).
    form_fields: ClassVar[dict[str, str]] = {}
    # Group statistics: what the average per game means (None: no average, wins count).
    average_label: ClassVar[Message | None] = None
    # The chart under the grid: how to read its lines.
    chart_note_text: ClassVar[Message]
    blank_sheet: ClassVar[BlankSheetSetup]

    def __repr__(self) -> str:
        """``<Variant id>``."""
        return f"<Variant {self.id}>"

    @property
    def house_rules(self) -> tuple[HouseRule, ...]:
        """The switches a table of this variant may flip (the rules digest's house rules)."""
        return self.rules.house_rules

    @property
    def defaults(self) -> dict[str, Any]:
        """Every option of a new table with its default: the scoring's, then the house rules."""
        return {**self.scoring.defaults, **{r.option: r.default for r in self.house_rules}}

    @property
    def money_when(self) -> dict[str, Any] | None:
        """The option values money needs ({}: always; None: never), for the new-table page."""
        return self.scoring.money_when

    def money_allowed(self, options: Mapping[str, Any]) -> bool:
        """May a table with these options be played for money?"""
        return self.scoring.money_allowed(options)

    def has_teams(self, options: Mapping[str, Any]) -> bool:
        """Do the players sit as two teams (A = seats 1 + 3, B = seats 2 + 4)?"""
        return self.team_play or bool(self.team_option and options.get(self.team_option))

    def options(self, raw: Any, players: int) -> dict[str, Any]:
        """A new table's options: known ones only, each checked, every default filled in."""
        known = [*self.scoring.defaults, *(rule.option for rule in self.house_rules)]
        given = inputs.mapping({} if raw is None else raw, OPTIONS, known)
        house = {rule.option: rule.default for rule in self.house_rules}
        for rule in self.house_rules:
            if rule.option in given:
                house[rule.option] = inputs.choice(
                    given[rule.option], house_field(rule), rule.values
                )
        scored = self.scoring.options(
            {key: value for key, value in given.items() if key not in house}, players
        )
        return {**scored, **house}

    def stored_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """A stored table's options with the house rules it predates at their defaults."""
        return {**self.defaults, **options}

    def changed_house_rules(self, options: Mapping[str, Any]) -> list[tuple[HouseRule, Message]]:
        """The house rules that differ from the default, each with the meaning of its value."""
        return [
            (rule, rule.meaning(options[rule.option]))
            for rule in differing(self.house_rules, options)
        ]

    def players(self, players: Any) -> list[str]:
        """The names in seating order, within the variant's player count."""
        names = player_list(players)
        low, high = self.min_players, self.max_players
        if not low <= len(names) <= high:
            limit = (
                Message("exactly %(low)s", low=low)
                if low == high
                else Message("%(low)s to %(high)s", low=low, high=high)
            )
            raise InputError(
                Message(
                    "%(label)s is played by %(limit)s players; you entered %(count)s.",
                    label=self.label,
                    limit=limit,
                    count=len(names),
                ),
                "players",
            )
        return player_names(names)

    def table(self, name: Any, players: Any, options: Any) -> tuple[str, list[str], dict[str, Any]]:
        """A new table's name, players and options (defaults filled in), or an InputError."""
        names = self.players(players)
        return validate_name(name), names, self.options(options, len(names))

    def table_errors(self, name: Any, players: Any, options: Mapping[str, Any]) -> list[InputError]:
        """Every problem of a new table at once, for a form to show together: the name, the
        players, then the options; a refused option is left at its default and the others are
        checked again, so a check across options sees only the ones that are fine."""
        found: list[InputError] = []
        for check in (lambda: validate_name(name), lambda: self.players(players)):
            try:
                check()
            except InputError as error:
                found.append(error)
        seats = len(players) if isinstance(players, list) else self.min_players
        given = dict(options)
        while True:
            try:
                self.options(given, seats)
            except InputError as error:
                found.append(error)
                key = (error.field or "").removeprefix("options.")
                if key not in given:
                    return found
                del given[key]
            else:
                return found

    def round(
        self, players: Sequence[str], options: Mapping[str, Any], body: Any
    ) -> dict[str, Any]:
        """One round body (docs/api.md §2), checked and normalised (defaults filled in)."""
        return self.scoring.round(players, options, body)

    def round_points(self, players: Sequence[str], options: Mapping[str, Any], body: Any) -> Any:
        """What each seat (or team) scores for one round body, e.g. for a live preview."""
        return self.scoring.points(len(players), options, self.round(players, options, body))

    def open_ended(self, options: Mapping[str, Any]) -> bool:
        """Does a table with these options run until the players end (close) it by hand?"""
        return self.scoring.open_ended(options)

    def ends_by_hand(self, options: Mapping[str, Any]) -> bool:
        """May a table with these options be ended by hand (open-ended, or a series early)?"""
        return self.scoring.ends_by_hand(options)

    def evaluate(
        self,
        players: Sequence[str],
        options: Mapping[str, Any],
        rounds: Sequence[Mapping[str, Any]],
        closed: bool = False,
        first_dealer: int = 0,
    ) -> tuple[Standing, int | None]:
        """The standing and after how many rounds the table was finished; a `closed`
        table (open-ended, or a series ended early) is finished after its rounds; `first_dealer`
        dealt the first game."""
        if closed and self.scoring.ends_by_hand(options):
            options = self.scoring.closed_options(options, len(rounds))
        standing, end = self.scoring.evaluate(len(players), options, rounds)
        if first_dealer:
            dealer = self.scoring.next_dealer(len(players), rounds, first_dealer % len(players))
            standing = replace(standing, next_dealer=dealer)
        return standing, end

    def standing(
        self,
        players: Sequence[str],
        options: Mapping[str, Any],
        rounds: Sequence[Mapping[str, Any]],
        closed: bool = False,
        first_dealer: int = 0,
    ) -> Standing:
        """Totals, ranking, winner, settlement, sets … after the given normalised rounds."""
        return self.evaluate(players, options, rounds, closed, first_dealer)[0]

    def finished_after(
        self,
        players: Sequence[str],
        options: Mapping[str, Any],
        rounds: Sequence[Mapping[str, Any]],
        closed: bool = False,
    ) -> int | None:
        """After how many of the rounds the table was finished (None while it runs)."""
        return self.evaluate(players, options, rounds, closed)[1]

    def round_winners(self, data: Mapping[str, Any]) -> set[int]:
        """The seats that won one stored round."""
        return self.scoring.round_winners(data)

    def entry_for(self, options: Mapping[str, Any]) -> str:
        """What the round form asks at a table with these options (its `round_entry`, unless
        an option changes what a round is)."""
        return self.round_entry

    def scores_wins_for(self, options: Mapping[str, Any]) -> bool:
        """Does a round of a table with these options score a win (a tick) or points?"""
        return self.scores_wins

    def entry_max(self, options: Mapping[str, Any]) -> dict[str, int]:
        """The upper ends of the round form's steppers, from the deck ({} where none)."""
        return self.scoring.entry_max(options)

    @property
    def keeps_direction(self) -> bool:
        """Does a round store the direction of play, carried into the next (dyn.twin.reverse)?"""
        return self.scoring.keeps_direction

    def directions(self, rounds: Sequence[Mapping[str, Any]]) -> list[str]:
        """The direction of play at the end of each stored round (else the previous one's)."""
        return self.scoring.directions(rounds)

    def doubts(
        self,
        players: Sequence[str],
        options: Mapping[str, Any],
        data: Mapping[str, Any],
        previous: Mapping[str, Any] | None,
        number: int,
    ) -> list[Message]:
        """Why a checked round (`data`, normalised; round `number`, after `previous`) looks as
        if it cannot have happened at the table, each as a question; the page asks once before
        saving, never refuses."""
        found = self.round_doubts(len(players), options, data)
        if previous is not None and self.repeat_doubtful and dict(data) == dict(previous):
            found.append(
                Message(
                    "Exactly the same as %(what)s — entered twice? Save anyway?",
                    what=self.round_words.number(number - 1, inside=True),
                )
            )
        return found

    def round_doubts(
        self, players: int, options: Mapping[str, Any], data: Mapping[str, Any]
    ) -> list[Message]:
        """The variant's own doubts about one round (hook; none by default)."""
        return []

    def chart_target(self, options: Mapping[str, Any]) -> int | None:
        """The total at which the game ends, drawn as a line across the chart (hook; None)."""
        return None

    def chart_note(self, options: Mapping[str, Any]) -> Message:
        """How to read the running-totals chart of a table with these options (hook)."""
        return self.chart_note_text
