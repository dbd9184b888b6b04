"""Links into the referee from elsewhere: a table's referee asks with the table's setup."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import url_for

from app.referee.house import house_query
from app.referee.question import Question
from app.store.models import Table


def referee_url(variant: str, players: int, options: Mapping[str, Any]) -> str:
    """The referee page for a variant and number of players, judging with the house rules
    among ``options`` (a table's other options, like ``games``, are not the referee's)."""
    question = Question(variant=variant, players=str(players), house=house_query(variant, options))
    return url_for("referee.page", _external=False, **question.query())


def referee_link_for(table: Table) -> str:
    """The referee for this table: its variant, its number of players, its house rules."""
    return referee_url(table.variant, len(table.players), table.options or {})
