"""Mautisch's rules engine: cards, situations, and a referee for the Mau-Mau variants.

Flask-free and pure, in the manner of python-chess::

    >>> from app.engine import Action, Situation, judge
    >>> verdict = judge(Situation.parse("<variant> top=S10"), Action.parse("SJ wish=C"), "en")
    >>> verdict.legal, verdict.rule
    (False, 'dyn.jack.match')
"""

from __future__ import annotations

from app.engine.card_problems import Problem
from app.engine.cards import COLOURS
from app.engine.cards import RANKS
from app.engine.cards import SUITS
from app.engine.cards import VALUES
from app.engine.cards import Card
from app.engine.cards import InvalidCardError
from app.engine.houserules import HouseRule
from app.engine.judge import judge
from app.engine.judge import judge_start
from app.engine.judge import legal_actions
from app.engine.options import Options
from app.engine.problems import find_problem
from app.engine.registry import PLAYER_RANGE
from app.engine.registry import Rules
from app.engine.registry import deck
from app.engine.registry import find_variant
from app.engine.registry import variant_ids
from app.engine.request import judge_request
from app.engine.request import request_lang
from app.engine.request import situation_from_request
from app.engine.rule_ids import INTERPRETATIONS
from app.engine.rule_ids import RULE_KINDS
from app.engine.rule_ids import rule_ids
from app.engine.situation import Action
from app.engine.situation import InvalidNotationError
from app.engine.situation import Pending
from app.engine.situation import Situation
from app.engine.situation import Wish
from app.engine.verdict import Effect
from app.engine.verdict import Penalty
from app.engine.verdict import Verdict

__all__ = [
    "COLOURS",
    "INTERPRETATIONS",
    "PLAYER_RANGE",
    "RANKS",
    "rule_ids",
    "RULE_KINDS",
    "SUITS",
    "VALUES",
    "variant_ids",
    "Action",
    "Card",
    "Effect",
    "HouseRule",
    "InvalidCardError",
    "InvalidNotationError",
    "Options",
    "Penalty",
    "Pending",
    "Problem",
    "Rules",
    "Situation",
    "Verdict",
    "Wish",
    "deck",
    "find_problem",
    "find_variant",
    "judge",
    "judge_request",
    "judge_start",
    "legal_actions",
    "request_lang",
    "situation_from_request",
]
