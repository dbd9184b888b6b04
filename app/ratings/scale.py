"""The rating model and the number people read.

openskill rates a player as a normal distribution (mu, sigma), starting at 25 ± 8.33. The
number shown is the library's ordinal scaled around 1000: 1000 + 20 × (mu − 3 sigma), so a
newcomer starts at 1000 and climbs as the games show what he can; the uncertainty shown is
± 20 × sigma (about 167 for a newcomer). docs/api.md says the same.
"""

from __future__ import annotations

from openskill.models import PlackettLuce
from openskill.models import PlackettLuceRating

SCALE = 20  # rating points per unit of openskill's mu
BASE = 1000  # the rating of a newcomer
PROVISIONAL_GAMES = 5  # "vorläufig" until a player has played this many games

MODEL = PlackettLuce()


def fresh(name: str) -> PlackettLuceRating:
    """A newcomer's rating."""
    return MODEL.rating(name=name)


def shown(rating: PlackettLuceRating) -> int:
    """The whole number people read: the ordinal mu − 3 sigma scaled around 1000."""
    return round(rating.ordinal(alpha=SCALE, target=BASE))


def spread(rating: PlackettLuceRating) -> int:
    """The uncertainty shown beside it: one sigma on the same scale."""
    return round(SCALE * rating.sigma)
