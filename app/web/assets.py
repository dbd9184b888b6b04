"""Static files linked with their content's hash, kept for a year; answers compressed.

A file asked for with its current hash (`?v=<hash>`) is `immutable` for a year: a changed file
gets a new link. Without it (or with an old one) it is revalidated on every use.
COMPRESS_RESPONSES = False leaves compression to a reverse proxy.
"""

from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from typing import Any

from flask import Flask
from flask import Response
from flask import current_app
from flask import request
from flask_compress import Compress
from werkzeug.security import safe_join

IMMUTABLE = "public, max-age=31536000, immutable"
COMPRESSED_TYPES = [
    "text/html",
    "text/css",
    "text/javascript",
    "application/javascript",
    "application/json",
    "application/manifest+json",
    "image/svg+xml",
]


@lru_cache(maxsize=256)
def content_hash(path: str, _modified: int) -> str:
    """The file's hash (kept per modification time: a file changed in development is read anew)."""
    with open(path, "rb") as file:
        return hashlib.sha256(file.read()).hexdigest()[:12]


def static_hash(filename: str) -> str | None:
    """The hash of a file in the static folder, None if there is no such file."""
    path = safe_join(str(current_app.static_folder), filename)
    try:
        return content_hash(path, os.stat(path).st_mtime_ns) if path else None
    except OSError:
        return None


def add_hash(endpoint: str | None, values: dict[str, Any]) -> None:
    """url_defaults: every link to a static file names its current content."""
    if endpoint == "static" and "v" not in values:
        found = static_hash(str(values.get("filename", "")))
        if found is not None:
            values["v"] = found


def keep_for_a_year(response: Response) -> Response:
    """A static file asked for with its current hash may be kept for a year."""
    if request.endpoint == "static" and response.status_code in (200, 304):
        asked = request.args.get("v")
        if asked and asked == static_hash(str((request.view_args or {}).get("filename"))):
            response.headers["Cache-Control"] = IMMUTABLE
    return response


def compression_wanted(app: Flask) -> bool:
    """COMPRESS_RESPONSES (setting or environment): off when a proxy compresses."""
    value = os.environ.get("COMPRESS_RESPONSES", app.config.get("COMPRESS_RESPONSES", True))
    if isinstance(value, str):
        return value.strip().lower() not in ("0", "false", "no", "off", "")
    return bool(value)


def init_assets(app: Flask) -> None:
    """Hashed static links and their year-long caching; compression unless switched off."""
    if compression_wanted(app):
        app.config.setdefault("COMPRESS_MIMETYPES", COMPRESSED_TYPES)
        app.config.setdefault("COMPRESS_MIN_SIZE", 1024)
        app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])
        # Static files are streamed from disk (send_file): compressed as they go.
        app.config.setdefault("COMPRESS_ALGORITHM_STREAMING", ["br", "gzip"])
        # Registered first, so its hook runs after every other after_request function.
        Compress(app)
    app.url_defaults(add_hash)
    app.after_request(keep_for_a_year)
