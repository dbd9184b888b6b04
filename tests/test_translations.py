"""The German catalog covers every user-facing string, and the committed files agree with the code.

Extraction runs in memory with Babel's Python API and the repository's babel.cfg, the same
settings `flask translate extract` hands to pybabel. When a test here fails after a text
changed: `flask --app app translate update`, translate the new or fuzzy entries of
app/translations/de/LC_MESSAGES/messages.po, then `flask --app app translate compile`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.catalog import Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo
from babel.messages.pofile import PoFileParser
from babel.messages.pofile import read_po
from flask.testing import FlaskCliRunner

from app.translations.cli import MAPPING
from app.translations.cli import ROOT
from app.translations.cli import TEMPLATE

GERMAN = ROOT / "app/translations/de/LC_MESSAGES/messages.po"
Key = tuple[str | None, str]


def key(message: Message) -> Key:
    """Context and singular msgid: how gettext finds a message."""
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    return message.context, msgid


def plural_id(message: Message) -> str | None:
    """The plural msgid, or None for a message without plural forms."""
    return None if isinstance(message.id, str) else message.id[1]


@pytest.fixture(scope="module")
def extracted() -> dict[Key, Message]:
    """Every msgid of app/ and templates/, extracted now as babel.cfg says."""
    with MAPPING.open() as mapping_file:
        method_map, options_map = parse_mapping_cfg(mapping_file, str(MAPPING))
    catalog = Catalog()
    for filename, lineno, msgid, comments, context in extract_from_dir(
        ROOT, method_map, options_map
    ):
        catalog.add(msgid, None, [(filename, lineno)], auto_comments=comments, context=context)
    return {key(message): message for message in catalog if message.id}


def read(path: Path) -> Catalog:
    """A .po or .pot file as Babel reads it."""
    with path.open("rb") as po_file:
        return read_po(po_file, locale="de" if path.suffix == ".po" else None)


def test_extraction_finds_the_texts_of_code_and_templates(extracted: dict[Key, Message]) -> None:
    """The keywords reach Python (_, _l, ngettext, lang, N_) and Jinja alike.

    babel.cfg names the extra keywords (_l, lang); Babel reads keywords there from 2.18 on.
    """
    files = {
        location[0].split("/")[0]
        for message in extracted.values()
        for location in message.locations
    }
    assert files == {"app", "templates"}
    assert (None, "Please enter a whole number.") in extracted  # _l, app/tables/forms.py
    assert (None, "You draw %(num)d card.") in extracted  # ngettext, app/referee/effects.py
    assert (None, "Tally of wins") in extracted  # N_, app/variants/terroristen/blank_sheet.py
    assert (None, "Venue") in extracted  # the sheets' lang(), app/sheets/layout.py


def test_every_text_has_a_german_translation(extracted: dict[Key, Message]) -> None:
    """No msgid of the code is missing from the German catalog, empty or fuzzy."""
    german = read(GERMAN)
    missing, untranslated, fuzzy = [], [], []
    for (context, msgid), message in extracted.items():
        entry = german.get(message.id, context)
        if entry is None:
            missing.append(msgid)
        elif entry.fuzzy:
            fuzzy.append(msgid)
        elif not all(entry.string if isinstance(entry.string, tuple) else [entry.string]):
            untranslated.append(msgid)
    assert (missing, untranslated, fuzzy) == ([], [], [])


def test_committed_template_matches_the_code(extracted: dict[Key, Message]) -> None:
    """messages.pot holds exactly the msgids the code has (dates and locations aside)."""
    committed = {key(message): plural_id(message) for message in read(TEMPLATE) if message.id}
    now = {msgid: plural_id(message) for msgid, message in extracted.items()}
    assert sorted(committed.items() - now.items(), key=repr) == []  # gone from the code
    assert sorted(now.items() - committed.items(), key=repr) == []  # new in the code


def test_catalog_has_each_msgid_once_and_nothing_obsolete() -> None:
    """Two entries for one msgid would let the file order pick the text; #~ entries are dead."""
    seen: list[Key] = []

    class Recording(Catalog):
        """A catalog that notes every entry the parser sets, duplicates included."""

        def __setitem__(self, id: str | tuple[str, ...], message: Message) -> None:
            """Note the entry, then store it as Babel does (a repeated msgid overwrites)."""
            if id:
                seen.append(key(message))
            super().__setitem__(id, message)

    catalog = Recording(locale="de")
    with GERMAN.open("rb") as po_file:
        PoFileParser(catalog, abort_invalid=True).parse(po_file)
    assert sorted({entry for entry in seen if seen.count(entry) > 1}, key=repr) == []
    assert [message.id for message in catalog.obsolete.values()] == []


def test_translations_keep_the_placeholders() -> None:
    """Babel's checks: the same %(name)s placeholders in msgid and msgstr, plural forms whole."""
    problems = [
        (message.id, [str(error) for error in errors]) for message, errors in read(GERMAN).check()
    ]
    assert problems == []


def compiled(path: Path) -> dict[Key, tuple[str, ...]]:
    """The translations a .mo file holds, plural forms as a tuple."""
    with path.open("rb") as mo_file:
        return {
            key(m): tuple(m.string) if isinstance(m.string, list) else (m.string,)
            for m in read_mo(mo_file)
            if m.id
        }


def compilable(catalog: Catalog) -> dict[Key, tuple[str, ...]]:
    """What compiling a catalog must keep: translated entries that are not fuzzy."""
    return {
        key(m): m.string if isinstance(m.string, tuple) else (m.string,)
        for m in catalog
        if m.id and m.string and not m.fuzzy
    }


def test_compiled_catalog_is_current() -> None:
    """The .mo the app reads has the .po's translations (`flask translate compile` if not)."""
    assert GERMAN.with_suffix(".mo").exists(), "not compiled: flask --app app translate compile"
    assert compiled(GERMAN.with_suffix(".mo")) == compilable(read(GERMAN)), (
        "stale: flask --app app translate compile"
    )


def test_build_hook_compiles_each_language(tmp_path: Path) -> None:
    """The build_py step writes a .mo next to each language's .po, fuzzy entries left out."""
    build = pytest.importorskip("app.translations.build")  # needs setuptools, a build requirement
    po_path = tmp_path / "translations/de/LC_MESSAGES/messages.po"
    po_path.parent.mkdir(parents=True)
    po_path.write_bytes(GERMAN.read_bytes())
    build.compile_catalogs(tmp_path / "translations")
    assert compiled(po_path.with_suffix(".mo")) == compilable(read(GERMAN))
    assert compiled(po_path.with_suffix(".mo"))[(None, "Tables")] == ("Tische",)


def test_translate_commands_are_registered(runner: FlaskCliRunner) -> None:
    """`flask translate` offers extract, update and compile."""
    result = runner.invoke(args=["translate", "--help"])
    assert result.exit_code == 0
    for command in ("extract", "update", "compile"):
        assert command in result.output
