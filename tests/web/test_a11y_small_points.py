"""Small points of accessibility in the pages' HTML: the card-code tables name their columns
(scope) and mark the other language's words (lang="de" on the English page), negative money
has a true minus on the table page and in the money chart's text alternative ("−0,80 €"),
whole euros on an English axis read "€1", and a group of links named by aria-label has a role."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.a11y_pages import played_evening
from tests.browser.a11y_pages import with_lang


def test_the_card_code_tables_have_scope_and_lang(client: Any) -> None:
    """/rules in English: every header cell scope="col"; the German column's cells lang="de"."""
    page = client.get("/rules?lang=en").get_data(as_text=True)
    codes = page[page.index('id="card-codes"') :]
    codes = codes[: codes.index("</table>", codes.index("</table>") + 1)]
    assert len(re.findall(r"<th[ >]", codes)) == codes.count('<th scope="col"') == 6
    assert '<td lang="de">Kreuz</td>' in codes and '<td lang="de">Bube</td>' in codes
    assert "<th></th>" not in codes and '<th scope="col"></th>' not in codes
    german = client.get("/rules?lang=de").get_data(as_text=True)
    assert '<td lang="en">clubs</td>' in german


@pytest.mark.parametrize(("lang", "minus"), [("de", "−0,80 €"), ("en", "−€0.80")])
def test_negative_money_has_a_true_minus(live_server: Any, lang: str, minus: str) -> None:
    """Ben ends the money tables of the evening 0,80 € down in the chart; the tables' results
    write a loss with "−", never with a hyphen."""
    group_id, token, tables = played_evening(live_server)
    client = live_server.app.test_client()
    client.get(f"/g/{group_id}/edit/{token}")
    group = client.get(with_lang(f"/g/{group_id}", lang)).get_data(as_text=True)
    descs = " ".join(re.findall(r"<desc[^>]*>(.*?)</desc>", group, re.S))
    assert minus.replace(" ", "\xa0") in descs or minus in descs, descs
    assert not re.search(r"-\s?€?\d", descs), descs
    for table in tables:
        html = client.get(with_lang(f"/t/{table}", lang)).get_data(as_text=True)
        amounts = re.findall(r'class="amount minus">([^<]*)<', html)
        assert all(a.startswith("−") for a in amounts), amounts


def test_whole_euros_on_an_english_axis(live_server: Any) -> None:
    """Axis ticks in whole euros: "€1" in English, "1 €" in German (no "1,000 €")."""
    group_id, _token, _tables = played_evening(live_server)
    client = live_server.app.test_client()
    english = client.get(f"/g/{group_id}?lang=en").get_data(as_text=True)
    ticks = re.findall(r'text-anchor="end">([^<]*€[^<]*)<', english)
    assert ticks and all(re.fullmatch(r"−?€[\d,]+", t) for t in ticks), ticks
    german = client.get(f"/g/{group_id}?lang=de").get_data(as_text=True)
    ticks = re.findall(r'text-anchor="end">([^<]*€[^<]*)<', german)
    assert ticks and all(re.fullmatch(r"−?[\d.]+\xa0€", t) for t in ticks), ticks


def test_no_paragraph_is_named_without_a_role(client: Any) -> None:
    """aria-label on a plain <p> is ignored by screen readers: the downloads are a group."""
    made = client.post("/api/v1/tables", json={"variant": "terroristen", "players": ["A", "B"]})
    page = client.get(f"/t/{made.json['id']}").get_data(as_text=True)
    assert not re.search(r"<p(?![^>]*role=)[^>]*aria-label", page)


def test_the_shared_picture_comes_with_its_words(live_server: Any) -> None:
    """The evening's "Share as picture" sends a text with the picture: the balances, who pays
    whom (a picture alone says nothing to a screen reader in the chat)."""
    group_id, _token, _tables = played_evening(live_server)
    client = live_server.app.test_client()
    group = client.get(f"/g/{group_id}").get_data(as_text=True)
    evening = re.search(r'href="(/g/[^"]+/abend/\d{4}-\d\d-\d\d)"', group)
    assert evening
    page = client.get(evening.group(1)).get_data(as_text=True)
    text = re.search(r'data-share [^>]*data-text="([^"]*)"', page)
    assert text, "the share button has its words"
    words = text.group(1)
    assert "Ben −" in words and " → " in words and "€" in words, words


def test_a_long_legend_name_stays_in_its_column() -> None:
    """Each legend name is clipped at its column's edge (it cannot run into the next name);
    the whole name stays in the description."""
    from app.web.charts import WIDTH
    from app.web.charts import line_chart_svg

    long = "WWWWWWWWWWWWWWWWWWWWWW"
    svg = str(line_chart_svg([(long, [1, 2]), ("Dora", [2, 1])], ["a", "b"], "Chart"))
    clips = dict(re.findall(r'<clipPath id="([^"]+)"><rect x="([\d.]+)"', svg))
    widths = re.findall(r'<clipPath id="[^"]+"><rect x="[\d.]+" y="0" width="([\d.]+)"', svg)
    names = re.findall(r'<text [^>]*clip-path="url\(#([^)]+)\)">([^<]*)</text>', svg)
    assert [name for _, name in names][1] == "Dora" and len(names) == 2
    starts = sorted(float(x) for x in clips.values())
    assert starts[0] + float(widths[0]) <= starts[1] - 20  # room for the next line sample
    assert starts[1] + float(widths[1]) <= WIDTH
    assert all(clip in clips for clip, _ in names)
    assert long in svg.split("<desc")[1]
