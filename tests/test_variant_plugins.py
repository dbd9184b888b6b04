"""A variant is a plugin: it lives in its folder, and nothing else names it.

Outside `app/variants/<id>/` no file of app/, templates/ or static/ names a variant (its id or
its names; the generated catalogs aside): the engine, the pages and the sheets find variants
through `app.variants.discovery`. And no test lists the variants or pins their number: tests
iterate over the registry, so a seventh variant is tested by the same tests (a test may still
take one variant as its example).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from app.text import say
from app.variants.discovery import definitions
from app.variants.discovery import variant_ids

ROOT = Path(__file__).resolve().parents[1]
SHARED = ("app", "templates", "static")
SUFFIXES = {".py", ".html", ".js", ".css", ".md", ".txt", ".json", ".svg", ".webmanifest"}
GENERATED = ROOT / "app" / "translations"  # the catalogs hold every text, names included


def names_of(variant_id: str) -> re.Pattern[str]:
    """The id (also as a word's start: "Dynamisches") and the names in both languages."""
    variant = definitions()[variant_id]
    names = {say(variant.label, lang) for lang in ("de", "en")} | {variant.short_name}
    words = [rf"\b{re.escape(variant_id)}"] + [rf"\b{re.escape(name)}\b" for name in names]
    return re.compile("|".join(words), re.IGNORECASE)


def shared_files() -> list[Path]:
    """Every text file of app/, templates/ and static/ outside the variants' folders."""
    folders = [ROOT / "app" / "variants" / variant_id for variant_id in variant_ids()]
    return [
        path
        for top in SHARED
        for path in sorted((ROOT / top).rglob("*"))
        if path.suffix in SUFFIXES
        and not path.is_relative_to(GENERATED)
        and not any(path.is_relative_to(folder) for folder in folders)
    ]


@pytest.mark.parametrize("variant_id", variant_ids())
def test_nothing_outside_its_folder_names_a_variant(variant_id: str) -> None:
    """No line outside the variant's folder names it."""
    pattern = names_of(variant_id)
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()[:80]}"
        for path in shared_files()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert found == []


# A scene with a few tables of a group takes some variants as examples; a literal naming this
# many of them is a list of the variants.
LISTING = 4


def listings(tree: ast.AST, ids: set[str]) -> list[int]:
    """Lines where a literal list, tuple, set or dict names LISTING or more variant ids, or
    where a count of the variants is compared with a number."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.List, ast.Tuple, ast.Set, ast.Dict)):
            items = [*node.keys, *node.values] if isinstance(node, ast.Dict) else node.elts
            named = {
                item.value for item in items if isinstance(item, ast.Constant) and item.value in ids
            }
            if len(named) >= min(LISTING, len(ids)):
                lines.append(node.lineno)
        elif isinstance(node, ast.Compare) and isinstance(node.left, ast.Call):
            call = node.left
            counted = ast.unparse(call.args[0]) if call.args else ""
            if (
                isinstance(call.func, ast.Name)
                and call.func.id == "len"
                and re.search(r"VARIANT", counted)
                and any(isinstance(c, ast.Constant) for c in node.comparators)
            ):
                lines.append(node.lineno)
    return lines


def test_no_test_lists_the_variants() -> None:
    """Tests take the variants from the registry, never from a list of their own."""
    ids = set(variant_ids())
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in sorted((ROOT / "tests").rglob("*.py"))
        for line in listings(ast.parse(path.read_text(encoding="utf-8")), ids)
    ]
    assert found == []


def test_the_listing_check_sees_a_list() -> None:
    """The check above notices a hand-written list and a pinned count, not one example."""
    ids = set(variant_ids()[:LISTING])
    listed = ", ".join(repr(name) for name in sorted(ids))
    assert listings(ast.parse(f"X = ({listed})"), ids) == [1]
    assert listings(ast.parse("assert len(VARIANT_IDS) == 5"), ids) == [1]
    assert listings(ast.parse(f"make_table({sorted(ids)[0]!r})"), ids) == []
