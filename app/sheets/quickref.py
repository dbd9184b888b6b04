"""The quick-reference card: a second page with the variant's rules in short (`?rules=1`).
Its own short texts (quickref.*.md), so a printed sheet does not depend on the rules pages.
"""

from __future__ import annotations

import re
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.platypus import Flowable
from reportlab.platypus import PageBreak
from reportlab.platypus import Paragraph

from app.sheets.layout import heading
from app.sheets.layout import styles
from app.sheets.record import Lang

TEXT_DIR = Path(__file__).resolve().parent


def quick_rules(lang: str) -> dict[str, list[str]]:
    """The bullets per variant of one language."""
    sections: dict[str, list[str]] = {}
    current: list[str] = []
    for line in (TEXT_DIR / f"quickref.{lang}.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            current = sections.setdefault(line[3:].strip(), [])
        elif line.startswith("- "):
            current.append(line[2:].strip())
    return sections


def markup(text: str) -> str:
    """Escape the text, then turn **bold** into reportlab's <b> (the only emphasis used)."""
    return re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", escape(text)).replace("*", "")


def rules_page(variant: str, label: str, lang: Lang) -> list[Flowable]:
    """A page break, then the variant's rules as a card of short bullets."""
    story: list[Flowable] = [PageBreak()]
    story += heading(
        lang("Quick rules: %(variant)s", variant=label),
        lang("The full rules are in Mautisch under “Rules”."),
    )
    for bullet in quick_rules(lang.code)[variant]:
        story.append(Paragraph(markup(bullet), styles()["card"], bulletText="•"))
    return story
