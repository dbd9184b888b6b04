"""The templates' `_`, `gettext` and `ngettext` (app.web.i18n) say exactly what Jinja's own
newstyle gettext says with the same catalog: translated, autoescaped, %-formatted."""

from __future__ import annotations

import pytest
from flask import Flask
from jinja2 import Environment

from app.web.i18n import catalog

CASES = [
    '{{ _("Referee") }}',
    '{{ gettext("Referee") }}',
    '{{ _("Set %(n)s", n=2) }}',
    '{{ _("Team %(team)s", team="<b>A</b>") }}',
    '{{ _("100%% sure") }}',
    '{{ _("50% off") if false else _("Copied.") }}',
    '{{ _("Correct: %(what)s", what="Spiel {n}") }}',
    '{{ ngettext("%(num)d earlier round is not shown; the totals count every round.", '
    '"%(num)d earlier rounds are not shown; the totals count every round.", 1) }}',
    '{{ ngettext("%(num)d earlier round is not shown; the totals count every round.", '
    '"%(num)d earlier rounds are not shown; the totals count every round.", 3) }}',
    '{{ ngettext("%(num)d day", "%(num)d days", 2, num=7) }}',
    '{{ ngettext("%(n)s day", "%(n)s days", 2, n=2, count=1, one="x") }}',
    '{{ _("%(text)s and %(context)s", text="a", context="b") }}',
]


def jinja_reference(autoescape: bool) -> Environment:
    """Jinja's own i18n extension, newstyle, on the same catalog."""
    env = Environment(extensions=["jinja2.ext.i18n"], autoescape=autoescape)
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda text: catalog().ugettext(text),
        ngettext=lambda one, many, n: catalog().ungettext(one, many, n),
        newstyle=True,
    )
    return env


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("autoescape", [True, False])
def test_template_texts_read_as_jinja_would_say_them(
    app: Flask, lang: str, autoescape: bool
) -> None:
    """Every case, in both languages, with and without autoescaping."""
    with app.test_request_context(f"/?lang={lang}"):
        reference = jinja_reference(autoescape)
        ours = app.jinja_env.overlay(autoescape=autoescape)
        for case in CASES:
            expected = reference.from_string(case).render()
            assert ours.from_string(case).render() == expected, case
        german = ours.from_string('{{ _("Referee") }}').render()
        assert german == ("Schiedsrichter" if lang == "de" else "Referee")


PYTHON_CASES: list[tuple[str, dict[str, object]]] = [
    ("Referee", {}),
    ("Set %(n)s", {"n": 2}),
    ("Team %(team)s (%(names)s)", {"team": "A", "names": "Anna + Cem"}),
    ("100%% sure", {}),
    ("Correct: %(what)s", {"what": "<b>"}),
]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_python_texts_read_as_flask_babel_says_them(app: Flask, lang: str) -> None:
    """app.web.i18n's gettext and ngettext say what Flask-Babel's say, in both languages."""
    import flask_babel

    from app.web.i18n import gettext
    from app.web.i18n import ngettext

    with app.test_request_context(f"/?lang={lang}"):
        for text, values in PYTHON_CASES:
            assert gettext(text, **values) == flask_babel.gettext(text, **values), text
        one = "%(num)d earlier round is not shown; the totals count every round."
        many = "%(num)d earlier rounds are not shown; the totals count every round."
        for count in (1, 2, 5):
            assert ngettext(one, many, count) == flask_babel.ngettext(one, many, count)
        assert gettext("Referee") == ("Schiedsrichter" if lang == "de" else "Referee")


def test_python_texts_outside_an_app_are_as_written() -> None:
    """Without an app (a script, a test of pure code) a text is returned as written."""
    from app.web.i18n import gettext

    assert gettext("Referee") == "Referee"
    assert gettext("Set %(n)s", n=3) == "Set 3"
