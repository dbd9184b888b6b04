"""Template helpers every page uses: the main menu and the language switch."""

from __future__ import annotations

from urllib.parse import urlencode

from flask import Flask
from flask import current_app
from flask import request
from flask_babel import get_locale
from flask_babel import lazy_gettext as _l

# Endpoint names the feature blueprints promise; a menu entry shows once its view exists.
MENU = (
    ("tables.home", _l("Tables")),
    ("referee.page", _l("Referee")),
    ("rules.index", _l("Rules")),
    ("sheets.index", _l("Sheets")),
    ("groups.index", _l("Groups")),
)


def main_nav() -> list[tuple[str, str]]:
    """The menu entries whose views are registered."""
    return [
        (endpoint, str(label)) for endpoint, label in MENU if endpoint in current_app.view_functions
    ]


def current_lang() -> str:
    """The page's language code (de or en)."""
    return str(get_locale() or "de")


def lang_url(code: str) -> str:
    """The current page in another language (keeps the query, e.g. a referee question)."""
    args = request.args.to_dict(flat=False)
    args["lang"] = [code]
    return request.path + "?" + urlencode(args, doseq=True)


def init_navigation(app: Flask) -> None:
    """Make the helpers available in every template."""
    app.jinja_env.globals.update(main_nav=main_nav, current_lang=current_lang, lang_url=lang_url)
