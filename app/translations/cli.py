"""`flask translate extract | update | compile`: keep the catalogs in step with the code.

After changing text: `translate update`, translate the new and fuzzy entries, `translate
compile`. `python -m app.translations.cli update` needs no app (works while a blueprint is broken).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import click
from flask.cli import AppGroup

CATALOGS = Path(__file__).resolve().parent
ROOT = CATALOGS.parents[1]
MAPPING = CATALOGS / "babel.cfg"
TEMPLATE = CATALOGS / "messages.pot"
HEADER = "# English msgids of Mautisch, written by `flask translate extract`: do not edit."

translate = AppGroup("translate", help="Extract, update and compile the message catalogs.")


def pybabel(*args: str) -> None:
    """Run `pybabel` of this interpreter's environment in the repository root."""
    command = [sys.executable, "-m", "babel.messages.frontend", *args]
    if subprocess.run(command, cwd=ROOT, check=False).returncode:
        raise click.ClickException(f"pybabel {args[0]} failed (see above).")


def write_template() -> None:
    """Extract every msgid of app/ (Python) and templates/ (Jinja) into messages.pot."""
    pybabel(
        "extract",
        f"--mapping-file={MAPPING}",
        f"--output-file={TEMPLATE}",
        f"--header-comment={HEADER}",
        "--project=Mautisch",
        # File names without line numbers: the template changes when the texts do.
        "--add-location=file",
        "--sort-by-file",
        "--no-wrap",
        ".",
    )


def update_catalogs() -> None:
    """Merge messages.pot into every catalog (changed msgids fuzzy, gone ones dropped)."""
    pybabel(
        "update",
        f"--input-file={TEMPLATE}",
        f"--output-dir={CATALOGS}",
        "--ignore-obsolete",
        "--no-wrap",
    )


def compile_catalogs() -> None:
    """Compile every language's messages.po into the messages.mo the app reads."""
    pybabel("compile", f"--directory={CATALOGS}", "--statistics")


@translate.command(with_appcontext=False)
def extract() -> None:
    """Write messages.pot from app/ (Python) and templates/ (Jinja)."""
    write_template()


@translate.command(with_appcontext=False)
def update() -> None:
    """Extract, then merge messages.pot into every language's catalog."""
    write_template()
    update_catalogs()


@translate.command("compile", with_appcontext=False)
def compile_command() -> None:
    """Compile the catalogs for the running app."""
    compile_catalogs()


if __name__ == "__main__":
    translate()
