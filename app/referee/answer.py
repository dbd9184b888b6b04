"""The engine's response (docs/api.md §1) made ready for the page: sentences and rule links."""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import replace
from typing import Any

from markupsafe import Markup

from app.engine.open_hand import CARD_FITS
from app.engine.open_hand import NO_CARD_FITS
from app.engine.texts import wish_name
from app.referee.cards import SUIT_SYMBOLS
from app.referee.effects import effect_text
from app.referee.effects import penalty_text
from app.referee.question import Question
from app.rules.digest import digest
from app.rules.views import md_inline
from app.rules.views import rule_url
from app.text import Message
from app.text import say


@dataclass(frozen=True)
class EffectLine:
    """One consequence as a sentence, the rule it follows from, and (reminders) the rule text."""

    text: str
    rule: str | None
    rule_url: str | None
    detail: Markup | None = None


@dataclass(frozen=True)
class CaseChoice:
    """One value of what the question left out, as a one-tap link with its verdict."""

    label: str
    legal: bool
    reason: str
    question: Question


@dataclass(frozen=True)
class Answer:
    """The verdict as the page shows it; ``legal`` None: it depends on ``cases``."""

    legal: bool | None
    rule: str
    rule_url: str | None
    reason: str
    interpretation: str | None
    penalty: str | None
    effects: list[EffectLine]
    cases: list[CaseChoice]
    last_card: CaseChoice | None = None
    # The verdict word when it depends on what the question left out.
    open_word: str = ""
    # The deciding rule's own words, behind a tap.
    rule_text: Markup | None = None


HAND_LABELS = {
    CARD_FITS: Message("A card of your hand fits"),
    NO_CARD_FITS: Message("No card of your hand fits"),
}


def value_label(name: str, value: Any, lang: str) -> str:
    """A filled-in value in players' words: ``♠``, ``Zehn``, ``2 Spieler``, ``Keine Karte
    deiner Hand passt``."""
    if name == "players":
        return say(Message("%(value)s players", value=value), lang)
    if name == "hand":
        return say(HAND_LABELS[value], lang)
    return SUIT_SYMBOLS.get(value) or wish_name(str(value), lang)


def filled(question: Question, name: str, value: Any, example: dict[str, Any]) -> Question:
    """The question with one missing field given (the hand: the case's example hand)."""
    if name == "wish":
        return replace(question, wish=str(value))
    if name == "hand":
        return replace(question, hand=tuple(example.get("hand", ())), count="")
    return replace(question, players=str(value))


def case_choices(cases: list[dict[str, Any]], question: Question, lang: str) -> list[CaseChoice]:
    """One tap per value of the first missing field, each with its verdict."""
    choices = []
    for case in cases:
        (name, value), *rest = case["if"].items()
        values = value if name != "wish" else next(iter(value.values()))
        for one in values if isinstance(values, list) else [values]:
            example = case.get("example") or {}
            asked = filled(question, name, one, example)
            for other, given in rest:
                asked = filled(
                    asked, other, given if other != "wish" else next(iter(given.values())), example
                )
            label = " · ".join(
                [
                    value_label(name, one, lang),
                    *(
                        value_label(
                            other, given if other != "wish" else next(iter(given.values())), lang
                        )
                        for other, given in rest
                    ),
                ]
            )
            choices.append(CaseChoice(label, bool(case["legal"]), case["reason"], asked))
    if cases and set(cases[0]["if"]) == {"players"}:
        return player_ranges(choices, lang)
    return choices


def player_ranges(choices: list[CaseChoice], lang: str) -> list[CaseChoice]:
    """Neighbouring player counts with the same verdict as one tap: ``3–8 Spieler``."""
    ordered = sorted(choices, key=lambda choice: int(choice.question.players))
    runs: list[list[CaseChoice]] = []
    for choice in ordered:
        if runs and runs[-1][-1].legal == choice.legal:
            runs[-1].append(choice)
        else:
            runs.append([choice])
    merged = []
    for run in runs:
        low, high = run[0].question.players, run[-1].question.players
        count = low if low == high else f"{low}–{high}"
        merged.append(replace(run[0], label=value_label("players", count, lang)))
    return merged


def last_card_choice(
    other: dict[str, Any] | None, question: Question, lang: str
) -> CaseChoice | None:
    """The answer if the played cards were the last ones (dlx.lastcard, dop.out), linked."""
    if not other:
        return None
    label = say(Message("If this is your last card"), lang)
    return CaseChoice(
        label,
        bool(other["legal"]),
        other["reason"],
        replace(question, count=str(len(question.play))),
    )


def rule_detail(rule_id: str | None, lang: str) -> Markup | None:
    """The text of a rule in the page language (reminders quote the manners they name)."""
    found = digest(lang).rule(rule_id) if rule_id else None
    return md_inline(found[1].text) if found else None


def effect_line(effect: dict[str, Any], lang: str) -> EffectLine:
    """An effect with its rule link; a reminder carries the rule's own words."""
    rule = effect.get("rule")
    detail = rule_detail(rule, lang) if effect.get("type") == "remind" else None
    return EffectLine(effect_text(effect, lang), rule, rule_url(rule) if rule else None, detail)


# ter.9: after a nine the previous player is asked, out of turn; "then the previous player is
# on turn" would read as if the order of play changed.
ANSWERED_TURN = Message(
    "The previous player answers (plays a nine or draws); then play goes on with the player "
    "after you."
)


def effect_lines(effects: list[dict[str, Any]], lang: str) -> list[EffectLine]:
    """The effects as sentences; a turn to the player a nine makes draw is his answer."""
    lines = []
    asked = any(
        effect.get("type") == "draw"
        and effect.get("who") == "previous"
        and effect.get("rule") == "ter.9"
        for effect in effects
    )
    for effect in effects:
        line = effect_line(effect, lang)
        if asked and effect.get("type") == "turn" and effect.get("who") == "previous":
            line = EffectLine(say(ANSWERED_TURN, lang), "ter.9", rule_url("ter.9"))
        lines.append(line)
    return lines


def describe(
    response: dict[str, Any], question: Question, lang: str, last_card: dict[str, Any] | None = None
) -> Answer:
    """Sentences for the response of ``judge_request`` (and for the last card, if different)."""
    legal = None if response["legal"] is None else bool(response["legal"])
    rule = response.get("rule") or ""
    return Answer(
        legal=legal,
        rule=rule,
        rule_url=rule_url(rule) if rule else None,
        reason=response.get("reason") or "",
        interpretation=response.get("interpretation"),
        penalty=None
        if legal is not False
        else penalty_text(response.get("penalty"), len(question.play)),
        effects=effect_lines(response.get("effects") or [], lang),
        cases=case_choices(response.get("cases") or [], question, lang),
        last_card=last_card_choice(last_card, question, lang),
        open_word=say(Message("It depends"), lang),
        rule_text=rule_detail(rule, lang) if rule else None,
    )
