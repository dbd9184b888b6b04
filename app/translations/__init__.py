"""The message catalogs: English msgids, one catalog per language (German first).

Laid out as Flask-Babel expects; compiled when the package is built (`build.py`), not at app
start; `flask translate` (`cli.py`) keeps them in step with the code.
"""

from __future__ import annotations


def N_(message: str) -> str:
    """gettext's no-op marker: a msgid extracted where it is defined, translated where shown.

    For labels kept in constants (a sheet's kind, a list of table manners) that a `lang()` or
    `_()` call translates later: the extractor sees only literal arguments of its keywords.
    """
    return message
