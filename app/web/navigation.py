"""Template helpers every page uses: the main menu, the page's language and the language
switch."""

from __future__ import annotations

from typing import NamedTuple
from urllib.parse import urlencode

from flask import Flask
from flask import current_app
from flask import request
from flask import url_for
from flask_babel import get_locale
from flask_babel import lazy_gettext as _l

from app.text import LANGS

# Endpoint names the feature blueprints promise; a menu entry shows once its view exists.
MENU = (
    ("tables.home", _l("Tables")),
    ("referee.page", _l("Referee")),
    ("rules.index", _l("Rules")),
    ("sheets.index", _l("Sheets")),
    ("groups.index", _l("Groups")),
)


class MenuEntry(NamedTuple):
    """One entry of the main menu."""

    endpoint: str
    href: str
    label: str


def main_menu() -> list[MenuEntry]:
    """The menu entries whose views are registered, in the page's language."""
    return [
        MenuEntry(endpoint, url_for(endpoint), str(label))
        for endpoint, label in MENU
        if endpoint in current_app.view_functions
    ]


def current_lang() -> str:
    """The page's language code (de or en); the first language outside a request."""
    locale = get_locale()
    return locale.language if locale is not None else LANGS[0]


def lang_url(code: str) -> str:
    """The current page in another language (keeps the query, e.g. a referee question)."""
    args = request.args.to_dict(flat=False)
    args["lang"] = [code]
    return request.path + "?" + urlencode(args, doseq=True)


def init_navigation(app: Flask) -> None:
    """Make the helpers available in every template."""
    app.jinja_env.globals.update(
        current_lang=current_lang, lang_url=lang_url, main_menu=main_menu, languages=LANGS
    )
