"""The referee's answer: a Verdict with its Effects and Penalty, as docs/api.md §1 shapes them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.engine.cards import Card

EFFECT_TYPES = (
    "draw",
    "skip",
    "reverse",
    "again",
    "wish",
    "show",
    "wedding",
    "turn",
    "out",
    "remind",
)


@dataclass(frozen=True, slots=True)
class Effect:
    """One consequence of a legal action, in order; ``who`` is seen from the acting player
    (``later``: ``count`` seats on), and after a ``reverse`` "next" is in the new direction."""

    type: str
    who: str | None = None
    count: int | None = None
    suit: str | None = None
    rank: str | None = None
    choices: tuple[str, ...] | None = None
    source: str | None = None
    target: str | None = None
    card: Card | None = None
    rule: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The docs/api.md object: ``type`` plus the fields that are set (``source`` and
        ``target`` as ``from`` and ``to``)."""
        data: dict[str, Any] = {"type": self.type}
        if self.who is not None:
            data["who"] = self.who
        if self.count is not None:
            data["count"] = self.count
        if self.suit is not None:
            data["suit"] = self.suit
        if self.rank is not None:
            data["rank"] = self.rank
        if self.choices is not None:
            data["choices"] = list(self.choices)
        if self.source is not None:
            data["from"] = self.source
        if self.target is not None:
            data["to"] = self.target
        if self.rule is not None:
            data["rule"] = self.rule
        if self.card is not None:
            data["card"] = str(self.card)
        return data


@dataclass(frozen=True, slots=True)
class Penalty:
    """What a variant prescribes for an illegal action; ``draw`` None where the rules give
    no number (``ter.manners``: "cards until you wake up")."""

    take_back: bool = True
    draw: int | None = 2
    rule: str | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"take_back": true, "draw": 2}``, plus ``rule`` when it is not the verdict's."""
        data: dict[str, Any] = {"take_back": self.take_back, "draw": self.draw}
        if self.rule:
            data["rule"] = self.rule
        return data


@dataclass(frozen=True, slots=True)
class Verdict:
    """Is the action legal, which rule decides, why, and what follows."""

    legal: bool
    rule: str
    reason: str
    interpretation: str | None = None
    penalty: Penalty | None = None
    effects: tuple[Effect, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The response body of ``POST /api/v1/referee``."""
        return {
            "legal": self.legal,
            "rule": self.rule,
            "reason": self.reason,
            "interpretation": self.interpretation,
            "penalty": self.penalty.to_json() if self.penalty else None,
            "effects": [effect.to_json() for effect in self.effects],
        }
