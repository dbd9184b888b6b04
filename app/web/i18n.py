"""German first, English second: locale choice and the message catalogs.

One catalog per language in Flask-Babel's default place, `app/translations/<language>/
LC_MESSAGES/messages.po`; its `messages.mo` is compiled when the package is built or installed
(app/translations/build.py) or by `flask translate compile`, never at app start.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from babel import Locale
from babel.support import NullTranslations
from flask import Flask
from flask import Response
from flask import g
from flask import request
from flask_babel import Babel
from flask_babel import get_locale
from flask_babel import get_translations
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from app.text import LANGS
from app.translations.cli import translate

LANG_COOKIE = "lang"
babel = Babel()


def select_locale() -> str:
    """`?lang=` wins, then the remembered choice, then the browser's wish, then German."""
    wanted = request.args.get("lang") or request.cookies.get(LANG_COOKIE)
    if wanted in LANGS:
        return wanted
    return request.accept_languages.best_match(LANGS) or LANGS[0]


def remember_locale(response: Response) -> Response:
    """Keep a `?lang=` choice for the next pages (a year, like any preference)."""
    if "lang=" not in request.environ.get("QUERY_STRING", ""):
        return response  # most requests: no query to parse
    wanted = request.args.get("lang")
    if wanted in LANGS and request.cookies.get(LANG_COOKIE) != wanted:
        response.set_cookie(
            LANG_COOKIE, wanted, max_age=365 * 24 * 3600, samesite="Lax", secure=request.is_secure
        )
    return response


NO_CATALOG = NullTranslations()  # outside an app: every text as written


def gettext(text: str, **values: Any) -> str:
    """Python code's `_("…")`: Flask-Babel's `gettext` (%-formatted only when given values),
    from the catalog found once per request (`catalog`), not anew for every text."""
    found = catalog().ugettext(text)
    return found % values if values else found


def ngettext(one: str, many: str, count: int, **values: Any) -> str:
    """Python code's `ngettext(…)`: Flask-Babel's (`num` is the count), through `catalog`."""
    values.setdefault("num", count)
    return catalog().ungettext(one, many, count) % values


def chosen_locale(here: Any) -> Locale | None:
    """The locale Flask-Babel chose for this request, read where it keeps it on the request's
    `g` (`here`); None before it chose one."""
    return getattr(getattr(here, "_flask_babel", None), "babel_locale", None)


def catalog() -> NullTranslations:
    """This request's catalog, found once per request and language.

    Flask-Babel finds it anew for every message (its context on `g`, the locale's name, a
    lookup): a page says some fifty things. Kept with the locale it belongs to, so a language
    forced for part of a request (`flask_babel.force_locale`) still gets its own catalog.
    """
    try:
        here = g._get_current_object()  # one lookup of the request's `g`, not one per name
    except RuntimeError:
        return NO_CATALOG
    locale = chosen_locale(here)
    kept: tuple[Any, NullTranslations] | None = getattr(here, "_catalog", None)
    if kept is None or locale is None or kept[0] is not locale:
        found = get_translations()
        here._catalog = kept = (get_locale(), found)
    return kept[1]


@pass_context
def template_gettext(context: Context, text: str, /, **values: Any) -> str:
    """A template's `_("…")`: what Jinja's newstyle gettext does (the text from `catalog`,
    autoescaped, always %-formatted with the named values), in one call instead of three (a
    page says some fifty things)."""
    found = catalog().ugettext(text)
    if context.eval_ctx.autoescape:
        found = Markup(found)
    # Without values and without a "%" (written "%%"), formatting would change nothing.
    return found % values if values or "%" in found else found


@pass_context
def template_ngettext(context: Context, one: str, many: str, count: int, /, **values: Any) -> str:
    """A template's `ngettext(…)`, as Jinja's newstyle one (`num` is the count; the named
    values may be called anything, `n` and `text` too)."""
    values.setdefault("num", count)
    found = catalog().ungettext(one, many, count)
    if context.eval_ctx.autoescape:
        found = Markup(found)
    return found % values


def install_template_gettext(app: Flask) -> None:
    """The templates' `_`, `gettext` and `ngettext` through `catalog` (as Flask-Babel's own,
    newstyle: autoescaped, with %-style named values)."""
    # Jinja's i18n extension with Flask-Babel's newstyle semantics (pgettext, npgettext);
    # its `_`, gettext and ngettext are then replaced by the one-call versions above.
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda text: catalog().ugettext(text),
        ngettext=lambda one, many, n: catalog().ungettext(one, many, n),
        newstyle=True,
        pgettext=lambda context, text: catalog().upgettext(context, text),
        npgettext=lambda context, one, many, n: catalog().unpgettext(context, one, many, n),
    )
    app.jinja_env.globals.update(
        {"_": template_gettext, "gettext": template_gettext, "ngettext": template_ngettext}
    )


def uncompiled_catalogs(catalogs: Path) -> list[Path]:
    """The `.po` files without their `.mo`: those languages would show English."""
    return [
        po
        for po in sorted(catalogs.glob("*/LC_MESSAGES/messages.po"))
        if not po.with_suffix(".mo").exists()
    ]


def init_i18n(app: Flask) -> None:
    """Install Flask-Babel with our locale selector and the `flask translate` commands."""
    app.config.setdefault("BABEL_DEFAULT_LOCALE", LANGS[0])
    babel.init_app(app, locale_selector=select_locale)
    install_template_gettext(app)
    app.after_request(remember_locale)
    app.cli.add_command(translate)
    for po in uncompiled_catalogs(Path(app.root_path) / "translations"):
        # Installing the package compiles them; a plain checkout needs the command.
        app.logger.warning("%s is not compiled: run `flask --app app translate compile`.", po)
