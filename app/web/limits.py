"""Rate limits on creating tables, groups and imports, per client address (docs/api.md, Limits).

Counted per address and kind in RATELIMIT_STORAGE_URI: `memory://` suits the single process
of `mautisch serve`; several processes share one count in Redis, and count in memory while it
does not answer (app.web.limit_counts). A card night never reaches the limits.
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
from limits import parse_many

from app.text import Message
from app.text import say
from app.web.errors import error_answer
from app.web.limit_counts import Counter
from app.web.navigation import current_lang

DEFAULTS = {
    "RATELIMIT_TABLES": "30 per hour",
    "RATELIMIT_GROUPS": "10 per hour",
    "RATELIMIT_IMPORTS": "10 per hour",
    "RATELIMIT_STORAGE_URI": "memory://",
}
# What each limit guards: its setting, the views it covers (API and page share one count),
# and what the sentence calls it.
KINDS = {
    "tables": ("RATELIMIT_TABLES", ("api.create_table", "tables.new"), Message("tables")),
    "groups": ("RATELIMIT_GROUPS", ("groups.new", "api.create_group"), Message("groups")),
    "imports": ("RATELIMIT_IMPORTS", ("export.import_form",), Message("imports")),
}


@dataclass
class TooMany(Exception):
    """A limit is used up: which kind, how many it allows, its window and when it starts anew."""

    scope: str
    amount: int
    window: int
    reset_at: float


def check_limit(scope: str) -> None:
    """Count this request against the kind's limit(s) for its address; TooMany when used up."""
    counter: Counter = current_app.extensions["rate_limits"]
    setting = KINDS[scope][0]
    address = request.remote_addr or "127.0.0.1"
    for limit in parse_many(str(current_app.config[setting])):
        reset_at = counter.hit(limit, scope, address)
        if reset_at is not None:
            raise TooMany(scope, limit.amount, limit.get_expiry(), reset_at)


def limited(view: Callable[..., Any], scope: str) -> Callable[..., Any]:
    """The view, its POSTs counted against the kind's limit first (when limits are on)."""

    @wraps(view)
    def counted(*args: Any, **kwargs: Any) -> Any:
        """Count a POST, then answer as the view does."""
        if request.method == "POST" and current_app.config["RATELIMIT_ENABLED"]:
            check_limit(scope)
        return view(*args, **kwargs)

    return counted


def init_limits(app: Flask) -> None:
    """Put each limit on its views (registered before this) and answer a used-up one with 429."""
    for name, value in DEFAULTS.items():
        app.config.setdefault(name, os.environ.get(name) or value)
    # Tests create hundreds of tables from one address: they opt in to limits explicitly.
    enabled = os.environ.get("RATELIMIT_ENABLED", "").strip().lower()
    default = enabled not in ("0", "false", "no", "off") if enabled else not app.testing
    app.config.setdefault("RATELIMIT_ENABLED", default)
    app.extensions["rate_limits"] = Counter(str(app.config["RATELIMIT_STORAGE_URI"]))
    for scope, (_setting, endpoints, _what) in KINDS.items():
        for endpoint in endpoints:
            app.view_functions[endpoint] = limited(app.view_functions[endpoint], scope)
    app.register_error_handler(TooMany, too_many)


def too_many(error: TooMany) -> tuple[Response | str, int, dict[str, str]]:
    """429 with Retry-After and a sentence saying which limit and how long to wait."""
    setting, _endpoints, what = KINDS[error.scope]
    wait = max(1, math.ceil(error.reset_at - time.time()))
    minutes = max(1, math.ceil(wait / 60))
    per = window_text(error.window)
    text = Message(
        "Too many new %(what)s from this address: at most %(amount)s %(per)s (%(setting)s). "
        "Please try again in %(minutes)s minutes.",
        what=what,
        amount=error.amount,
        per=per,
        setting=setting,
        minutes=minutes,
    )
    headers = {"Retry-After": str(wait)}
    return error_answer(429, say(text, current_lang()), headers)


def window_text(seconds: int) -> Message:
    """A limit's window as a player says it: "pro Stunde", "in 10 Minuten"."""
    if seconds == 3600:
        return Message("an hour")
    if seconds % 3600 == 0:
        return Message("in %(value)s hours", value=seconds // 3600)
    if seconds % 60 == 0:
        return Message("in %(value)s minutes", value=seconds // 60)
    return Message("in %(seconds)s seconds", seconds=seconds)
