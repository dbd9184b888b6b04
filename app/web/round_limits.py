"""Rate limits on changing a table's rounds: per table and per client address.

Every saved, corrected or deleted round is pushed to all phones watching the table, so a loop
of rounds costs the server a render per change; a table at a real card night enters a round a
minute. Counted in RATELIMIT_STORAGE_URI like the other limits (app.web.limits), answered 429
with Retry-After and a sentence naming the limit.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any

from flask import Flask
from flask import Response
from flask import current_app
from flask import request
from limits import RateLimitItem
from limits import parse_many

from app.text import Message
from app.text import say
from app.web.errors import error_answer
from app.web.limit_counts import Counter
from app.web.limits import window_text
from app.web.navigation import current_lang

DEFAULTS = {"RATELIMIT_ROUNDS_TABLE": "30 per minute", "RATELIMIT_ROUNDS_ADDRESS": "120 per minute"}
# The views that change a table's rounds (API and pages); a GET of a form changes nothing.
ENDPOINTS = (
    "api.add_round",
    "api.edit_round",
    "api.delete_round",
    "tables.round_new",
    "tables.round_edit",
    "tables.round_delete",
)
CHANGES = ("POST", "PUT", "DELETE")


@dataclass
class TooManyRounds(Exception):
    """A rounds limit is used up: its setting, how many it allows, its window, when it resets."""

    setting: str
    amount: int
    window: int
    reset_at: float


def hit(limit: RateLimitItem, identifier: str) -> float | None:
    """Count one change where the other limits count (in memory while that storage does not
    answer, app.web.limit_counts); when the limit is used up, the time its window resets."""
    counter: Counter = current_app.extensions["rate_limits"]
    return counter.hit(limit, "rounds", identifier)


def check_rounds(table_id: str) -> None:
    """Count this change against the table's and the address's limits; TooManyRounds if used up."""
    address = request.remote_addr or "127.0.0.1"
    for setting, identifier in (
        ("RATELIMIT_ROUNDS_TABLE", f"table:{table_id}"),
        ("RATELIMIT_ROUNDS_ADDRESS", f"address:{address}"),
    ):
        for limit in parse_many(str(current_app.config[setting])):
            reset_at = hit(limit, identifier)
            if reset_at is not None:
                raise TooManyRounds(setting, limit.amount, limit.get_expiry(), reset_at)


def counted(view: Callable[..., Any]) -> Callable[..., Any]:
    """The view, its changes counted first (when limits are on)."""

    @wraps(view)
    def limited(*args: Any, **kwargs: Any) -> Any:
        """Count a change of the table's rounds, then answer as the view does."""
        if request.method in CHANGES and current_app.config["RATELIMIT_ENABLED"]:
            check_rounds(str(kwargs["table_id"]))
        return view(*args, **kwargs)

    return limited


def init_round_limits(app: Flask) -> None:
    """Put the limits on the round views (after app.web.limits set RATELIMIT_ENABLED)."""
    for name, value in DEFAULTS.items():
        app.config.setdefault(name, os.environ.get(name) or value)
    for endpoint in ENDPOINTS:
        app.view_functions[endpoint] = counted(app.view_functions[endpoint])
    app.register_error_handler(TooManyRounds, too_many_rounds)


def per_window(seconds: int) -> Message:
    """A window as a player says it ("pro Minute"; longer ones as app.web.limits says them)."""
    return Message("a minute") if seconds == 60 else window_text(seconds)


def too_many_rounds(error: TooManyRounds) -> tuple[Response | str, int, dict[str, str]]:
    """429 with Retry-After and a sentence naming the limit and the wait."""
    wait = max(1, math.ceil(error.reset_at - time.time()))
    if error.setting == "RATELIMIT_ROUNDS_TABLE":
        text = Message(
            "Too many rounds changed at this table: at most %(amount)s %(per)s (%(setting)s). "
            "Nothing was saved; please try again in %(seconds)s seconds.",
            amount=error.amount,
            per=per_window(error.window),
            setting=error.setting,
            seconds=wait,
        )
    else:
        text = Message(
            "Too many rounds changed from this address: at most %(amount)s %(per)s "
            "(%(setting)s). Nothing was saved; please try again in %(seconds)s seconds.",
            amount=error.amount,
            per=per_window(error.window),
            setting=error.setting,
            seconds=wait,
        )
    return error_answer(429, say(text, current_lang()), {"Retry-After": str(wait)})
