"""Template helpers every page uses: the page's frame (main menu, head, scripts), the language
and the language switch.

What the frame shows depends only on the page's language and where the app is mounted: the
stylesheet, manifest, icons and scripts under their fingerprinted names (app.assets), the
texts the scripts say (pwa/_head.html) and the menu. It is rendered once per language and
mount point and kept (`page_frame`): built anew on every page it was half the cost of
rendering the layout, some seventy calls of `url_for` and `gettext` through Jinja. In debug
mode, where static files change under a running app, it is built on every page.
"""

from __future__ import annotations

from typing import NamedTuple
from urllib.parse import urlencode

from flask import Flask
from flask import current_app
from flask import has_request_context
from flask import request
from flask import url_for
from flask_babel import get_locale
from flask_babel import lazy_gettext as _l
from markupsafe import Markup

from app.text import LANGS

# Endpoint names the feature blueprints promise; a menu entry shows once its view exists.
MENU = (
    ("tables.home", _l("Tables")),
    ("referee.page", _l("Referee")),
    ("rules.index", _l("Rules")),
    ("sheets.index", _l("Sheets")),
    ("groups.index", _l("Groups")),
)
FRAME_KEY = "mautisch.page_frame"  # app.extensions: the kept frames of this app


class MenuEntry(NamedTuple):
    """One entry of the main menu."""

    endpoint: str
    href: str
    label: str


class Frame(NamedTuple):
    """A page's frame in one language: what base.html puts around every page's content."""

    head: Markup  # stylesheet, manifest, icons, the scripts' texts (templates/_frame.html)
    menu: tuple[MenuEntry, ...]
    scripts: Markup  # the scripts every page loads


def main_nav() -> list[tuple[str, str]]:
    """The menu entries whose views are registered."""
    return [
        (endpoint, str(label)) for endpoint, label in MENU if endpoint in current_app.view_functions
    ]


def page_frame() -> Frame:
    """This page's frame: kept per language and mount point, made on first use."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    key = (current_lang(), request.script_root)
    kept: dict[tuple[str, str], Frame] = app.extensions.setdefault(FRAME_KEY, {})
    found = kept.get(key)
    if found is None:
        found = make_frame(app)
        if not app.debug:
            kept[key] = found
    return found


def make_frame(app: Flask) -> Frame:
    """The frame: its head and scripts rendered by templates/_frame.html's macros."""
    module = app.jinja_env.get_template("_frame.html").make_module()
    menu = tuple(MenuEntry(endpoint, url_for(endpoint), label) for endpoint, label in main_nav())
    return Frame(Markup(module.head()), menu, Markup(module.scripts()))  # type: ignore[attr-defined]


def current_lang() -> str:
    """The page's language code (de or en).

    The locale Flask-Babel chose for this request; German outside a request.
    """
    locale = get_locale() if has_request_context() else None
    return locale.language if locale is not None else LANGS[0]


def lang_url(code: str) -> str:
    """The current page in another language (keeps the query, e.g. a referee question)."""
    args = request.args.to_dict(flat=False)
    args["lang"] = [code]
    return request.path + "?" + urlencode(args, doseq=True)


def init_navigation(app: Flask) -> None:
    """Make the helpers available in every template."""
    app.jinja_env.globals.update(
        current_lang=current_lang, lang_url=lang_url, page_frame=page_frame, languages=LANGS
    )
