"""What a phone remembers in its session (`app.rights.phone`): its tables, groups, tokens."""

from __future__ import annotations

from flask import Flask
from flask import session

from app.rights.phone import device_group_ids
from app.rights.phone import device_table_ids
from app.rights.phone import remember
from app.rights.phone import remember_group
from app.rights.phone import remember_table
from app.rights.phone import remembered_ids
from app.rights.phone import remembered_token


def test_newest_first_each_once_and_tokens_only_for_kept_ids(app: Flask) -> None:
    """An id moves to the front; beyond the limit the oldest goes, and its token with it."""
    with app.test_request_context():
        remember("ids", "tokens", "a", "token-a", limit=3)
        remember("ids", "tokens", "b", None, limit=3)
        remember("ids", "tokens", "c", "token-c", limit=3)
        remember("ids", "tokens", "a", None, limit=3)
        assert remembered_ids("ids") == ["a", "c", "b"]
        assert remembered_token("tokens", "a") == "token-a"
        remember("ids", "tokens", "d", None, limit=3)
        remember("ids", "tokens", "e", None, limit=3)
        assert remembered_ids("ids") == ["e", "d", "a"]
        assert remembered_token("tokens", "c") is None
        assert session["tokens"] == {"a": "token-a"}


def test_a_token_for_the_first_id_is_still_kept(app: Flask) -> None:
    """Claiming the edit link of the table already on top stores its token."""
    with app.test_request_context():
        remember("ids", "tokens", "a", None, limit=3)
        remember("ids", "tokens", "a", "token-a", limit=3)
        assert remembered_ids("ids") == ["a"] and remembered_token("tokens", "a") == "token-a"


def test_a_tampered_session_counts_as_empty(app: Flask) -> None:
    """Values of the wrong shape are ignored rather than a 500."""
    with app.test_request_context():
        session["ids"] = "not a list"
        session["tokens"] = ["not", "a", "dict"]
        assert remembered_ids("ids") == []
        assert remembered_token("tokens", "a") is None
        remember("ids", "tokens", "a", "token-a", limit=3)
        assert remembered_ids("ids") == ["a"] and session["tokens"] == {"a": "token-a"}


def test_tables_and_groups_keep_their_own_lists(app: Flask) -> None:
    """Tables and groups are remembered alike, under their own keys and limits (30 and 12)."""
    with app.test_request_context():
        for number in range(40):
            remember_table(f"t{number}", f"token-t{number}")
            remember_group(f"g{number}", f"token-g{number}")
        assert len(device_table_ids()) == 30 and device_table_ids()[0] == "t39"
        assert len(device_group_ids()) == 12 and device_group_ids()[0] == "g39"
        assert len(session["edit_tokens"]) == 30 and len(session["group_tokens"]) == 12
