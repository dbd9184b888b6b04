"""The persistent data: tables (scored sessions), their rounds, their change log, groups.

What is stored is what the players entered (a round's normalised input); everything derived
(points, totals, ranking, settlement, sets) is recomputed by `app.scoring` on every read, so a
correction of an early round can never leave stale totals behind.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import UTC
from datetime import datetime
from typing import Any

from sqlalchemy import JSON
from sqlalchemy import Boolean
from sqlalchemy import DateTime
from sqlalchemy import Float
from sqlalchemy import ForeignKey
from sqlalchemy import Index
from sqlalchemy import Integer
from sqlalchemy import String
from sqlalchemy import Text
from sqlalchemy import UniqueConstraint
from sqlalchemy.orm import Mapped
from sqlalchemy.orm import mapped_column
from sqlalchemy.orm import relationship

from app.store.db import db
from app.variants.registry import Variant
from app.variants.registry import find_variant


def utcnow() -> datetime:
    """Timezone-aware now, stored as UTC."""
    return datetime.now(UTC)


def as_utc(moment: datetime) -> datetime:
    """A stored time as an aware UTC time (SQLite gives it back without its zone)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


ID_LENGTH = 24  # characters of a table or group id (older, shorter ids keep working)


def new_public_id() -> str:
    """A share-link id of 128 random bits: reading needs only this, so it is unguessable."""
    return secrets.token_urlsafe(16)


def new_edit_token() -> str:
    """A secret edit token of 192 random bits: at least 128, beyond any guessing."""
    return secrets.token_urlsafe(24)


def new_round_uid() -> str:
    """A round's public id: 72 random bits, 12 characters; never reused (a unique column)."""
    return secrets.token_urlsafe(9)


def hash_token(token: str) -> str:
    """Only a hash of an edit token is stored, so a leaked database grants no edit rights."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class TokenMixin:
    """Edit-token handling shared by tables and groups."""

    edit_token_hash: Mapped[str] = mapped_column(String(64))

    def set_edit_token(self) -> str:
        """Create a fresh edit token, store its hash and return the token (shown once)."""
        token = new_edit_token()
        self.edit_token_hash = hash_token(token)
        return token

    def check_edit_token(self, token: str | None) -> bool:
        """Constant-time check of a presented edit token."""
        return token_matches(self.edit_token_hash, token)


def token_matches(stored_hash: str, token: str | None) -> bool:
    """Is `token` the edit token whose hash is stored (compared in constant time)?"""
    if not token:
        return False
    return hmac.compare_digest(stored_hash, hash_token(token))


class Group(TokenMixin, db.Model):  # type: ignore[name-defined,misc]
    """A Stammtisch: a name, its regular players and its tables."""

    __tablename__ = "groups"

    id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True, default=new_public_id)
    name: Mapped[str] = mapped_column(String(80))
    players: Mapped[list[str]] = mapped_column(JSON, default=list)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # Set when the group was deleted: it is kept (restorable) for 30 days, then purged.
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), index=True)
    # How the group settles (a setting, chosen once): direct, through the Kasse (its holder),
    # or into the pot; pages and GiroCodes follow it, other ways are only previewed.
    settle_mode: Mapped[str] = mapped_column(String(8), default="direct", server_default="direct")
    kasse_holder: Mapped[str | None] = mapped_column(String(40))
    # The first day of the group's season ("MM-DD"); None: the calendar year.
    season_start: Mapped[str | None] = mapped_column(String(5))
    # Counts the changes of the group's money (payments, its settings): the watching phones'
    # push version of the group, as a table's version is theirs for a table.
    version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    tables: Mapped[list[Table]] = relationship(back_populates="group")


class Table(TokenMixin, db.Model):  # type: ignore[name-defined,misc]
    """One scored session: a series, a game to a target, a match."""

    __tablename__ = "tables"
    # An evening or a month reads the group's tables started in its span (app.store.evening_tables).
    __table_args__ = (Index("ix_tables_group_started", "group_id", "created_at"),)

    id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True, default=new_public_id)
    variant: Mapped[str] = mapped_column(String(20))
    name: Mapped[str] = mapped_column(String(80), default="")
    players: Mapped[list[str]] = mapped_column(JSON)
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    group_id: Mapped[str | None] = mapped_column(ForeignKey("groups.id"), index=True)
    # Bumped by every change; the first statement of a writing transaction, so it also
    # serialises concurrent writers of one table (row lock on PostgreSQL, write lock on SQLite).
    version: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # An open-ended table ended by hand (its definition says whether it is open-ended).
    closed: Mapped[bool] = mapped_column(Boolean, default=False)
    # The seat that deals the first game ("play again" continues from the last table).
    first_dealer: Mapped[int] = mapped_column(Integer, default=0)
    # Set when the table was deleted: readers get 410, restorable for 30 days, then purged.
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), index=True)

    group: Mapped[Group | None] = relationship(back_populates="tables")
    rounds: Mapped[list[Round]] = relationship(
        back_populates="table", order_by="Round.number", cascade="all, delete-orphan"
    )
    changes: Mapped[list[Change]] = relationship(
        back_populates="table", order_by="Change.id", cascade="all, delete-orphan"
    )

    @property
    def definition(self) -> Variant:
        """The table's variant: what it plays like, how it is scored and shown."""
        return find_variant(self.variant)


class Round(db.Model):  # type: ignore[name-defined,misc]
    """One finished game/round as entered: the normalised request body of docs/api.md §2."""

    __tablename__ = "rounds"
    __table_args__ = (UniqueConstraint("table_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    # The round's stable public id (API `id`): unchanged when rounds are renumbered.
    uid: Mapped[str] = mapped_column(String(16), unique=True, default=new_round_uid)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    # An edit names the version it started from: a second editor gets a conflict, no overwrite.
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    table: Mapped[Table] = relationship(back_populates="rounds")

    @property
    def etag(self) -> str:
        """The API `etag`: the round's id and version; changes whenever the round changes."""
        return f"{self.uid}.{self.version}"


class Change(db.Model):  # type: ignore[name-defined,misc]
    """The change log of a table: what undo reverts and the JSON export lists as edits.

    `kind`: add/edit/delete (a round), settings, or the entries undo/redo; `round_number` is 0
    for settings, whose `before`/`after` hold name, players, options, closed. `redoable` is
    cleared by the next new change.
    """

    __tablename__ = "changes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    kind: Mapped[str] = mapped_column(String(10))  # add, edit, delete, settings, undo, redo
    round_number: Mapped[int] = mapped_column(Integer)
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    undone: Mapped[bool] = mapped_column(default=False)
    redoable: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    table: Mapped[Table] = relationship(back_populates="changes")


class IdempotencyKey(db.Model):  # type: ignore[name-defined,misc]
    """A remembered `Idempotency-Key` of `POST .../rounds`: the status answered and the round
    it made (the answer is rebuilt from the table as it is then)."""

    __tablename__ = "idempotency_keys"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    key: Mapped[str] = mapped_column(String(100), primary_key=True)
    status: Mapped[int] = mapped_column(Integer)
    # No foreign key: the round may be deleted later while its key is still remembered.
    round_id: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow, index=True
    )
    # The fingerprint of the round it made (app.store.keys): a reuse for another round is
    # refused. None for a key remembered before fingerprints were kept.
    body_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)


class RateLimit(db.Model):  # type: ignore[name-defined,misc]
    """One rate-limit window (`app.web.limits`), in the database so all processes count together."""

    __tablename__ = "rate_limits"

    key: Mapped[str] = mapped_column(String(255), primary_key=True)
    hits: Mapped[int] = mapped_column(Integer)
    expires_at: Mapped[float] = mapped_column(Float)  # seconds since the epoch


class PaidTick(db.Model):  # type: ignore[name-defined,misc]
    """A transfer of a group's Kassensturz ticked paid (or unticked): a log, so a tick can be
    undone. The newest entry not undone per transfer is its state; none means unpaid."""

    __tablename__ = "paid_ticks"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    group_id: Mapped[str] = mapped_column(ForeignKey("groups.id"), index=True)
    # The transfer's stable id (app.settlement.plan.transfer_id).
    transfer_id: Mapped[str] = mapped_column(String(32))
    paid: Mapped[bool] = mapped_column(Boolean)
    undone: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Payment(db.Model):  # type: ignore[name-defined,misc]
    """A payment as it was made: who paid whom how much, for which selection of the group's
    tables, when, from which phone. A fact: only its own deletion removes it; what is still open
    is derived from it and the rounds (app.settlement.account)."""

    __tablename__ = "payments"

    id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True, default=new_public_id)
    group_id: Mapped[str] = mapped_column(ForeignKey("groups.id"), index=True)
    payer: Mapped[str | None] = mapped_column(String(40))  # None: out of the pot
    payee: Mapped[str | None] = mapped_column(String(40))  # None: into the pot
    cents: Mapped[int] = mapped_column(Integer)
    # What it was for: "evening" 2026-11-26, "month" 2026-11 or "tables" id1,id2 (sorted).
    scope_kind: Mapped[str] = mapped_column(String(8))
    scope_key: Mapped[str] = mapped_column(Text)
    # The transfer it was ticked from (so "not paid after all" finds it), if it was.
    transfer_id: Mapped[str | None] = mapped_column(String(32))
    # The phone that recorded it (a random id in its session; "api" for the JSON API).
    phone: Mapped[str | None] = mapped_column(String(32))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class GroupIban(db.Model):  # type: ignore[name-defined,misc]
    """A group member's IBAN (optional), for the payment codes of the Kassensturz; the player
    is kept by the group statistics' key (lower case), so any spelling finds it."""

    __tablename__ = "group_ibans"

    group_id: Mapped[str] = mapped_column(ForeignKey("groups.id"), primary_key=True)
    player_key: Mapped[str] = mapped_column(String(40), primary_key=True)
    iban: Mapped[str] = mapped_column(String(34))
