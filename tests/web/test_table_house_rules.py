"""House rules on tables: every switch both ways through the API, the new-table page, the table
page and the filled sheet (a table carries its house rules among its options and shows them on
its page and its sheet)."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app.engine.houserules import HOUSE_RULES
from app.engine.houserules import HouseRule
from app.store.db import db
from app.store.models import Table
from app.text import say
from tests.sheets.conftest import pdf_text

FOUR = ["Anna", "Ben", "Cem", "Dora"]
# Every switch with every value it may take: (variant, rule, value).
SETTINGS = [
    pytest.param(variant, rule, value, id=f"{rule.rule}={value}")
    for variant, rules in HOUSE_RULES.items()
    for rule in rules
    for value in rule.values
]
# Every switch set to each value but its default.
CHANGED = [param for param in SETTINGS if param.values[2] != param.values[1].default]


def page_text(html: str) -> str:
    """The page as a reader sees it: tags dropped, entities decoded, spaces collapsed."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).replace("\xa0", " ")


def form_value(value: bool | str) -> str:
    """A switch's value as the page's tap choice sends it."""
    return {True: "true", False: "false"}.get(value, value) if isinstance(value, bool) else value


def create(client: FlaskClient, variant: str, options: dict[str, Any]) -> Any:
    """POST /api/v1/tables with four players."""
    return client.post(
        "/api/v1/tables", json={"variant": variant, "players": FOUR, "options": options}
    )


@pytest.mark.parametrize(("variant", "rule", "value"), SETTINGS)
def test_api_takes_each_switch_and_the_table_json_shows_it(
    client: FlaskClient, variant: str, rule: HouseRule, value: bool | str
) -> None:
    """Created with the switch set: the answer and GET list it, the other switches at default."""
    created = create(client, variant, {rule.option: value})
    assert created.status_code == 201, created.json
    shown = client.get(f"/api/v1/tables/{created.json['id']}").json["options"]
    assert shown[rule.option] == value and created.json["options"] == shown
    for other in HOUSE_RULES[variant]:
        if other is not rule:
            assert shown[other.option] == other.default


@pytest.mark.parametrize(("variant", "rule", "value"), SETTINGS)
def test_api_refuses_a_value_the_switch_does_not_allow(
    client: FlaskClient, variant: str, rule: HouseRule, value: bool | str
) -> None:
    """400 naming options.<name> and the allowed values, in German and in English."""
    wrong = "yes" if isinstance(value, bool) else 1
    answer = create(client, variant, {rule.option: wrong})
    assert answer.status_code == 400
    assert answer.json["field"] == f"options.{rule.option}"
    assert say(rule.title, "de") in answer.json["error"]
    english = client.post(
        "/api/v1/tables?lang=en",
        json={"variant": variant, "players": FOUR, "options": {rule.option: wrong}},
    ).json["error"]
    assert say(rule.title, "en") in english
    assert all(form_value(allowed) in english for allowed in rule.values)


def test_api_refuses_a_switch_of_another_variant(client: FlaskClient) -> None:
    """An unknown option is 400 naming it and the options this variant knows."""
    answer = client.post(
        "/api/v1/tables?lang=en",
        json={"variant": "deluxe", "players": FOUR, "options": {"nine": "may"}},
    )
    assert answer.status_code == 400
    assert answer.json["field"] == "options.nine"
    assert "strict_draw" in answer.json["error"] and "rounds" in answer.json["error"]


def test_a_table_stored_before_house_rules_reads_them_as_defaults(app: Flask) -> None:
    """Old rows without the keys: the table JSON lists every switch at its default."""
    with app.app_context():
        table = Table(variant="terroristen", name="", players=FOUR, options={"games": None})
        table.set_edit_token()
        db.session.add(table)
        db.session.commit()
        table_id = table.id
    options = app.test_client().get(f"/api/v1/tables/{table_id}").json["options"]
    assert options == {"games": None, "seven": "draw2", "multi": "rank"}
    assert "Hausregeln" not in app.test_client().get(f"/t/{table_id}").get_data(as_text=True)


def new_table_post(
    client: FlaskClient, variant: str, fields: dict[str, str], lang: str = "de"
) -> Any:
    """The new-table form as a browser without JavaScript posts it (every seat present)."""
    data = {"variant": variant, "name": "", **{f"players-{s}": n for s, n in enumerate(FOUR)}}
    return client.post(f"/t/new?lang={lang}", data={**data, **fields})


@pytest.mark.parametrize(("variant", "rule", "value"), SETTINGS)
def test_the_new_table_page_takes_each_switch_and_the_table_page_lists_it(
    client: FlaskClient, variant: str, rule: HouseRule, value: bool | str
) -> None:
    """Tapped on the new-table page: stored as the option; the table page lists a changed
    switch with its title and the meaning of the chosen value, and nothing for a default."""
    field = f"house_{variant}_{rule.option}"
    created = new_table_post(client, variant, {field: form_value(value)})
    assert created.status_code == 302, page_text(created.get_data(as_text=True))
    table_id = created.headers["Location"].rsplit("/", 1)[1]
    assert client.get(f"/api/v1/tables/{table_id}").json["options"][rule.option] == value
    page = page_text(client.get(f"/t/{table_id}").get_data(as_text=True))
    listed = f"{say(rule.title, 'de')}: {say(rule.meaning(value), 'de')}"
    if value == rule.default:
        assert listed not in page
    else:
        assert listed in page


@pytest.mark.parametrize(("variant", "rule", "value"), SETTINGS)
def test_a_bad_posted_switch_reshows_the_form_with_the_error_at_it(
    client: FlaskClient, variant: str, rule: HouseRule, value: bool | str
) -> None:
    """A value that is no choice: the form again (200), the sentence in the summary linked to
    the switch, the switch marked, its house rules opened."""
    field = f"house_{variant}_{rule.option}"
    response = new_table_post(client, variant, {field: "maybe"})
    assert response.status_code == 200
    html = unescape(response.get_data(as_text=True))
    start = html.index(f'name="{field}"')
    top = html[html.index("data-error-summary") : html.index("</ul>")]
    assert "Die Hausregel" in top and say(rule.title, "de") in top and "maybe" in top
    assert f'href="#{field}-0"' in top
    assert "has-error" in html[html.rindex("<fieldset", 0, start) : start]
    details = html.rindex("<details", 0, start)
    assert " open" in html[details : html.index(">", details)]


def test_the_new_table_page_offers_each_variants_switches_in_players_words(
    client: FlaskClient,
) -> None:
    """A collapsed section per variant with switches: every title and every meaning as a tap
    choice, the default chosen; none for a variant without house rules."""
    html = client.get("/t/new?lang=en").get_data(as_text=True)
    for variant, rules in HOUSE_RULES.items():
        section = re.search(
            rf'<details class="table-house-rules" data-variant-options="{variant}".*?</details>',
            html,
            flags=re.S,
        )
        assert (section is None) == (not rules), variant
        for rule in rules:
            assert section is not None
            text = unescape(section.group(0))
            assert say(rule.title, "en") in text
            for value, meaning in rule.choices:
                assert say(meaning, "en") in text
                choice = re.search(
                    rf'<input[^>]*name="house_{variant}_{rule.option}"[^>]*'
                    rf'value="{form_value(value)}"[^>]*>',
                    section.group(0),
                )
                assert choice is not None
                assert ("checked" in choice.group(0)) == (value == rule.default)


@pytest.mark.parametrize(("variant", "rule", "value"), CHANGED)
def test_the_filled_sheet_lists_a_changed_switch(
    client: FlaskClient, variant: str, rule: HouseRule, value: bool | str
) -> None:
    """The PDF names the house rule and what the chosen value means (read back with pypdf)."""
    table_id = create(client, variant, {rule.option: value}).json["id"]
    text = pdf_text(client.get(f"/t/{table_id}/sheet.pdf").data)
    assert "Hausregeln" in text
    assert f"{say(rule.title, 'de')}: {say(rule.meaning(value), 'de')}" in text
    english = pdf_text(client.get(f"/t/{table_id}/sheet.pdf?lang=en").data)
    assert f"{say(rule.title, 'en')}: {say(rule.meaning(value), 'en')}" in english


def test_the_filled_sheet_lists_nothing_when_every_switch_is_default(client: FlaskClient) -> None:
    """All switches at their defaults: no house-rules part on the sheet."""
    table_id = create(client, "speedone", {}).json["id"]
    text = pdf_text(client.get(f"/t/{table_id}/sheet.pdf").data)
    assert "Hausregeln" not in text and "Höchstens 22 Karten" not in text
