"""A page as marked pieces, and what changed between two versions of it.

The table page marks its parts with comments, `<!--p:key-->…<!--/p:key-->`, each around
whole sibling nodes, nested where a part has parts of its own (the rounds grid's rows). A
version of the page is remembered by its pieces' digests only (`Signature`, a few kilobytes);
the next version is then sent as the pieces that differ (`changes`): a piece whose own text
changed is sent whole, a list whose members were added, dropped or reordered is sent as its
new order plus the new members, anything unchanged is left out. A phone applies them to the
page it shows (static/js/live.js), so a new round costs one row and the totals, not the page.

The phone's own form tokens and the version attributes the script keeps itself are left out
of the digests, so they never make a piece look changed.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from dataclasses import field
from html import escape
from typing import Any

MARK = re.compile(r"<!--(/?)p:([\w.-]+)-->")
ROOT = "main"
LAZY = "lazy."  # a piece sent only as "changed": the phone fetches it when it comes into view
PLACE = re.compile("\0[^\0]*\0")  # a part's place in its parent's own text
# Per phone or kept by the script: not a change of the page (app.push.render's tokens too).
UNCOUNTED = re.compile(
    r'((?:name="(?:csrf_token|idempotency_key)"[^>]*?value=)|(?:data-(?:version|rounds)=))"[^"]*"'
)
Op = dict[str, Any]


@dataclass
class Piece:
    """One marked part: its text and that text's digest, the digest of its own text (parts
    replaced by their keys), the digest of that without the parts (a list's frame), and its
    parts in order."""

    key: str
    html: str = ""
    whole: str = ""
    own: str = ""
    frame: str = ""
    parts: list[Piece] = field(default_factory=list)


@dataclass(frozen=True)
class Digest:
    """What a later version is compared with: digests of the piece's text, own text, frame."""

    html: str
    own: str
    frame: str


Signature = dict[str, Digest]


def digest(text: str) -> str:
    """A short digest of some text (not a secret: collisions only cost a full page)."""
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def parse(html: str, digests: bool = True) -> Piece | None:
    """The page's root piece with its parts (None: the page has no root marks, or they are
    unbalanced, and is sent whole). `digests`: False for a copy only its texts are taken from."""
    stack: list[tuple[Piece, int, int, list[str]]] = []  # piece, start, cursor, own texts
    root: Piece | None = None
    for mark in MARK.finditer(html):
        closing, key = mark[1] == "/", mark[2]
        if not closing:
            if stack:
                above = stack[-1]
                above[3].append(html[above[2] : mark.start()])
            stack.append((Piece(key), mark.end(), mark.end(), []))
            continue
        if not stack or stack[-1][0].key != key:
            return None
        piece, start, cursor, texts = stack.pop()
        texts.append(html[cursor : mark.start()])
        piece.html = html[start : mark.start()]
        if digests:
            own = "".join(texts)
            piece.whole = digest(piece.html)
            piece.own = digest(own)
            piece.frame = digest("".join(PLACE.sub("", own).split()))
        if stack:
            holder, held_from, _cursor, held_texts = stack.pop()
            held_texts.append(f"\0{key}\0")
            holder.parts.append(piece)
            stack.append((holder, held_from, mark.end(), held_texts))
        elif key == ROOT:
            root = piece
    return root if not stack else None


def normalised(html: str) -> str:
    """The page with what is not a change blanked (tokens, the version the script keeps)."""
    return UNCOUNTED.sub(r'\1""', html)


def signature(root: Piece) -> Signature:
    """Every piece's digests by key."""
    found: Signature = {}
    stack = [root]
    while stack:
        piece = stack.pop()
        found[piece.key] = Digest(piece.whole, piece.own, piece.frame)
        stack.extend(piece.parts)
    return found


def changes(before: Signature, after: Piece, compared: Piece | None = None) -> list[Op]:
    """The operations that turn the page of `before` into `after` (`compared`: `after` with
    its tokens blanked, for the digests; its texts are what is sent)."""
    ops: list[Op] = []
    walk(before, after, compared or after, ops)
    return ops


def walk(before: Signature, piece: Piece, plain: Piece, ops: list[Op]) -> None:
    """Add what it takes to bring one piece up to date."""
    was = before.get(plain.key)
    if was is None:
        ops.append({"k": piece.key, "h": piece.html})
        return
    if was.html == plain.whole:
        return
    if piece.key.startswith(LAZY):
        ops.append({"k": piece.key, "lazy": True})
        return
    if was.own == plain.own or was.frame == plain.frame:
        if was.own != plain.own:  # only its parts came, went or moved: a list
            ops.append({"k": piece.key, "o": [part.key for part in piece.parts]})
        for part, plain_part in zip(piece.parts, plain.parts, strict=True):
            walk(before, part, plain_part, ops)
        return
    ops.append({"k": piece.key, "h": piece.html})


def as_text(ops: list[Op], head: dict[str, str]) -> str:
    """The changes as HTML the phone parses: a head template with `head` as data attributes,
    then one template per operation (its piece's text inside, a list's order, or "lazy").
    HTML, not JSON: the phone's form tokens are put in as in a page (app.push.packed)."""
    attrs = "".join(f' data-{name}="{escape(value)}"' for name, value in head.items())
    out = [f"<template data-changes{attrs}></template>"]
    for op in ops:
        extra = ' data-lazy=""' if op.get("lazy") else ""
        if "o" in op:
            extra = f' data-o="{escape(" ".join(op["o"]))}"'
        out.append(f'<template data-k="{escape(op["k"])}"{extra}>{op.get("h", "")}</template>')
    return "\n".join(out)


def piece_text(html: str, key: str) -> str:
    """The text of one piece of a page ("" when the page has no such piece)."""
    root = parse(html, digests=False)
    stack = [root] if root is not None else []
    while stack:
        piece = stack.pop()
        if piece.key == key:
            return piece.html
        stack.extend(piece.parts)
    return ""
