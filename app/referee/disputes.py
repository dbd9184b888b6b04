"""The variant's "Streitfälle" (app.engine.disputes) as referee questions: one tap opens the
question filled in and answered, at the table's players and house rules unless the dispute
names its own."""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import replace
from functools import lru_cache

from app.engine import Action
from app.engine import Situation
from app.engine import find_variant
from app.engine.disputes import Dispute
from app.referee.house import query_text
from app.referee.question import DRAW
from app.referee.question import DREW
from app.referee.question import TOP_WAS_LAST
from app.referee.question import Question
from app.text import say


@dataclass(frozen=True)
class DisputeLink:
    """One dispute as the page offers it: its key, title and the question it asks."""

    key: str
    title: str
    question: Question


@lru_cache(maxsize=64)
def dispute_question(variant: str, dispute: Dispute) -> Question:
    """The page question of a dispute (players and house rules only where it names them)."""
    situation = Situation.parse(f"{variant} {dispute.situation}")
    action = Action.parse(dispute.action)
    named = dict(pair.partition("=")[::2] for pair in dispute.situation.split())
    pending = next(
        (
            f"{kind}:{getattr(situation.due, kind)}"
            for kind in ("draw", "skip", "again")
            if getattr(situation.due, kind)
        ),
        "",
    )
    flags = (
        frozenset({"other"} if not situation.on_turn else set())
        | frozenset(
            flag
            for flag in ("by_you", "anyone_served", "you_served")
            if situation.wish is not None and getattr(situation.wish, flag)
        )
        | frozenset({TOP_WAS_LAST} if situation.top_was_last else set())
        | frozenset({DREW} if situation.drew else set())
    )
    return Question(
        variant=variant,
        players=str(situation.players) if "players" in named else "",
        top=str(situation.top),
        below=str(situation.below) if situation.below else "",
        wish=situation.wish.target if situation.wish else "",
        pending=pending,
        hand=tuple(str(card) for card in situation.hand or ()),
        count="" if situation.hand_count is None else str(situation.hand_count),
        play=(DRAW,) if action.draw else tuple(str(card) for card in action.play),
        play_wish=action.wish.target if action.wish else "",
        flags=flags,
        house=tuple(
            (name, query_text(value)) for name, value in situation.options.changed().items()
        ),
    )


def dispute_links(question: Question, lang: str) -> list[DisputeLink]:
    """The disputes of the question's variant, asked at its table (players, house rules)."""
    links = []
    for dispute in find_variant(question.variant).disputes:
        asked = dispute_question(question.variant, dispute)
        if not asked.players and question.players:
            asked = replace(asked, players=question.players)
        if not asked.house:
            asked = replace(asked, house=question.house)
        links.append(DisputeLink(dispute.key, say(dispute.title, lang), asked))
    return links
