"""The layout shows the architecture, and libraries are used as they come.

A reader finds a feature by folder name: few modules at the top of app/, none over 400 lines,
a variant's own code in its folder (tests/test_variant_plugins.py: and only there; the layers:
tests/test_layers.py). No assignment to an attribute of an imported library module and no
override of a library class's private method: an upgrade of the library cannot break us
silently.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from app.variants.discovery import variant_ids

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "app"
LIBRARIES = {
    "alembic",
    "babel",
    "flask",
    "flask_babel",
    "flask_compress",
    "flask_migrate",
    "flask_sqlalchemy",
    "flask_wtf",
    "jinja2",
    "limits",
    "markupsafe",
    "reportlab",
    "segno",
    "sqlalchemy",
    "uvicorn",
    "a2wsgi",
    "psycopg",
    "blinker",
    "werkzeug",
    "wtforms",
}


def modules() -> list[Path]:
    """Every Python module of the app."""
    return sorted(APP.rglob("*.py"))


def test_few_modules_at_the_top_of_app() -> None:
    """Only the factory and what every layer shares stand at the top of app/."""
    top = sorted(path.name for path in APP.glob("*.py"))
    assert len(top) <= 8, top


def test_no_module_over_400_lines() -> None:
    """Small modules: none over 400 lines."""
    long = {
        str(path.relative_to(ROOT)): n
        for path in modules()
        if (n := path.read_text(encoding="utf-8").count("\n")) > 400
    }
    assert long == {}


def library_names(tree: ast.Module) -> set[str]:
    """The names a module binds to library modules or their members by importing them."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in LIBRARIES:
                    names.add(alias.asname or alias.name.split(".")[0])
        elif (
            isinstance(node, ast.ImportFrom)
            and node.module
            and node.module.split(".")[0] in LIBRARIES
        ):
            names.update(alias.asname or alias.name for alias in node.names)
    # Flask's request-bound proxies are meant to be written to.
    return names - {"g", "session", "request"}


def patches(path: Path) -> list[str]:
    """Assignments to a library's attributes and overrides of a library class's private
    methods in one module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    libs = library_names(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if (
                    isinstance(target, ast.Attribute)
                    and isinstance(target.value, ast.Name)
                    and target.value.id in libs
                ):
                    found.append(f"{path.name}:{node.lineno} {target.value.id}.{target.attr} =")
        if isinstance(node, ast.ClassDef):
            bases = {
                base.id if isinstance(base, ast.Name) else getattr(base.value, "id", "")
                for base in node.bases
                if isinstance(base, (ast.Name, ast.Attribute))
            }
            if bases & libs:
                found.extend(
                    f"{path.name}:{item.lineno} {node.name}.{item.name}"
                    for item in node.body
                    if isinstance(item, ast.FunctionDef)
                    and item.name.startswith("_")
                    and not item.name.startswith("__")
                )
    return found


def test_no_library_patched_or_its_private_methods_overridden() -> None:
    """Libraries through their public API only."""
    assert [found for path in modules() for found in patches(path)] == []


def test_the_patch_check_finds_a_patch(tmp_path: Path) -> None:
    """The check above would see both kinds of patch."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from reportlab.pdfbase import pdfdoc\n"
        "from flask_sqlalchemy import SQLAlchemy\n"
        "pdfdoc.PDFZCompress = 1\n"
        "class Database(SQLAlchemy):\n"
        "    def _teardown_session(self): pass\n"
    )
    assert len(patches(sample)) == 2


@pytest.mark.parametrize("variant", variant_ids())
def test_a_variant_is_one_folder(variant: str) -> None:
    """Definition, scoring, referee rules and whole-game driver in app/variants/<id>/."""
    folder = APP / "variants" / variant
    assert {"definition.py", "scoring.py", "rules.py", "game.py"} <= {
        path.name for path in folder.glob("*.py")
    }
