"""Mautisch: score keeping and a rules referee for Mau-Mau tables.

The package itself loads nothing: the factory lives in `app.factory`, so the pure layers (the
engine, the variants' rules and scoring, the settlement, the ratings) import without Flask.
`create_app` is still found here, for `flask --app app` and the WSGI servers.
"""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    """`app.create_app`, loaded on first use (PEP 562) so `import app.engine` stays Flask-free."""
    if name == "create_app":
        from app.factory import create_app

        return create_app
    raise AttributeError(f"module 'app' has no attribute {name!r}")
