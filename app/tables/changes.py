"""The table page as the changes since a version the phone shows (app.push.pieces).

Every render of the table page (the page, its live copy, the answer to a save) remembers its
pieces' digests under the page's key and version, in memory (`Remembered`: the newest two
versions of each key, the least recently used keys go first). Asked for the changes from a
version it remembers (header `X-Changes-From`), the live copy and a save's answer are JSON:
the new version and the pieces that differ. A version it does not know (another process
rendered it, a restart, a phone long asleep) gets the whole page once, in the same JSON.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from collections.abc import Hashable
from typing import Any

from flask import current_app
from flask import request

from app.push import pieces
from app.rights.phone import can_edit
from app.store.models import Table
from app.web.headers import offline_copy
from app.web.navigation import current_lang

FROM_HEADER = "X-Changes-From"
KEYS = 20_000  # page keys remembered: two per active table and language, a few kilobytes each
VERSIONS = 2  # per key: the phone one change behind is the common case
PAGE = "tables/view.html"
MAIN = "tables/_page.html"  # the page's marked part (<!--p:main-->): what changes are made of
TITLE = "tables/_title.html"  # the page's own title, before the site's name
SITE = "Mautisch"  # as base.html's <title> ends


class Remembered:
    """Signatures of the table pages rendered lately, by page key and version (thread-safe)."""

    def __init__(self, keys: int = KEYS) -> None:
        self.keys = keys
        self.lock = threading.Lock()
        self.kept: OrderedDict[Hashable, dict[int, pieces.Signature]] = OrderedDict()

    def keep(self, key: Hashable, version: int, signature: pieces.Signature) -> None:
        """Remember one version of a key's page (only the newest VERSIONS stay)."""
        with self.lock:
            versions = self.kept.pop(key, {})
            versions[version] = signature
            for old in sorted(versions)[:-VERSIONS]:
                del versions[old]
            self.kept[key] = versions
            while len(self.kept) > self.keys:
                self.kept.popitem(last=False)

    def find(
        self, key: Hashable, version: int | None, now: int
    ) -> tuple[int, pieces.Signature] | None:
        """The signature of `version` (None: the newest kept before `now`), or None."""
        with self.lock:
            versions = self.kept.get(key, {})
            if version is None:
                version = max((v for v in versions if v < now), default=None)
            if version is None or version not in versions or version >= now:
                return None
            return version, versions[version]


def remembered() -> Remembered:
    """This process's signatures (made on first use)."""
    return current_app.extensions.setdefault("table_pieces", Remembered())  # type: ignore[no-any-return]


def page_key(table: Table) -> tuple[Any, ...]:
    """What the page depends on besides the table's state: rights, language, all rounds or
    the newest, and the address the phone uses (links in the page are absolute)."""
    return (
        table.id,
        can_edit(table),
        current_lang(),
        request.args.get("rounds") == "all",
        request.host_url,
    )


def asked_from() -> int | None | str:
    """The version the phone shows, from `X-Changes-From` ("any": whatever is kept)."""
    value = request.headers.get(FROM_HEADER, "")
    if value == "any":
        return value
    return int(value) if value.isdigit() else None


def remember(table: Table, html: str, normal: str | None = None) -> pieces.Piece | None:
    """Keep the digests of this rendered page (`normal`: it normalised, where already made);
    its pieces (None: not marked, or the worker's copy, which no change is applied to and
    which, without the edit link, is not the page this phone shows)."""
    if offline_copy():
        return None
    plain = pieces.parse(pieces.normalised(html) if normal is None else normal)
    if plain is not None:
        remembered().keep(page_key(table), table.version, pieces.signature(plain))
    return plain


def as_changes(
    table: Table, render: Callable[..., str], rounds: int, since: int | str | None, said: str = ""
) -> tuple[str, int | None]:
    """The answer for a phone that shows version `since` ("any": the newest kept): the
    changes since that version and it when it is remembered, else the whole page and None.
    `render(template, **values)`: the caller's page (PAGE) or only its marked main part (MAIN),
    which is all the changes are made of. `said`: the phone's message, shown outside the pieces."""
    base = (
        None
        if since is None
        else remembered().find(
            page_key(table), since if isinstance(since, int) else None, table.version
        )
    )
    if base is None:
        html = render(PAGE)
        remember(table, html)
        return html, None
    # The lazy pictures only as "changed": newer than any version the phone shows.
    main = render(MAIN, pictures_later=True)
    normal = pieces.normalised(main)
    plain = remember(table, main, normal)
    if plain is None:  # the worker's copy, or marks out of balance: the page is sent whole
        return render(PAGE), None
    head = {
        "version": str(table.version),
        "from": str(base[0]),
        "rounds": str(rounds),
        "title": f"{render(TITLE).strip()} · {SITE}",
        "said": said,  # this phone's message ("Spiel 7 gespeichert."), shown on top
    }
    # A part without form tokens (a reader's) is its normalised self: parsed once.
    sent = plain if normal == main else pieces.parse(main, digests=False) or plain
    ops = pieces.changes(base[1], sent, plain)
    return pieces.as_text(ops, head), base[0]
