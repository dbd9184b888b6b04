"""The layers import on their own and in one direction.

The pure parts (the engine, the variants' rules, scoring and games, the scoring, the
settlement, the ratings, the awards) load without Flask, SQLAlchemy, WTForms or Babel, each
imported first in a fresh interpreter, so a script (or one day the phone) can use them alone.
And no module reaches itself again through its imports: grimp reads every import, those inside
functions too, as the import statements stand.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[1]
PURE = (
    "app/engine",
    "app/scoring",
    "app/settlement",
    "app/ratings",
    "app/awards",
    "app/statistics",
)
# A variant's web parts (its round form, its sheets) belong to the web layer.
VARIANT_PURE = ("definition", "rules", "rule_ids", "deck", "game", "scoring", "hands", "awards")
HEAVY = ("flask", "sqlalchemy", "wtforms", "flask_babel")
PROBE = """
import importlib, sys
importlib.import_module(sys.argv[1])
print(",".join(name for name in sys.argv[2:] if name in sys.modules))
"""


def module_name(path: Path) -> str:
    """`app/engine/cards.py` → `app.engine.cards` (a package by its own name)."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def pure_modules() -> list[str]:
    """Every module of the pure layers, and the pure modules of every variant's folder."""
    found = [path for layer in PURE for path in sorted((ROOT / layer).rglob("*.py"))]
    found += [
        path
        for path in sorted((ROOT / "app" / "variants").glob("*/*.py"))
        if path.stem in VARIANT_PURE
    ]
    found += [
        ROOT / "app" / "variants" / name for name in ("base.py", "discovery.py", "rating_hooks.py")
    ]
    return [module_name(path) for path in found]


@pytest.mark.parametrize("module", pure_modules())
def test_a_pure_module_imports_first_and_alone(module: str) -> None:
    """Imported first in a fresh interpreter: no error, and no web or database library."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, module, *HEAVY],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "", f"{module} loads {done.stdout.strip()}"


def import_edges() -> dict[str, set[str]]:
    """Who imports whom inside app/: a module also runs the `__init__` of every package above
    what it imports, except its own packages, which are loading already when it runs."""
    graph = grimp.build_graph("app", include_external_packages=False)
    edges: dict[str, set[str]] = {}
    for module in graph.modules:
        targets: set[str] = set()
        for imported in graph.find_modules_directly_imported_by(module):
            parts = imported.split(".")
            for depth in range(1, len(parts) + 1):
                target = ".".join(parts[:depth])
                if target != module and not module.startswith(target + "."):
                    targets.add(target)
        edges[module] = targets
    return edges


def a_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph (a depth-first search meeting a module still on its path)."""
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = 1
        path.append(module)
        for target in sorted(edges.get(module, ())):
            if state.get(target) == 1:
                return path[path.index(target) :] + [target]
            if target not in state and (found := visit(target)):
                return found
        state[module] = 2
        path.pop()
        return None

    for module in sorted(edges):
        if module not in state and (found := visit(module)):
            return found
    return None


def test_no_import_cycles() -> None:
    """No module imports itself again through others."""
    assert a_cycle(import_edges()) is None


def test_the_cycle_search_finds_a_cycle() -> None:
    """The search itself: a → b → c → a is found, a tree is not."""
    assert a_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert a_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None
