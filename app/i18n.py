"""German first, English second: locale choice and the per-area message catalogs.

Each blueprint keeps its own catalog (`app/translations/<area>/<locale>/LC_MESSAGES/messages.po`)
so that features never edit the same file. At start the catalogs are compiled into the
instance folder and handed to Flask-Babel, which merges them.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import Flask
from flask import Response
from flask import request
from flask_babel import Babel

LANGUAGES = ("de", "en")
LANG_COOKIE = "lang"
babel = Babel()


def select_locale() -> str:
    """`?lang=` wins, then the remembered choice, then the browser's wish, then German."""
    wanted = request.args.get("lang") or request.cookies.get(LANG_COOKIE)
    if wanted in LANGUAGES:
        return wanted
    return request.accept_languages.best_match(LANGUAGES) or LANGUAGES[0]


def remember_locale(response: Response) -> Response:
    """Keep a `?lang=` choice for the next pages (a year, like any preference)."""
    wanted = request.args.get("lang")
    if wanted in LANGUAGES and request.cookies.get(LANG_COOKIE) != wanted:
        response.set_cookie(LANG_COOKIE, wanted, max_age=365 * 24 * 3600, samesite="Lax")
    return response


def compile_catalogs(source: Path, target: Path) -> list[str]:
    """Compile every `.po` below `source` into `target`, return the directories for Babel.

    A catalog is rewritten only when its source is newer, through a temporary file and an
    atomic rename, so several app processes starting at once cannot read a half-written file.
    """
    directories: list[str] = []
    for po_path in sorted(source.glob("*/*/LC_MESSAGES/messages.po")):
        area, locale = po_path.parts[-4], po_path.parts[-3]
        mo_path = target / area / locale / "LC_MESSAGES" / "messages.mo"
        if not mo_path.exists() or mo_path.stat().st_mtime < po_path.stat().st_mtime:
            mo_path.parent.mkdir(parents=True, exist_ok=True)
            with po_path.open("rb") as po_file:
                catalog = read_po(po_file, locale=locale)
            fd, tmp_name = tempfile.mkstemp(dir=mo_path.parent, suffix=".tmp")
            with os.fdopen(fd, "wb") as mo_file:
                write_mo(mo_file, catalog)
            os.replace(tmp_name, mo_path)
        if str(target / area) not in directories:
            directories.append(str(target / area))
    return directories


def init_i18n(app: Flask) -> None:
    """Compile the catalogs and install Flask-Babel with our locale selector."""
    source = Path(app.root_path) / "translations"
    target = Path(app.instance_path) / "translations"
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = ";".join(compile_catalogs(source, target))
    app.config.setdefault("BABEL_DEFAULT_LOCALE", LANGUAGES[0])
    babel.init_app(app, locale_selector=select_locale)
    app.after_request(remember_locale)
