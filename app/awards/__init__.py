"""Titles of the evening ("Bubenkönig: Bernd, 3 Spiele mit Bube beendet"): Flask-free.

A variant with titles of its own says so (`Variant.own_titles`) and declares them in its
folder's `awards.py` as `TITLES`; the titles any variant gets are in `common`. Each title is
worked out from the entered rounds and the variant's scoring; without data there is no title.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence

from app.awards.common import COMMON
from app.awards.types import PlayedTable
from app.awards.types import Scored
from app.awards.types import Title
from app.awards.types import scored
from app.variants.registry import VARIANTS
from app.variants.registry import variant_part

Award = Callable[[Sequence[Scored]], list[Title]]


def evening_titles(tables: Sequence[PlayedTable]) -> list[Title]:
    """The titles of these tables: each variant's own (in the registry's order), then the
    ones any variant gets."""
    tables_read = scored(tables)
    awards: list[tuple[Award, list[Scored]]] = []
    for variant in VARIANTS.values():
        own = [table for table in tables_read if table.definition is variant]
        if own and variant.own_titles:
            awards += [(each, own) for each in variant_part(variant.id, "awards").TITLES]
    awards += [(each, tables_read) for each in COMMON]
    return [title for each, chosen in awards for title in each(chosen)]


__all__ = ["PlayedTable", "Title", "evening_titles"]
