"""Blank sheets to fill in with a pen: one builder module per variant, one entry point here."""

from __future__ import annotations

from types import ModuleType

from app.sheets import blank_deluxe
from app.sheets import blank_doppel
from app.sheets import blank_dynamisch
from app.sheets import blank_speedone
from app.sheets import blank_terroristen
from app.sheets.layout import render
from app.sheets.params import BlankSheet
from app.sheets.quickref import rules_page
from app.sheets.record import Lang

SHEETS: dict[str, ModuleType] = {
    "dynamisch": blank_dynamisch,
    "deluxe": blank_deluxe,
    "speedone": blank_speedone,
    "terroristen": blank_terroristen,
    "doppel": blank_doppel,
}


def build_blank(sheet: BlankSheet, lang: Lang) -> bytes:
    """The PDF of a blank sheet, with the quick-reference rules as page 2 when asked for."""
    module = SHEETS[sheet.variant]
    title = f"{sheet.label} · {lang(module.KIND)}"
    story = module.story(sheet, title, lang)
    if sheet.rules:
        story += rules_page(sheet.variant, sheet.label, lang)
    return render(title, lang, story, footer=title, page=module.page(sheet))
