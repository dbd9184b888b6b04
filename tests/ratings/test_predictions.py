"""Win chances through the real HTTP API: they add up to 1, and the balanced Doppel split is
the best of the three possible (the chances of each split from openskill's own predict_win)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask.testing import FlaskClient
from openskill.models import PlackettLuce

# The Doppel sets of conftest.py: Anna + Cem won, then Ben + Dora.
DOPPEL = [
    ([["Anna", "Cem"], ["Ben", "Dora"]], [1, 2]),
    ([["Anna", "Cem"], ["Ben", "Dora"]], [2, 1]),
]
SPLITS = [
    (("Anna", "Cem"), ("Ben", "Dora")),
    (("Anna", "Ben"), ("Cem", "Dora")),
    (("Anna", "Dora"), ("Ben", "Cem")),
]


def split_chances() -> dict[tuple[tuple[str, ...], tuple[str, ...]], float]:
    """The first team's chance for each split, from the library's ratings and predict_win."""
    model = PlackettLuce()
    now = {name: model.rating(name=name) for name in ("Anna", "Ben", "Cem", "Dora")}
    for sides, places in DOPPEL:
        rated = model.rate([[now[n] for n in side] for side in sides], ranks=places)
        for side, after in zip(sides, rated, strict=True):
            now.update(zip(side, after, strict=True))
    return {
        split: model.predict_win([[now[n] for n in team] for team in split])[0] for split in SPLITS
    }


def test_chances_add_up_to_one(
    client: FlaskClient, small_group: Callable[..., dict[str, Any]]
) -> None:
    """Three players on their own, a newcomer among them, across variants."""
    group = small_group()
    answer = client.get(f"/api/v1/groups/{group['id']}/predictions?players=anna,Gast,Neu").json
    assert answer is not None and answer["balanced"] is None
    assert [side["players"] for side in answer["sides"]] == [["Anna"], ["Gast"], ["Neu"]]
    assert abs(sum(side["chance"] for side in answer["sides"]) - 1) < 1e-9


def test_the_balanced_doppel_split_is_the_best_of_three(
    client: FlaskClient, small_group: Callable[..., dict[str, Any]]
) -> None:
    """The seating's teams first; `balanced` is a split whose chance is closest to 50 %."""
    group = small_group()
    url = f"/api/v1/groups/{group['id']}/predictions?variant=doppel&players=Anna,Ben,Cem,Dora"
    answer = client.get(url).json
    assert answer is not None
    sides = answer["sides"]
    assert [side["players"] for side in sides] == [["Anna", "Cem"], ["Ben", "Dora"]]
    assert abs(sides[0]["chance"] + sides[1]["chance"] - 1) < 1e-9
    chances = split_chances()
    assert abs(sides[0]["chance"] - chances[SPLITS[0]]) < 1e-9
    balanced = answer["balanced"]
    teams = tuple(tuple(side["players"]) for side in balanced["sides"])
    best = min(abs(chance - 0.5) for chance in chances.values())
    assert abs(chances[teams] - 0.5) == best  # type: ignore[index]
    assert abs(balanced["sides"][0]["chance"] - chances[teams]) < 1e-9  # type: ignore[index]
    # Team A sits at seats 1 + 3, team B at 2 + 4 (dop.deal).
    (a1, a2), (b1, b2) = teams
    assert balanced["seating"] == [a1, b1, a2, b2]


def test_partners_and_bad_players(
    client: FlaskClient, small_group: Callable[..., dict[str, Any]]
) -> None:
    """Speedone partners are two teams; too few players, or teams of 3, are a 400."""
    group = small_group()
    url = f"/api/v1/groups/{group['id']}/predictions"
    partners = client.get(f"{url}?variant=speedone&partner=true&players=Anna,Ben,Cem,Dora").json
    assert partners is not None and len(partners["sides"]) == 2 and partners["balanced"]
    alone = client.get(f"{url}?variant=speedone&players=Anna,Ben,Cem,Dora").json
    assert alone is not None and len(alone["sides"]) == 4 and alone["balanced"] is None
    for query in ("players=Anna", "variant=doppel&players=Anna,Ben,Cem", "players=Anna,anna"):
        answer = client.get(f"{url}?{query}")
        assert answer.status_code == 400 and answer.json is not None, query
        assert answer.json["field"].startswith("players"), answer.json
