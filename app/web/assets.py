"""Static files under fingerprinted names, kept for a year; responses compressed.

`url_for("static", filename="css/base.css")` gives `/static/css/base.<digest>.css`, the digest
being the first hex digits of the file's SHA-256. A phone may keep such a file for a year
without asking again (`immutable`): a changed file gets a new name, and the pages (and the
service worker, app.pwa) link the new one. An old or plain name still answers, revalidated on
every use as before, so a page kept offline finds its files.

Answers are compressed (br, gzip) by Flask-Compress: HTML, CSS, JavaScript, JSON and SVG above
1 KB. COMPRESS_RESPONSES = False (or the environment variable COMPRESS_RESPONSES=0) leaves that
to a reverse proxy that compresses. A fingerprinted file is compressed once per process: its
name says its content, so the compressed copy can never be stale; so is a kept table page
(keyed by the table's version, app.tables.derived).
"""

from __future__ import annotations

import hashlib
import mimetypes
import os
import re
import threading
from collections import OrderedDict
from typing import Any

from flask import Flask
from flask import Request
from flask import Response
from flask import current_app
from flask import g
from flask import request
from flask_compress import Compress

YEAR = 365 * 24 * 3600
IMMUTABLE = f"public, max-age={YEAR}, immutable"
DIGEST_LENGTH = 12
KEPT_COPIES = 512  # compressed answers kept per process (files and kept pages, per encoding)
# "css/base.0123456789ab.css" -> "css/base", "0123456789ab", ".css"
FINGERPRINTED = re.compile(
    rf"^(?P<stem>.+)\.(?P<digest>[0-9a-f]{{{DIGEST_LENGTH}}})(?P<ext>\.\w+)$"
)
COMPRESSED_TYPES = [
    "text/html",
    "text/css",
    "text/javascript",
    "application/javascript",
    "application/json",
    "application/manifest+json",
    "image/svg+xml",
]
# The static file's content, keyed by its path and modification time (a changed file in
# development gets a new digest at once).
_files: dict[str, tuple[float, str, bytes]] = {}
_names: dict[str, str] = {}


def read_static(filename: str) -> tuple[str, bytes] | None:
    """The digest and content of a file in the static folder, None if there is no such file."""
    folder = str(current_app.static_folder)
    path = os.path.realpath(os.path.join(folder, filename))
    if not path.startswith(os.path.realpath(folder) + os.sep):
        return None
    try:
        mtime = os.stat(path).st_mtime
    except OSError:
        return None
    known = _files.get(path)
    if known is None or known[0] != mtime:
        with open(path, "rb") as file:
            content = file.read()
        known = (mtime, hashlib.sha256(content).hexdigest()[:DIGEST_LENGTH], content)
        _files[path] = known
    return known[1], known[2]


def fingerprinted_name(filename: str) -> str:
    """`css/base.css` -> `css/base.<digest>.css`; a file that is not there keeps its name.

    A page links several files: their names are worked out once per process (in debug mode,
    where files change under a running app, on every link).
    """
    known = _names.get(filename)
    if known is not None and not current_app.debug:
        return known
    found = read_static(filename)
    if found is None:
        return filename
    stem, ext = os.path.splitext(filename)
    name = f"{stem}.{found[0]}{ext}"
    _names[filename] = name
    return name


def current_file(filename: str) -> tuple[str, bytes] | None:
    """For a fingerprinted name whose digest is the file's current one: the digest, the content."""
    match = FINGERPRINTED.match(filename)
    if match is None:
        return None
    found = read_static(match["stem"] + match["ext"])
    return found if found is not None and found[0] == match["digest"] else None


def add_fingerprint(endpoint: str | None, values: dict[str, Any]) -> None:
    """url_defaults: every link to a static file names its current content."""
    if endpoint == "static" and isinstance(values.get("filename"), str):
        values["filename"] = fingerprinted_name(values["filename"])


def static_file(filename: str) -> Response:
    """A fingerprinted file for a year; any other name as Flask serves it (revalidated)."""
    found = current_file(filename)
    if found is None:
        # A page kept from before a file changed names its old digest: it gets the file as
        # it is now, revalidated like any plain name.
        match = FINGERPRINTED.match(filename)
        plain = match["stem"] + match["ext"] if match and read_static(filename) is None else None
        return current_app.send_static_file(plain or filename)
    digest, content = found
    mimetype = mimetypes.guess_type(filename)[0] or "application/octet-stream"
    response = Response(content, mimetype=mimetype)
    response.headers["Cache-Control"] = IMMUTABLE
    response.set_etag(digest)
    response.make_conditional(request)
    return response


def compress_cache_key(req: Request) -> str:
    """The key of an answer whose compressed copy may be kept, "" for any other.

    A current fingerprinted file (its name says its content), and a page kept by its content's
    version (`g.kept_as`, set by app.tables.derived): neither can ever be stale.
    """
    filename = (req.view_args or {}).get("filename")
    if req.endpoint == "static" and isinstance(filename, str) and current_file(filename):
        return req.path
    return str(g.get("kept_as", ""))


class CompressedCopies:
    """Flask-Compress's cache: the newest compressed copies of keyed answers, nothing else."""

    def __init__(self) -> None:
        """An empty cache."""
        self.kept: OrderedDict[str, bytes] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: str) -> bytes | None:
        """The kept copy; never one for an answer without a key (flash messages, JSON)."""
        if key.endswith(";"):
            return None
        with self.lock:
            found = self.kept.get(key)
            if found is not None:
                self.kept.move_to_end(key)
            return found

    def set(self, key: str, value: bytes) -> None:
        """Keep the compressed copy of a keyed answer (the least recently used go first)."""
        if key.endswith(";"):
            return
        with self.lock:
            self.kept[key] = value
            while len(self.kept) > KEPT_COPIES:
                self.kept.popitem(last=False)


class Compression(Compress):
    """Flask-Compress, letting a short answer (a referee verdict, a version, a 304) go at once:
    below COMPRESS_MIN_SIZE it is sent as it is whatever the phone accepts, so it needs none of
    the checks (nor a `Vary: Accept-Encoding`, as it never varies by it)."""

    min_size = 0

    def init_app(self, app: Flask) -> None:
        """Flask-Compress's set-up, then the size below which nothing is compressed."""
        super().init_app(app)
        self.min_size = int(app.config["COMPRESS_MIN_SIZE"])

    def after_request(self, response: Response | None) -> Response:
        """Compress the answer as Flask-Compress does, unless it is known to be short."""
        if response is not None:
            length = response.content_length
            if length is not None and length < self.min_size:
                return response
        return super().after_request(response)


def compression_wanted(app: Flask) -> bool:
    """COMPRESS_RESPONSES (setting or environment): off when a proxy compresses."""
    value = os.environ.get("COMPRESS_RESPONSES", app.config.get("COMPRESS_RESPONSES", True))
    if isinstance(value, str):
        return value.strip().lower() not in ("0", "false", "no", "off", "")
    return bool(value)


def init_assets(app: Flask) -> None:
    """Fingerprinted static links and their year-long caching; compression unless switched off."""
    app.url_defaults(add_fingerprint)
    app.view_functions["static"] = static_file
    if not compression_wanted(app):
        return
    app.config.setdefault("COMPRESS_MIMETYPES", COMPRESSED_TYPES)
    app.config.setdefault("COMPRESS_MIN_SIZE", 1024)
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])
    # Static files under their plain names are streamed from disk: sent as they are.
    app.config.setdefault("COMPRESS_STREAMS", False)
    app.config.setdefault("COMPRESS_CACHE_BACKEND", CompressedCopies)
    app.config.setdefault("COMPRESS_CACHE_KEY", compress_cache_key)
    Compression(app)


STATIC_LITERAL = re.compile(r'"/static/(?P<name>[^"]+)"')


def with_fingerprints(source: str) -> str:
    """A script with each quoted `"/static/<name>"` replaced by the file's fingerprinted link.

    The service worker lists the files it keeps for offline use: it must keep the very names
    the pages link, and a changed file changes the worker, so the phones fetch the new one.
    """
    from flask import url_for

    return STATIC_LITERAL.sub(
        lambda match: '"' + url_for("static", filename=match["name"]) + '"', source
    )
