"""The shared referee examples, the rule-ID coverage, notation round trips and properties."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from app.engine import INTERPRETATIONS
from app.engine import PLAYER_RANGE
from app.engine import Action
from app.engine import Card
from app.engine import InvalidNotationError
from app.engine import Options
from app.engine import Pending
from app.engine import Situation
from app.engine import Wish
from app.engine import deck
from app.engine import find_problem
from app.engine import find_variant
from app.engine import judge
from app.engine import judge_request
from app.engine import legal_actions
from app.engine import request_lang
from app.engine import rule_ids
from app.engine import situation_from_request
from app.engine.registry import VARIANTS
from app.engine.verdict import EFFECT_TYPES
from app.text import InputError
from app.variants.registry import VARIANT_IDS
from tests.variants.examples import examples

ROOT = Path(__file__).parents[2]
DATA = ROOT / "tests" / "data" / "referee-examples.json"
EXAMPLES = json.loads(DATA.read_text(encoding="utf-8"))
HERE = Path(__file__).parent


def effect_present(response: dict[str, Any], type: str, who: str, count: int) -> bool:
    """True when the response has an effect of ``type`` for ``who`` with ``count``."""
    return any(
        e["type"] == type and e.get("who") == who and e.get("count") == count
        for e in response["effects"]
    )


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["label"] for e in EXAMPLES])
def test_referee_example(example: dict[str, Any]) -> None:
    """Every case of referee-examples.json answers as expected."""
    expect = example["expect"]
    if expect.get("status") == 400:
        with pytest.raises(InputError):
            judge_request(example["request"])
        return
    response = judge_request(example["request"])
    for key in ("legal", "rule"):
        if key in expect:
            assert response[key] == expect[key], response["reason"]
    for type in ("draw", "skip"):
        if type in expect:
            assert effect_present(response, type, *expect[type]), response["effects"]
    if expect.get("reverse"):
        assert any(e["type"] == "reverse" for e in response["effects"])


def test_every_rule_id_is_named_by_a_referee_test() -> None:
    """Each rule ID of the rules digest appears in the engine-referee's tests."""
    sources = "".join(
        path.read_text(encoding="utf-8") for path in sorted(HERE.glob("test_referee_*.py"))
    )
    missing = [
        rule
        for rule in rule_ids()
        if not re.search(rf"(?<![\w.]){re.escape(rule)}(?![\w-])", sources)
    ]
    assert missing == []
    # Each variant's IDs carry its prefix, so two variants can never share one.
    for rules in VARIANTS.values():
        assert rules.rule_kinds and all(r.startswith(f"{rules.prefix}.") for r in rules.rule_kinds)


def test_interpretations_cite_known_rules() -> None:
    """Every interpretation the referee can cite belongs to a rule ID."""
    assert set(INTERPRETATIONS) <= set(rule_ids())


def test_registry() -> None:
    """find_variant resolves every ID; the player ranges follow the rules digest."""
    assert [find_variant(name).name for name in VARIANT_IDS] == list(VARIANT_IDS)
    for name in VARIANT_IDS:
        assert PLAYER_RANGE[name] == examples(name).REFEREE_PLAYERS
    with pytest.raises(ValueError, match="'uno' is not a variant"):
        find_variant("uno")


@pytest.mark.parametrize(
    "text",
    [
        "dynamisch top=HJ below=S8 wish=C hand=CJ,S7 players=5",
        "deluxe top=CJ wish=10:by_you:anyone_served draw=2 hand= actor=other",
        "speedone top=Y+2 draw=2 options=stack2,stack4",
        "doppel top=C9 again=2 players=2",
        "doppel top=C10 hand=C7,H9 drew=true",
        "doppel top=H7 draw=2 players=3 top_was_last=true",
        "speedone top=R+2 draw=2 hand_count=21 options=handlimit:false",
    ],
)
def test_situation_text_round_trip(text: str) -> None:
    """Situation.parse and str() are inverses on canonical texts."""
    assert str(Situation.parse(text)) == text


@pytest.mark.parametrize(
    "text",
    [
        "dynamisch",
        "dynamisch top=X9",
        "dynamisch top=H7 foo=1",
        "dynamisch top=H7 wish=Z",
        "dynamisch top=H7 draw=x",
        "dynamisch top=H7 actor=me",
        "dynamisch top=H7 options=x",
        "doppel top=H7 drew=yes",
        "doppel top=H7 top_was_last=1",
        "speedone top=R5 hand_count=many",
    ],
)
def test_situation_parse_errors_quote_the_input(text: str) -> None:
    """A bad situation text raises InvalidNotationError quoting it."""
    with pytest.raises(InvalidNotationError) as caught:
        Situation.parse(text)
    assert repr(text) in str(caught.value) or text.split()[-1] in str(caught.value)


@pytest.mark.parametrize("text", ["draw", "CJ wish=D", "D7,D7", "W+4 wish=R", "HJ wish=10"])
def test_action_text_round_trip(text: str) -> None:
    """Action.parse and str() are inverses."""
    assert str(Action.parse(text)) == text


@pytest.mark.parametrize("text", ["", "CJ D", "CJ wish=", "X1", "draw draw"])
def test_action_parse_errors(text: str) -> None:
    """A bad action text raises InvalidNotationError quoting it."""
    with pytest.raises(InvalidNotationError, match=re.escape(repr(text))):
        Action.parse(text)


ANY_CARD = st.sampled_from(sorted({*deck("dynamisch"), *deck("speedone")}, key=Card.sort_key))
WISHES = st.builds(
    Wish,
    suit=st.sampled_from([None, "C", "S", "H", "D", "R", "Y"]),
    rank=st.sampled_from([None, "7", "10", "J", "A"]),
    by_you=st.booleans(),
    anyone_served=st.booleans(),
    you_served=st.booleans(),
)
# Speedone's stacking switches, set on any variant's situation (the others name them a problem).
STACKING = st.fixed_dictionaries({"stack2": st.booleans(), "stack4": st.booleans()}).map(
    lambda values: Options.of(find_variant("speedone").house_rules, values)
)
SITUATIONS = st.builds(
    Situation,
    variant=st.sampled_from(VARIANT_IDS),
    top=ANY_CARD,
    below=st.none() | ANY_CARD,
    wish=st.none() | WISHES,
    pending=st.none()
    | st.builds(Pending, draw=st.integers(0, 5), skip=st.integers(0, 2), again=st.integers(0, 3)),
    hand=st.none() | st.lists(ANY_CARD, max_size=6).map(tuple),
    players=st.integers(1, 11),
    options=STACKING,
    actor=st.sampled_from(["on_turn", "other"]),
    drew=st.booleans(),
)
ACTIONS = st.builds(
    Action,
    play=st.lists(ANY_CARD, max_size=3).map(tuple),
    wish=st.none() | WISHES,
    draw=st.booleans(),
)


@settings(max_examples=400, deadline=None)
@given(SITUATIONS, ACTIONS, st.sampled_from(["de", "en"]))
def test_judge_never_raises_and_cites_a_rule(
    situation: Situation, action: Action, lang: str
) -> None:
    """Questions never raise; a well-formed one is decided by a rule ID of the rules digest."""
    verdict = judge(situation, action, lang)
    assert verdict.reason
    assert verdict.rule in rule_ids() or (
        verdict.rule == "" and situation.variant not in VARIANT_IDS
    )
    assert json.dumps(verdict.to_json())
    if verdict.legal:
        assert verdict.penalty is None


@settings(max_examples=150, deadline=None)
@given(SITUATIONS)
def test_legal_actions_are_all_legal(situation: Situation) -> None:
    """Every listed action is judged legal."""
    for action in legal_actions(situation):
        assert judge(situation, action).legal, (str(situation), str(action))


ONE_WISH = st.one_of(
    st.builds(
        Wish,
        suit=st.sampled_from(["C", "S", "H", "D", "R", "G", "B", "Y"]),
        by_you=st.booleans(),
        anyone_served=st.booleans(),
        you_served=st.booleans(),
    ),
    st.builds(
        Wish, rank=st.sampled_from(["7", "8", "9", "10", "J", "Q", "K", "A"]), by_you=st.booleans()
    ),
)
CANONICAL = st.builds(
    Situation,
    variant=st.sampled_from(VARIANT_IDS),
    top=ANY_CARD,
    below=st.none() | ANY_CARD,
    wish=st.none() | ONE_WISH,
    pending=st.none() | st.builds(Pending, draw=st.integers(1, 9)),
    hand=st.none() | st.lists(ANY_CARD, max_size=6).map(tuple),
    players=st.integers(2, 10),
    options=STACKING,
    actor=st.sampled_from(["on_turn", "other"]),
    drew=st.booleans(),
)


@given(CANONICAL)
def test_situation_text_round_trip_property(situation: Situation) -> None:
    """Situation.parse(str(s)) == s for every situation with one wish and a real pending."""
    assert Situation.parse(str(situation)) == situation


@st.composite
def well_formed(draw: st.DrawFn) -> tuple[Situation, Action]:
    """A question the referee API would accept, with cards of the variant's own deck."""
    name = draw(st.sampled_from(VARIANT_IDS))
    variant = find_variant(name)
    low, high = PLAYER_RANGE[name]
    players = draw(st.integers(low, high))
    cards = sorted(set(deck(name, players)), key=Card.sort_key)
    top = draw(st.sampled_from(cards))
    hand = draw(st.none() | st.lists(st.sampled_from(cards), max_size=5).map(tuple))
    kinds = sorted(set(variant.wish_kinds.values()))
    targets = {"suit": list(variant.suits), "rank": ["7", "10", "J", "Q", "K", "A"]}
    kind = draw(st.sampled_from(kinds))
    wish = Wish(**{kind: draw(st.sampled_from(targets[kind]))})
    if variant.wish_flags:
        served = draw(st.booleans())
        wish = Wish(
            suit=wish.suit,
            rank=wish.rank,
            by_you=draw(st.booleans()),
            anyone_served=served,
            you_served=served and draw(st.booleans()),
        )
    needs_wish = top.rank in variant.wish_on_top
    active = wish if needs_wish or (not variant.wish_on_top and draw(st.booleans())) else None
    options = Options.of(
        variant.house_rules,
        {rule.option: draw(st.sampled_from(rule.values)) for rule in variant.house_rules},
    )
    pending = None
    kinds_due = [k for k, ranks in variant.pending_tops(options).items() if top.rank in ranks]
    if kinds_due and draw(st.booleans()):
        pending = Pending(**{draw(st.sampled_from(kinds_due)): draw(st.integers(1, 4))})
    situation = Situation(
        name,
        top=top,
        wish=active,
        pending=pending,
        hand=hand,
        players=players,
        options=options,
        actor=draw(st.sampled_from(["on_turn", "on_turn", "other"])),
    )
    pool = list(hand) if hand else cards
    play = tuple(draw(st.lists(st.sampled_from(pool), min_size=1, max_size=2)))
    wishing = variant.wish_kinds.get(play[0].rank)
    action_wish = (
        Wish(**{wishing: draw(st.sampled_from(targets[wishing]))})
        if wishing and draw(st.booleans())
        else None
    )
    action = Action(draw=True) if draw(st.integers(0, 4)) == 0 else Action(play, action_wish)
    return situation, action


@settings(max_examples=600, deadline=None)
@given(well_formed())
def test_well_formed_questions_get_a_rule_verdict(question: tuple[Situation, Action]) -> None:
    """Well-formed questions, house rules included, are judged by a rule of their own
    variant, in both languages."""
    situation, action = question
    if find_problem(situation, action) is not None:
        return  # e.g. a card played twice from a hand holding it once
    for lang in ("de", "en"):
        verdict = judge(situation, action, lang)
        assert verdict.rule.split(".")[0] == find_variant(situation.variant).prefix
        assert verdict.reason and not verdict.reason.startswith("Ungültige")
        assert {effect.type for effect in verdict.effects} <= set(EFFECT_TYPES)
    listed = legal_actions(situation)
    assert all(find_problem(situation, a) is None and judge(situation, a).legal for a in listed)
    if verdict.legal and situation.hand is not None:
        # legal_actions is complete: the legal play is listed (an unnamed wish spelled out).
        assert action in listed or any(a.play == action.play for a in listed)


REQUEST = {
    "variant": "dynamisch",
    "situation": {"top": "HQ", "hand": ["CJ", "S7"]},
    "action": {"play": ["CJ"], "wish": {"suit": "S"}},
}


def test_situation_from_request_reads_and_checks_the_question() -> None:
    """The public reader of a request body: Situation and Action (None without one)."""
    situation, action = situation_from_request(REQUEST)
    assert str(situation) == "dynamisch top=HQ hand=CJ,S7"
    assert action == Action.parse("CJ wish=S")
    no_action = {key: value for key, value in REQUEST.items() if key != "action"}
    assert situation_from_request(no_action) == (situation, None)
    with pytest.raises(InputError) as caught:
        situation_from_request({**no_action, "situation": {"top": "HJ"}})
    assert caught.value.field == "situation.wish"  # the situation alone is checked too
    with pytest.raises(InputError) as caught:
        situation_from_request({**REQUEST, "action": {"play": ["H9"]}})
    assert caught.value.field == "action.play[0]"  # H9 is not in the hand


@pytest.mark.parametrize(
    ("body", "field", "german"),
    [
        (
            {**REQUEST, "players": 9},
            "players",
            "Spieler im Spiel: 9 – Dynamisch spielen 2 bis 6 Spieler.",
        ),
        ({**REQUEST, "variant": "uno"}, "variant", 'Variante: "uno" gibt es nicht'),
        (
            {"variant": "dynamisch", "situation": {"top": "H7"}},
            "action",
            "Dein Zug fehlt: Die Anfrage braucht",
        ),
        ({**REQUEST, "lang": "fr"}, "lang", 'Sprache: "fr" – erwartet ist "de" oder "en".'),
    ],
)
def test_request_errors_come_in_german_and_english(
    body: dict[str, Any], field: str, german: str
) -> None:
    """InputError: ``text`` in both languages, ``message(lang)`` and ``str()`` (English);
    request_lang says which one a body asks for (German unless it reads "en")."""
    with pytest.raises(InputError) as caught:
        judge_request(body)
    error = caught.value
    assert error.field == field
    assert error.message("de").startswith(german)
    assert error.message("en") == str(error) != error.message("de")
    assert request_lang(body) == "de"
    assert request_lang({**body, "lang": "en"}) == "en"


def test_judge_request_checks_the_question_once() -> None:
    """find_problem runs once per referee request, not again inside judge (benchmark)."""
    calls = []

    def count(frame: FrameType, event: str, _arg: object) -> None:
        """Note every call of find_problem."""
        if event == "call" and frame.f_code is find_problem.__code__:
            calls.append(frame)

    sys.setprofile(count)
    try:
        judge_request(REQUEST)
    finally:
        sys.setprofile(None)
    assert len(calls) == 1


def test_referee_page_uses_the_public_engine_api() -> None:
    """app/referee reads requests through app.engine, not the request/checks internals."""
    sources = "".join(
        path.read_text(encoding="utf-8") for path in sorted((ROOT / "app" / "referee").glob("*.py"))
    )
    assert "app.engine.request" not in sources and "app.engine.problems" not in sources
    assert "find_problem" not in sources


def test_the_engine_asks_variants_instead_of_comparing_their_names() -> None:
    """Deck, suits, wish flags, options, results: the engine asks the variant's rules and
    games; no module of it compares a variant's name."""
    compares = re.compile(r"""(==|!=) *["'](dynamisch|deluxe|speedone|terroristen|doppel)["']""")
    found = [
        f"{path.name}:{number}"
        for path in sorted((ROOT / "app" / "engine").rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if compares.search(line)
    ]
    assert found == []
