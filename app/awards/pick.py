"""Who gets a title: the best figure, ties shared, nothing given without data.

Ties are named fairly: everybody with the best figure shares the title, in alphabetical
order; when more than three share it, nobody stands out and the title is not given. A figure
of 0 (nothing happened) never makes a title.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Mapping

from app.awards.types import Title
from app.text import Message

MOST_SHARED = 3


def leaders(scores: Mapping[str, int], fewest: bool = False) -> list[str]:
    """The people with the highest (`fewest`: the lowest) positive score, alphabetical; []
    when nobody scored or more than MOST_SHARED share the best."""
    positive = [score for score in scores.values() if score > 0]
    best = (min if fewest else max)(positive, default=0)
    if not best:
        return []
    found = sorted((who for who, score in scores.items() if score == best), key=str.casefold)
    return found if len(found) <= MOST_SHARED else []


def award(
    key: str,
    name: Message,
    scores: Mapping[str, int],
    figure: Callable[[int], Message],
    fewest: bool = False,
) -> list[Title]:
    """The title for the best score (a list of none or one), its figure said from it."""
    found = leaders(scores, fewest)
    if not found:
        return []
    return [Title(key, name, tuple(found), figure(scores[found[0]]))]


def keep_best(scores: dict[str, int], who: str, score: int, fewest: bool = False) -> None:
    """Remember a person's best score so far."""
    scores[who] = (min if fewest else max)(scores.get(who, score), score)
