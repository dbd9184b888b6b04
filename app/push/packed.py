"""A pushed page as an event, framed and compressed once for every phone of its key.

A gzipped stream is one gzip member (RFC 1952) whose deflate data (RFC 1951) may be any run of
non-final blocks. Text compressed alone and ended with a sync flush is such a run, and refers to
nothing before it, so runs compressed separately can follow one another in any phone's stream.
A page is therefore compressed once per table version and key, in the worker thread that
rendered it, and the same bytes go to every phone: a stream keeps no compressor of its own (one
costs a quarter of a megabyte while the stream is open). An editor's page differs from phone to
phone only in its form tokens; they cut the page into runs, and each phone's tokens are
compressed on their own between them. The page id is the phone's own too (the version it asked
for).
"""

from __future__ import annotations

import uuid
import zlib

from app.push.render import PER_PHONE
from app.push.render import Role

# A gzip member's header: deflate, no name, no time, unknown system.
GZIP_HEADER = bytes([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 255])


def deflated(data: bytes, small: bool = False) -> bytes:
    """`data` as raw deflate blocks that refer to nothing before them, sync-flushed (not final).
    `small`: a few bytes for one phone, with a compressor of a few kilobytes, dropped at once."""
    packer = (
        zlib.compressobj(6, zlib.DEFLATED, -9, 1)
        if small
        else zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    )
    return packer.compress(data) + packer.flush(zlib.Z_SYNC_FLUSH)


def runs(html: str, editor: bool) -> tuple[list[bytes], list[str]]:
    """The page as the "page" event: its runs of text between the phone's tokens, and which
    token follows each run but the last (a reader's page is one run: it has no tokens)."""
    lines = "".join(f"data: {line}\n" for line in html.splitlines())
    framed = f"event: page\n{lines}\n"
    plain: list[bytes] = []
    slots: list[str] = []
    start = 0
    for found in PER_PHONE.finditer(framed) if editor else ():
        plain.append(framed[start : found.end(1)].encode())
        slots.append(found[2])
        start = found.end() - 1  # the closing quote starts the next run
    plain.append(framed[start:].encode())
    return plain, slots


class SharedPage:
    """One rendered page as the "page" event, its runs compressed once (kept: the page and
    those; a phone that takes no gzip gets the runs framed anew, a rare case)."""

    def __init__(self, html: str, editor: bool, base: int | None = None) -> None:
        self.html = html
        self.editor = editor
        self.base = base  # the html is the changes since this version (None: the page)
        plain, self.slots = runs(html, editor)
        self.packed = [deflated(run) for run in plain]

    def body(self, version: int, role: Role, gzip: bool) -> bytes:
        """The event as this phone gets it: its id, its tokens; deflate runs when `gzip`."""
        key = uuid.uuid4().hex  # a one-tap save of this page is this phone's own
        values = {"csrf_token": role.token or "", "idempotency_key": key}
        head = f"id: {version}\n".encode()
        parts = [deflated(head, small=True) if gzip else head]
        pieces = self.packed if gzip else runs(self.html, self.editor)[0]
        for run, slot in zip(pieces, [*self.slots, None], strict=True):
            parts.append(run)
            if slot is not None:
                value = values[slot].encode()
                parts.append(deflated(value, small=True) if gzip else value)
        return b"".join(parts)
