"""The quick-reference card: a second page with the variant's rules in short (`?rules=1`).
Its own short texts (`quickref.<lang>.md` in the variant's folder, one "- **Keyword:** text"
bullet per line), so a printed sheet does not depend on the rules pages.
"""

from __future__ import annotations

import re
from xml.sax.saxutils import escape

from reportlab.platypus import Flowable
from reportlab.platypus import PageBreak
from reportlab.platypus import Paragraph

from app.sheets.layout import heading
from app.sheets.layout import styles
from app.sheets.record import Lang
from app.variants.discovery import own_text


def quick_rules(variant: str, lang: str) -> list[str]:
    """The variant's bullets in one language."""
    text = own_text(variant, f"quickref.{lang}.md")
    return [line[2:].strip() for line in text.splitlines() if line.startswith("- ")]


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
    for bullet in quick_rules(variant, lang.code):
        story.append(Paragraph(markup(bullet), styles()["card"], bulletText="•"))
    return story
