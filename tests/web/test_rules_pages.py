"""The rules pages: every rule anchored by its ID, interpretations marked, originals served."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from app.engine import INTERPRETATIONS
from app.engine import rule_ids
from app.engine.houserules import HOUSE_RULES
from app.engine.registry import VARIANTS as RULES
from app.rules.markdown import render_inline
from app.text import say

APP = Path(__file__).parent.parent.parent / "app"
# Each variant's rule IDs carry its prefix (`dyn.serve`): the prefix names the variant.
VARIANTS = {rules.prefix: name for name, rules in RULES.items()}


def chapter_file(lang: str, variant: str) -> Path:
    """A variant's chapter of the digest, in its folder."""
    return APP / "variants" / variant / f"rules.{lang}.md"


# A rule ID opens a list item (`- `id` — …`) or names an interpretation (`- I (`id`): …`).
RULE_LINE = re.compile(r"^\s*- (?:I \()?`([a-z]{3}\.[\w.-]+)`", re.M)
LABELS = {"de": "Auslegung", "en": "Interpretation"}


def digest_ids(lang: str) -> list[str]:
    """Rule IDs of the digest file, read with a regex of its own (not the app's parser)."""
    return [
        rule_id
        for variant in VARIANTS.values()
        for rule_id in RULE_LINE.findall(chapter_file(lang, variant).read_text(encoding="utf-8"))
    ]


def chapter(lang: str, variant: str) -> str:
    """The markdown of one variant's chapter."""
    return chapter_file(lang, variant).read_text(encoding="utf-8")


def rule_block(page: str, rule_id: str) -> str:
    """The HTML of one rule's block, up to the next rule."""
    match = re.search(
        rf'<article class="rule[^"]*" id="{re.escape(rule_id)}".*?'
        r"(?=<article|</section>)",
        page,
        re.S,
    )
    assert match, f"{rule_id} has no anchor"
    return match.group(0)


def test_digests_and_engine_share_the_rule_ids() -> None:
    """The German digest has exactly the IDs of the English one , the engine too."""
    english = digest_ids("en")
    assert len(english) == len(set(english)) == len(rule_ids())
    assert digest_ids("de") == english
    assert set(english) == set(rule_ids())


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("variant", list(VARIANTS.values()))
def test_every_rule_has_its_anchor(client: FlaskClient, variant: str, lang: str) -> None:
    """Each rule of the variant is a block with id="<rule id>" and a link to itself."""
    response = client.get(f"/rules/{variant}?lang={lang}")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    ids = [rule_id for rule_id in digest_ids(lang) if VARIANTS[rule_id[:3]] == variant]
    assert ids
    for rule_id in ids:
        assert f'<a class="rule-id" href="#{rule_id}"' in rule_block(page, rule_id)
    assert re.findall(r'<article class="rule[^"]*" id="([^"]+)"', page) == ids


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("variant", list(VARIANTS.values()))
def test_interpretations_are_marked(client: FlaskClient, variant: str, lang: str) -> None:
    """Every `I:` of the digest shows as a mark in the page language."""
    page = client.get(f"/rules/{variant}?lang={lang}").get_data(as_text=True)
    expected = len(re.findall(r"\bI(?: \([^)]*\))?:|\(I\)", chapter(lang, variant)))
    marks = re.findall(r'<em class="i-mark">([^<(]+)', page)
    assert len(marks) == expected > 0
    assert {mark.strip() for mark in marks} == {LABELS[lang]}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_rules_the_referee_cites_with_an_interpretation_carry_it(
    client: FlaskClient, lang: str
) -> None:
    """The rules whose interpretation the referee shows have it marked in their block."""
    for rule_id in INTERPRETATIONS:
        variant = VARIANTS[rule_id[:3]]
        page = client.get(f"/rules/{variant}?lang={lang}").get_data(as_text=True)
        assert 'class="i-mark"' in rule_block(page, rule_id), rule_id


def test_german_digest_in_german_english_in_english(client: FlaskClient) -> None:
    """German is the first language; ?lang=en shows the English digest."""
    german = client.get("/rules/dynamisch").get_data(as_text=True)
    english = client.get("/rules/dynamisch?lang=en").get_data(as_text=True)
    assert "Ein Bube darf <strong>nur gespielt werden, wenn er nicht bedient</strong>" in german
    assert "A jack may be played <strong>only if it does not serve</strong>" in english


def original_file(variant: str) -> Path:
    """A variant's German original text, in its folder (a variant may have none)."""
    return APP / "variants" / variant / f"{variant}.de.txt"


@pytest.mark.parametrize("variant", list(VARIANTS.values()))
def test_original_text_is_linked_and_served(client: FlaskClient, variant: str) -> None:
    """The variant page links the German original, which is served as found; a variant
    without one links none, and its original's address is a 404."""
    page = client.get(f"/rules/{variant}?lang=en").get_data(as_text=True)
    response = client.get(f"/rules/{variant}/original")
    if not original_file(variant).exists():
        assert f'href="/rules/{variant}/original"' not in page
        assert response.status_code == 404
        return
    assert f'href="/rules/{variant}/original"' in page
    assert response.status_code == 200
    original = response.get_data(as_text=True)
    assert '<article class="seed" lang="de">' in original
    seed = original_file(variant).read_text(encoding="utf-8")
    sentences = [line.strip() for line in seed.splitlines() if 80 < len(line.strip()) < 400]
    for sentence in sentences[:3]:
        text = sentence.replace("&", "&amp;").replace('"', "&#34;").replace("'", "&#39;")
        assert text.replace("<", "&lt;").replace(">", "&gt;") in original


def test_index_lists_the_variants_and_card_codes(client: FlaskClient) -> None:
    """/rules links every variant and its original, and explains the card codes."""
    page = client.get("/rules?lang=en").get_data(as_text=True)
    for variant in VARIANTS.values():
        assert f'href="/rules/{variant}"' in page
        linked = f'href="/rules/{variant}/original"' in page
        assert linked == original_file(variant).exists()
    assert 'id="card-codes"' in page and "<table" in page
    assert '<a class="rule-ref" href="/rules/dynamisch#dyn.jack.match">' in page


@pytest.mark.parametrize("path", ["/rules/skat", "/rules/skat/original", "/rules/Dynamisch"])
def test_unknown_variant_is_404(client: FlaskClient, path: str) -> None:
    """A variant that does not exist is a 404 page, not a 500."""
    response = client.get(path)
    assert response.status_code == 404
    assert "<html" in response.get_data(as_text=True)


def test_rule_references_link_to_their_anchor(client: FlaskClient) -> None:
    """A rule ID inside a rule's text links to that rule (dyn.jack.wish -> dyn.score.double)."""
    page = client.get("/rules/dynamisch?lang=en").get_data(as_text=True)
    assert 'href="/rules/dynamisch#dyn.score.double"' in rule_block(page, "dyn.jack.wish")


def test_the_renderer_escapes_everything_it_does_not_know() -> None:
    """The digest can never inject markup: only bold, code and marks become tags."""
    html = render_inline('<script>alert("x")</script> **b** `c` I: x', lambda _: None, "Int")
    assert "<script>" not in html
    assert "&lt;script&gt;" in html
    assert '<strong>b</strong> <code>c</code> <em class="i-mark">Int</em>: x' in html


def house_section(page: str) -> str:
    """The house rules section at the end of a variant page."""
    match = re.search(
        r'<section class="rules-section house-rules" id="house-rules">.*?</section>', page, re.S
    )
    assert match, "no house rules section"
    return match.group(0)


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("variant", list(VARIANTS.values()))
def test_house_rules_are_listed_with_default_and_choices(
    client: FlaskClient, variant: str, lang: str
) -> None:
    """Each switch: its ID as anchor (or its rule's anchor), title, default marked, choices."""
    page = client.get(f"/rules/{variant}?lang={lang}").get_data(as_text=True)
    section = html.unescape(house_section(page))
    rules = HOUSE_RULES[variant]
    if not rules:
        assert section.count("<p>") == 1 and "house-rule" not in section.split("</h2>")[1]
        return
    assert re.findall(r'<a class="rule-id" href="#([^"]+)"', section) == [r.rule for r in rules]
    for rule in rules:
        # One anchor per ID on the page: the rule's block, or the house rule's own entry.
        assert page.count(f'id="{rule.rule}"') == 1
        entry = re.search(
            rf'<article class="house-rule"[^>]*>\s*<a class="rule-id" '
            rf'href="#{re.escape(rule.rule)}".*?</article>',
            section,
            re.S,
        )
        assert entry, rule.rule
        assert f"<h3>{say(rule.title, lang)}</h3>" in entry.group(0)
        items = re.findall(r"<li( class=\"is-default\")?>(.*?)</li>", entry.group(0), re.S)
        assert [meaning for _mark, meaning in items][0].endswith(
            say(rule.meaning(rule.default), lang)
        )
        assert [bool(mark) for mark, _text in items] == [v == rule.default for v in rule.values]
        assert [text.split("</strong> ")[-1] for _m, text in items] == [
            say(meaning, lang) for _v, meaning in rule.choices
        ]


def test_a_house_rule_id_links_to_its_entry(client: FlaskClient) -> None:
    """A house rule named in a rule's text links to its entry (spd.handlimit)."""
    page = client.get("/rules/speedone?lang=en").get_data(as_text=True)
    assert 'href="/rules/speedone#spd.house.handlimit"' in rule_block(page, "spd.handlimit")
    assert '<article class="house-rule" id="spd.house.handlimit">' in page
    german = client.get("/rules/terroristen").get_data(as_text=True)
    assert 'href="/rules/terroristen#ter.house.seven"' in rule_block(german, "ter.7")


# Words of the people who build Mautisch, not of those who play it.
DEVELOPER_WORDS = [
    "seeds/",
    ".txt",
    "ceil(",
    "tests",
    "Tests",
    "engine",
    "Engine",
    "seed",
    "Projekt",
    "project",
    "API",
    "`",
    "canonical",
    "kanonisch",
    "winner-takes",
    "own-points",
    " stack2",
    " stack4",
]


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize(
    "path",
    [
        "/rules",
        *[f"/rules/{v}" for v in VARIANTS.values()],
        *[f"/rules/{v}/original" for v in VARIANTS.values()],
    ],
)
def test_rules_pages_speak_to_players(client: FlaskClient, path: str, lang: str) -> None:
    """No file names, formulas, test talk or option codes on the rules pages."""
    page = client.get(f"{path}?lang={lang}").get_data(as_text=True)
    main = re.search(r"<main.*?</main>", page, re.S).group(0)
    if path.endswith("/original"):  # the original text itself is quoted as found
        main = re.sub(r'<article class="seed".*?</article>', "", main, flags=re.S)
    words = html.unescape(re.sub(r"<[^>]+>", " ", main))
    assert [word for word in DEVELOPER_WORDS if word in words] == []
