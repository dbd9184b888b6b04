"""Titles of the evening, each from tables saved through the store; figures worked out by hand
in the comments (dyn.score: 2 per jack, 1 per other card; dyn.score.double; dop.set)."""

from __future__ import annotations

from app.awards import Title
from app.awards import evening_titles
from tests.awards.conftest import Evening
from tests.awards.conftest import game
from tests.awards.conftest import hand

FOUR = ["Anna", "Ben", "Cem", "Dora"]


def said(titles: list[Title], lang: str) -> list[tuple[str, tuple[str, ...], str]]:
    """Key, people and the whole sentence of each title."""
    return [(title.key, title.people, title.text(lang)) for title in titles]


def test_dynamisch_jack_king_doubling_streak_and_unlucky(evening: Evening) -> None:
    """Ben ends games 1 and 2 with a jack at the first table and game 1 at the second (where
    he is "ben"); game 2 there has two players out, so nobody laid that jack for sure: 3.
    Doubled: Anna 3 → 6 (game 1), Cem 2·1 + 4 = 6 → 12 (game 2), Emil 3 → 6: Cem.
    Runs: Ben games 1–2 at both tables: 2. Most at once: Cem's 12. Winners Dora (9/7/17/5)
    and ben (0/9/4) were never last: no comeback."""
    first = [
        game("H", hand(0, 3, True), hand(0, 0), hand(1, 1), hand(0, 2)),
        game("S", hand(0, 2), hand(0, 0), hand(1, 4, True), hand(0, 1)),
        game(None, hand(0, 0), hand(0, 5), hand(0, 1), hand(1, 0)),
        game("C", hand(0, 1), hand(1, 0), hand(0, 1), hand(0, 0)),
    ]
    second = [
        game("D", hand(0, 0), hand(0, 3, True), hand(0, 4)),
        game("H", hand(0, 0), hand(1, 1), hand(0, 0)),
    ]
    titles = evening_titles(
        evening(
            ("dynamisch", FOUR, {"games": 4}, first),
            ("dynamisch", ["ben", "Emil", "anna"], {"games": 2}, second),
        )
    )
    assert said(titles, "de") == [
        ("dynamisch.jacks", ("Ben",), "Bubenkönig: Ben, 3 Spiele mit Bube beendet"),
        ("dynamisch.doubling", ("Cem",), "Doppelpech: Cem, 6 Minuspunkte, verdoppelt auf 12"),
        ("streak", ("Ben",), "Siegesserie: Ben, 2 Siege in Folge"),
        ("dynamisch.unlucky", ("Cem",), "Pechvogel: Cem, 12 Punkte auf einmal (Dynamisch)"),
    ]
    assert [text for _key, _people, text in said(titles, "en")] == [
        "Jack king: Ben, 3 games ended with a jack",
        "Doubled up: Cem, 6 minus points doubled to 12",
        "Winning streak: Ben, 2 wins in a row",
        "Unlucky: Cem, 12 points at once (Dynamisch)",
    ]


def test_doppel_dream_team_comeback_and_a_streak_shared_by_four(evening: Evening) -> None:
    """Sets: Anna & Cem 2 + 2 + 1 = 5, Ben & Dora 1 + 0 + 2 = 3. At the third table Ben &
    Dora lose set 1 and trail until game 10 evens the sets; behind the last time after game
    9 of 15: 6 games to go. Runs of 10 for Anna and Cem (second table) and for Ben and Dora
    (third): four share the best, so nobody stands out and no streak is given."""
    titles = evening_titles(
        evening(
            ("doppel", FOUR, {}, [{"winner": w} for w in "AAAAA" + "BBBBB" + "AAAAA"]),
            ("doppel", ["Cem", "Dora", "Anna", "Emil"], {}, [{"winner": "A"}] * 10),
            (
                "doppel",
                ["Ben", "Anna", "Dora", "Cem"],
                {},
                [{"winner": w} for w in "B" * 5 + "A" * 10],
            ),
        )
    )
    assert said(titles, "de") == [
        ("doppel.sets", ("Anna & Cem",), "Traumpaar: Anna & Cem, 5 Sätze gewonnen"),
        (
            "comeback",
            ("Ben & Dora",),
            "Aufholjagd: Ben & Dora, auf dem letzten Platz, als noch 6 Spiele fehlten, "
            "am Ende vorn",
        ),
    ]
    assert [text for _key, _people, text in said(titles, "en")] == [
        "Dream team: Anna & Cem, 5 sets won",
        "Comeback: Ben & Dora, last with 6 games to go, first at the end",
    ]


def test_comeback_streak_and_unlucky_in_any_variant(evening: Evening) -> None:
    """Terroristen, 5 games won by Anna, Ben, Cem, Cem, Cem: after game 2 Cem alone has no
    win (after game 3 all three have one, not last), wins 3 of 3; 3 games to go, a run of 3.
    Deluxe cards 0/4/2, 3/0/7, 1/2/0: Cem's 7 is the most at once; each won one round."""
    titles = evening_titles(
        evening(
            (
                "deluxe",
                FOUR[:3],
                {"rounds": 3},
                [{"cards": c} for c in ([0, 4, 2], [3, 0, 7], [1, 2, 0])],
            ),
            ("terroristen", FOUR[:3], {"games": 5}, [{"winner": w} for w in (0, 1, 2, 2, 2)]),
        )
    )
    assert said(titles, "en") == [
        ("comeback", ("Cem",), "Comeback: Cem, last with 3 games to go, first at the end"),
        ("streak", ("Cem",), "Winning streak: Cem, 3 wins in a row"),
        ("deluxe.unlucky", ("Cem",), "Unlucky: Cem, 7 points at once (Deluxe)"),
    ]
    assert said(titles, "de")[2][2] == "Pechvogel: Cem, 7 Punkte auf einmal (Deluxe)"
    assert titles[1].to_json("de") == {
        "key": "streak",
        "name": "Siegesserie",
        "people": ["Cem"],
        "figure": "3 Siege in Folge",
        "text": "Siegesserie: Cem, 3 Siege in Folge",
    }


def test_a_tie_is_shared_in_alphabetical_order(evening: Evening) -> None:
    """Dora wins games 1–2, Ben games 3–4: both runs of 2, named alphabetically; the table
    ends tied 2:2, so there is no sole winner and no comeback."""
    titles = evening_titles(
        evening(
            (
                "terroristen",
                ["Dora", "Ben", "Anna"],
                {"games": 4},
                [{"winner": w} for w in (0, 0, 1, 1)],
            )
        )
    )
    assert said(titles, "de") == [
        ("streak", ("Ben", "Dora"), "Siegesserie: Ben und Dora, 2 Siege in Folge")
    ]
    assert titles[0].text("en") == "Winning streak: Ben and Dora, 2 wins in a row"


def test_no_title_without_data(evening: Evening) -> None:
    """Tables without rounds, a Terroristen table whose games went to three different players
    (no run, a three-way tie), and a Dynamisch game that no jack ended (no jack king, no
    doubling): only Ben's 3 minus points at once are a title."""
    assert evening_titles(evening(("dynamisch", FOUR, {}, []), ("doppel", FOUR, {}, []))) == []
    titles = evening_titles(
        evening(
            ("terroristen", FOUR[:3], {"games": 3}, [{"winner": w} for w in (0, 1, 2)]),
            ("dynamisch", FOUR[:2], {"games": 1}, [game(None, hand(0, 0), hand(0, 3))]),
        )
    )
    assert said(titles, "en") == [
        ("dynamisch.unlucky", ("Ben",), "Unlucky: Ben, 3 points at once (Dynamisch)")
    ]
    assert evening_titles([]) == []


def test_comeback_where_the_most_points_win(evening: Evening) -> None:
    """Speedone, winner takes (spd.opt.scoring), target 200: Anna takes 50 + 60 = 110, Ben
    30 + 20 = 50, then Cem, last with 0, takes 100 + 100 = 200 and reaches the target: the
    highest total wins, so Cem came from last with one round to go. Nobody won twice."""
    rounds = [
        {"winner": 0, "points": [0, 50, 60]},
        {"winner": 1, "points": [30, 0, 20]},
        {"winner": 2, "points": [100, 100, 0]},
    ]
    titles = evening_titles(evening(("speedone", FOUR[:3], {"target": 200}, rounds)))
    assert said(titles, "en") == [
        ("comeback", ("Cem",), "Comeback: Cem, last with 1 game to go, first at the end")
    ]
    assert titles[0].text("de") == (
        "Aufholjagd: Cem, auf dem letzten Platz, als noch 1 Spiel fehlte, am Ende vorn"
    )
