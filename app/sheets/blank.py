"""Blank sheets to fill in with a pen: each variant builds its own (`blank_sheet` in its folder),
one entry point here."""

from __future__ import annotations

from app.sheets.layout import render
from app.sheets.params import BlankSheet
from app.sheets.quickref import rules_page
from app.sheets.record import Lang
from app.variants.registry import variant_part


def build_blank(sheet: BlankSheet, lang: Lang) -> bytes:
    """The PDF of a blank sheet, with the quick-reference rules as page 2 when asked for."""
    module = variant_part(sheet.variant, "blank_sheet")
    # A sheet whose kind follows a choice (a tally or a points list) says which by kind().
    kind = module.kind(sheet) if hasattr(module, "kind") else module.KIND
    title = f"{sheet.label} · {lang(kind)}"
    story = module.story(sheet, title, lang)
    if sheet.rules:
        story += rules_page(sheet.variant, sheet.label, lang)
    return render(title, lang, story, footer=title, page=module.page(sheet))
