"""Compile the catalogs while the package is built: `pip install .`, `pip install -e .`, wheels.

pyproject.toml registers `BuildPy` as setuptools' `build_py`. Setuptools loads this file by
its path, without importing the `app` package (whose `__init__` needs Flask, which the isolated
build environment does not have), so it imports nothing but setuptools and Babel.
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from setuptools.command.build_py import build_py

SOURCE = Path(__file__).resolve().parent


def compile_catalogs(catalogs: Path) -> None:
    """Write `messages.mo` next to every `<language>/LC_MESSAGES/messages.po` (no fuzzy ones)."""
    for po_path in sorted(catalogs.glob("*/LC_MESSAGES/messages.po")):
        with po_path.open("rb") as po_file:
            catalog = read_po(po_file, locale=po_path.parts[-3])
        with po_path.with_suffix(".mo").open("wb") as mo_file:
            write_mo(mo_file, catalog)


class BuildPy(build_py):
    """`build_py` that also compiles the message catalogs."""

    def run(self) -> None:
        """Copy the package (the `.po` files are package data), then compile the copies.

        An editable install copies nothing and runs the code in place: there the `.mo` files go
        next to the `.po` files of the source tree (git ignores them).
        """
        super().run()
        compile_catalogs(
            SOURCE if self.editable_mode else Path(self.build_lib, "app", "translations")
        )
