"""The questions players argue about, per variant: one-tap "Streitfälle" for the referee,
in the one-line notation of :mod:`app.engine.situation`, declared on ``Rules.disputes``.
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
