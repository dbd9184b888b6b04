"""The questions players argue about, per variant: one-tap "Streitfälle" for the referee.

Each is a question in the one-line notation of :mod:`app.engine.situation` (the situation
without the variant, and the action), with a short title in German and English. A variant
declares its own on its rules class (``Rules.disputes``); the referee page opens each one
filled in and answered.
"""

from __future__ import annotations

from typing import NamedTuple

from app.text import Message


class Dispute(NamedTuple):
    """One common dispute: its key (for links and tests), title, situation and action."""

    key: str
    title: Message
    situation: str
    action: str
