"""The rule IDs of the rules digest, what kind of rule each is, and the `I:` interpretations,
as every variant declares them on its rules (`rule_kinds`, `interpretations`).

``RULE_KINDS``: ``play`` rules decide verdicts, ``manners`` rules become ``remind`` effects,
``setup`` and ``score`` rules belong to whole games and the score keeping.
"""

from __future__ import annotations

from app.text import Message
from app.variants.discovery import Merged

RULE_KINDS: Merged[str] = Merged(lambda variant: variant.rules.rule_kinds)
# The digest's `I:` lines the referee decides with, by rule ID, worded exactly as the digest.
INTERPRETATIONS: Merged[Message] = Merged(lambda variant: variant.rules.interpretations)


def rule_ids() -> tuple[str, ...]:
    """Every rule ID, variant after variant, in the digest's order."""
    return tuple(RULE_KINDS)
