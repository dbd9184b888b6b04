"""The engine's response (docs/api.md §1) made ready for the page: sentences and rule links."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from app.referee.effects import effect_text
from app.referee.effects import penalty_text
from app.referee.question import Question
from app.rules.digest import digest
from app.rules.views import md_inline
from app.rules.views import rule_url


@dataclass(frozen=True)
class EffectLine:
    """One consequence as a sentence, the rule it follows from, and (reminders) the rule text."""

    text: str
    rule: str | None
    rule_url: str | None
    detail: Markup | None = None


@dataclass(frozen=True)
class Answer:
    """The verdict as the page shows it."""

    legal: bool
    rule: str
    rule_url: str | None
    reason: str
    interpretation: str | None
    penalty: str | None
    effects: list[EffectLine]


def rule_detail(rule_id: str | None, lang: str) -> Markup | None:
    """The text of a rule in the page language (reminders quote the manners they name)."""
    found = digest(lang).rule(rule_id) if rule_id else None
    return md_inline(found[1].text) if found else None


def effect_line(effect: dict[str, Any], lang: str) -> EffectLine:
    """An effect with its rule link; a reminder carries the rule's own words."""
    rule = effect.get("rule")
    detail = rule_detail(rule, lang) if effect.get("type") == "remind" else None
    return EffectLine(effect_text(effect, lang), rule, rule_url(rule) if rule else None, detail)


def describe(response: dict[str, Any], question: Question, lang: str) -> Answer:
    """Sentences for the response of ``judge_request``."""
    legal = bool(response["legal"])
    rule = response.get("rule") or ""
    return Answer(
        legal=legal,
        rule=rule,
        rule_url=rule_url(rule) if rule else None,
        reason=response.get("reason") or "",
        interpretation=response.get("interpretation"),
        penalty=None if legal else penalty_text(response.get("penalty"), len(question.play)),
        effects=[effect_line(effect, lang) for effect in response.get("effects") or []],
    )
