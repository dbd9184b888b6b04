"""Views of the rules pages: `/rules`, `/rules/<variant>` and its German original text."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from flask import abort
from flask import render_template
from flask import url_for
from flask_babel import gettext as _
from markupsafe import Markup

from app.rules import bp
from app.rules.digest import Variant
from app.rules.digest import digest
from app.rules.digest import seed_text
from app.rules.house import house_entries
from app.rules.house import house_rule_variant
from app.rules.markdown import render_blocks
from app.rules.markdown import render_inline
from app.rules.seeds import seed_blocks
from app.web.navigation import current_lang

if TYPE_CHECKING:
    from markdown_it.tree import SyntaxTreeNode


def rule_url(rule_id: str) -> str | None:
    """The rule's anchor on its variant page (`/rules/<id>#dyn.jack.match`, house rules
    in their section), or None."""
    found = digest("en").rule(rule_id)
    variant = found[0].id if found else house_rule_variant(rule_id)
    if variant is None:
        return None
    return url_for("rules.variant", variant=variant, _anchor=rule_id)


def md_inline(text: str) -> Markup:
    """Digest text with rule IDs linked and interpretations marked."""
    return render_inline(text, rule_url, _("Interpretation"))


def md_blocks(blocks: Sequence[SyntaxTreeNode]) -> Markup:
    """Digest blocks (paragraphs, lists, tables) as HTML."""
    return render_blocks(blocks, rule_url, _("Interpretation"))


@bp.app_context_processor
def rules_helpers() -> dict[str, object]:
    """The digest renderers and rule links for every template (the referee cites rules)."""
    return {"md_inline": md_inline, "md_blocks": md_blocks, "rule_url": rule_url}


def find(variant_id: str) -> Variant:
    """The variant of the URL in the page language, or 404."""
    variant = digest(current_lang()).variants.get(variant_id)
    if variant is None:
        abort(
            404,
            _(
                "There is no variant %(variant)s. The rules page lists the five variants.",
                variant=variant_id,
            ),
        )
    return variant


@bp.get("/rules")
def index() -> str:
    """All variants, card codes, words and the conventions that hold for every variant."""
    return render_template("rules/index.html", digest=digest(current_lang()))


@bp.get("/rules/<variant>")
def variant(variant: str) -> str:
    """One variant's rules, each anchored by its rule ID, and its house rules."""
    found = find(variant)
    return render_template(
        "rules/variant.html",
        variant=found,
        digest=digest(current_lang()),
        house_rules=house_entries(found.id, current_lang()),
    )


@bp.get("/rules/<variant>/original")
def original(variant: str) -> str:
    """The original German rule text the digest restates."""
    found = find(variant)
    if found.seed is None:  # the common rules (RULES.md §6) have no original text
        abort(404)
    return render_template(
        "rules/original.html", variant=found, blocks=seed_blocks(seed_text(found))
    )
