"""German first, English second: which language a request is answered in, and remembering it.

Flask-Babel does the rest as documented; the catalogs are compiled when the package is built
or by `flask translate compile`, never at app start.
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask
from flask import Response
from flask import request
from flask_babel import Babel

from app.text import LANGS
from app.translations.cli import translate

LANG_COOKIE = "lang"


def select_locale() -> str:
    """`?lang=` wins, then the remembered choice, then the browser's wish, then German."""
    wanted = request.args.get("lang") or request.cookies.get(LANG_COOKIE)
    if wanted in LANGS:
        return wanted
    return request.accept_languages.best_match(LANGS) or LANGS[0]


def remember_locale(response: Response) -> Response:
    """Keep a `?lang=` choice for the next pages (a year, like any preference)."""
    wanted = request.args.get("lang")
    if wanted in LANGS and request.cookies.get(LANG_COOKIE) != wanted:
        response.set_cookie(
            LANG_COOKIE, wanted, max_age=365 * 24 * 3600, samesite="Lax", secure=request.is_secure
        )
    return response


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
    Babel(app, locale_selector=select_locale)
    app.after_request(remember_locale)
    app.cli.add_command(translate)
    for po in uncompiled_catalogs(Path(app.root_path) / "translations"):
        # Installing the package compiles them; a plain checkout needs the command.
        app.logger.warning("%s is not compiled: run `flask --app app translate compile`.", po)
