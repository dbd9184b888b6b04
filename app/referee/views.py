"""The referee page: a GET form whose URL is the question, answered by the engine."""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from typing import Any

from flask import render_template
from flask import request
from flask_babel import gettext as _

from app.engine import Action
from app.engine import judge_request
from app.engine import legal_actions
from app.engine import situation_from_request
from app.referee import bp
from app.referee.answer import Answer
from app.referee.answer import describe
from app.referee.form import form_context
from app.referee.question import Question
from app.text import InputError
from app.variants.registry import VARIANT_IDS
from app.web.navigation import current_lang

# Request field paths (docs/api.md §1) -> the form field that holds the value, the first
# prefix that fits (``situation.hand_count`` before ``situation.hand``).
FIELD_OF_PATH = (
    ("situation.top_was_last", "top_was_last"),
    ("situation.drew", "drew"),
    ("situation.top", "top"),
    ("situation.below", "below"),
    ("situation.wish", "wish"),
    ("situation.pending", "pending"),
    ("situation.hand_count", "count"),
    ("situation.hand", "hand"),
    ("action.wish", "play_wish"),
    ("action", "play"),
    ("options", "options"),
    ("actor", "other"),
    ("players", "players"),
    ("variant", "variant"),
    ("count", "count"),
)


@dataclass
class Result:
    """What the page shows: the answer, the legal plays, and errors by form field."""

    answer: Answer | None = None
    plays: list[Action] | None = None
    errors: dict[str, str] = field(default_factory=dict)


def form_field(path: str | None) -> str:
    """The form field of an error path (``action.play[0]`` -> ``play``)."""
    for prefix, name in FIELD_OF_PATH:
        if path and path.startswith(prefix):
            return name
    return "question"


def list_plays(question: Question, lang: str) -> list[Action]:
    """Every legal play from the hand (without a hand: from the whole deck)."""
    situation, _action = situation_from_request(question.situation_body(lang))
    return legal_actions(situation)


def last_card(question: Question, response: dict[str, Any], lang: str) -> dict[str, Any] | None:
    """The answer if the played cards were the player's last ones, when the hand was not
    given and that answer differs (dlx.lastcard, dop.out): "Wenn das deine letzte Karte
    ist: …"."""
    if question.hand or question.count or question.draws or response["legal"] is None:
        return None
    emptied = replace(question, count=str(len(question.play)))
    try:
        other = judge_request(emptied.body(lang))
    except InputError:
        return None
    return other if other["legal"] is not None and other["legal"] != response["legal"] else None


def ask(question: Question, lang: str) -> Result:
    """Judge the play and/or list the legal plays; bad input becomes errors by field."""
    result = Result()
    if (question.play or question.ask == "list") and not question.top:
        result.errors["top"] = _("Tap the top card of the discard pile first.")
        return result
    try:
        if question.complete:
            response = judge_request(question.body(lang))
            result.answer = describe(response, question, lang, last_card(question, response, lang))
        if question.ask == "list":
            result.plays = list_plays(question, lang)
    except InputError as error:
        result.errors[form_field(error.field)] = error.message(lang)
    return result


@bp.get("/referee")
def page() -> tuple[str, int]:
    """The form, with the answer when the URL holds a complete question; 400 for bad input."""
    lang = current_lang()
    question = Question.from_args(request.args)
    if question.variant not in VARIANT_IDS:
        message = _(
            "There is no variant “%(variant)s”: pick one of the list.", variant=question.variant
        )
        question, result = Question(), Result(errors={"variant": message})
    else:
        result = ask(question, lang)
    context = form_context(question, result.plays, result.errors, lang)
    html = render_template("referee/page.html", question=question, result=result, **context)
    return html, 400 if result.errors else 200
