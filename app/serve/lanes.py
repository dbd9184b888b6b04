"""Requests that need no database, answered by threads of their own.

The Flask app runs in a bounded pool of request threads (a2wsgi). When the database stalls,
every one of them may be waiting on it for seconds; a phone asking for a stylesheet, the rules
or the referee would queue behind them. These paths never touch the database, so they get a
second, smaller pool of the same app: nothing the database does can hold them.
"""

from __future__ import annotations

# Path prefixes whose views read no database (the referee and the rules are pure engine and
# text; static files and the offline page are files; the service worker and manifest too).
NO_DATABASE = (
    "/static/",
    "/api/v1/referee",
    "/referee",
    "/rules",
    "/help/",
    "/offline",
    "/sw.js",
    "/manifest.webmanifest",
)
LANE_THREADS = 4


def needs_no_database(path: str) -> bool:
    """Is `path` answered without the database?"""
    return path.startswith(NO_DATABASE)
