"""What this phone remembers in its session cookie: lists of ids, newest first, and edit tokens.

Tables (`app.tables.device`) and groups (`app.groups.access`) keep the same shape:
`session[ids_key]` a list of ids, newest first; `session[tokens_key]` `{id: edit_token}` for
those this phone may change. A token is only ever kept for an id still in the list, so the
cookie (about 4 KB) cannot grow without bound.
"""

from __future__ import annotations

from flask import session


def remembered_ids(ids_key: str) -> list[str]:
    """The ids kept under `ids_key`, newest first (a tampered value counts as none)."""
    value = session.get(ids_key, [])
    return [str(i) for i in value] if isinstance(value, list) else []


def remembered_token(tokens_key: str, item_id: str) -> str | None:
    """The edit token kept for an id, unchecked (the caller checks it against the stored hash)."""
    tokens = session.get(tokens_key, {})
    token = tokens.get(item_id) if isinstance(tokens, dict) else None
    return token if isinstance(token, str) else None


def remember(ids_key: str, tokens_key: str, item_id: str, token: str | None, limit: int) -> None:
    """Put an id first in its list (at most `limit` kept); with a token, keep that token too."""
    ids = remembered_ids(ids_key)
    if token is None and ids[:1] == [item_id]:
        return  # already first: leave the session cookie as it is
    kept = ([item_id] + [i for i in ids if i != item_id])[:limit]
    tokens = session.get(tokens_key, {})
    kept_tokens = {k: v for k, v in tokens.items() if k in kept} if isinstance(tokens, dict) else {}
    if token is not None:
        kept_tokens[item_id] = token
    session[ids_key] = kept
    session[tokens_key] = kept_tokens
