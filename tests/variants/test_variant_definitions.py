"""A variant is one definition: the registry, what each definition answers, and that nothing
else in the score keeping's pages, sheets, statistics and scripts compares a variant's name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app import engine
from app.engine.houserules import HOUSE_RULES
from app.text import InputError
from app.text import say
from app.variants.registry import VARIANT_IDS
from app.variants.registry import VARIANTS
from app.variants.registry import find_variant

ROOT = Path(__file__).resolve().parents[2]
FOUR = ["Anna", "Ben", "Cem", "Dora"]
NAMES = "dynamisch|deluxe|speedone|terroristen|doppel"
# `== "doppel"`, `"doppel" !=`, `in ("deluxe", …`, `variant === "speedone"`.
COMPARISON = re.compile(
    rf"(==|!=)=?\s*[\"']({NAMES})[\"']|[\"']({NAMES})[\"']\s*(==|!=)|in \([\"']({NAMES})"
)
# Where the score keeping shows a table (the referee and the engine keep their own checks).
AREA = [
    "app/variants",
    "app/awards",
    "app/scoring",
    "app/tables",
    "app/sheets",
    "app/groups",
    "app/export",
    "app/api/tables.py",
    "app/store/models.py",
    "app/store.py",
    "templates/tables",
    "templates/sheets",
    "templates/groups",
    "templates/export",
    "static/js/table.js",
    "static/js/stepper.js",
]


def test_registry_in_order_with_the_engines_ids() -> None:
    """The definitions in the order the pages offer them (each says where), by the engine's
    variant IDs."""
    orders = [VARIANTS[name].order for name in VARIANT_IDS]
    assert orders == sorted(orders) and len(set(orders)) == len(orders)
    assert tuple(engine.registry.VARIANTS) == VARIANT_IDS
    assert [variant.id for variant in VARIANTS.values()] == list(VARIANT_IDS)


@pytest.mark.parametrize("name", ["uno", "Dynamisch", "", None, 5])
def test_find_variant_names_the_five_ids(name: object) -> None:
    """An unknown variant is an InputError (a ValueError) at `variant`, listing the IDs."""
    with pytest.raises(InputError) as error:
        find_variant(name)
    assert isinstance(error.value, ValueError) and error.value.field == "variant"
    assert "dynamisch, deluxe, speedone, terroristen, doppel" in say(error.value.text, "en")
    assert "Unbekannte Variante" in say(error.value.text, "de")


@pytest.mark.parametrize("variant_id", VARIANT_IDS)
def test_a_definition_points_at_its_rules_scoring_and_house_rules(variant_id: str) -> None:
    """The referee's rules by the same ID, the house rules of that variant, all defaults."""
    variant = find_variant(variant_id)
    assert variant.rules is engine.find_variant(variant_id)
    assert variant.house_rules == HOUSE_RULES[variant_id]
    assert variant.defaults == {
        **variant.scoring.defaults,
        **{rule.option: rule.default for rule in HOUSE_RULES[variant_id]},
    }
    assert say(variant.label, "de") and say(variant.label, "en") and say(variant.description, "en")
    assert variant.min_players <= variant.max_players
    assert variant.round_entry in ("hands", "cards", "hand_points", "winner", "team")


def test_teams_sets_and_money_are_asked_of_the_definition() -> None:
    """Doppel sits in teams and plays sets; Speedone in teams with partners only; money where
    there are points to pay for (dyn.money; Speedone own points without partners)."""
    doppel, speedone, dynamisch = (find_variant(v) for v in ("doppel", "speedone", "dynamisch"))
    assert doppel.has_teams({}) and doppel.has_sets and doppel.team_scores
    assert speedone.has_teams({"partner": True}) and not speedone.has_teams({"partner": False})
    assert not speedone.has_sets and not speedone.team_scores
    assert not dynamisch.has_teams({}) and dynamisch.money_allowed({})
    assert speedone.money_allowed({"scoring": "own-points", "partner": False})
    assert not speedone.money_allowed({"scoring": "own-points", "partner": True})
    assert not doppel.money_allowed({}) and doppel.money_when is None


def test_stored_options_read_missing_house_rules_as_defaults() -> None:
    """A table saved before its house rules existed keeps its own options, the rest default."""
    speedone = find_variant("speedone")
    stored = {"target": 200, "scoring": "own-points", "partner": False, "rate_cents": 5}
    assert speedone.stored_options(stored) == {
        **stored,
        "stack2": False,
        "stack4": False,
        "handlimit": True,
    }


def test_changed_house_rules_name_the_meaning_of_the_chosen_value() -> None:
    """Only switches away from the default, each with what its value means."""
    terroristen = find_variant("terroristen")
    options = terroristen.table("", FOUR, {"multi": "twins"})[2]
    changed = terroristen.changed_house_rules(options)
    assert [(rule.option, say(meaning, "en")) for rule, meaning in changed] == [
        ("multi", "Only identical cards (suit and rank, twins) together.")
    ]
    assert terroristen.changed_house_rules(terroristen.defaults) == []


def test_no_variant_name_is_compared_where_tables_are_shown() -> None:
    """Pages, sheets, statistics, exports and table.js ask the definition instead."""
    found = []
    for entry in AREA:
        path = ROOT / entry
        files = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
        for file in files:
            if file.suffix not in (".py", ".html", ".js"):
                continue
            for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
                if COMPARISON.search(line):
                    found.append(f"{file.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == []
