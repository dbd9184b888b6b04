"""What a table page shows that follows from the table's rounds, kept per table version.

Every change of a table bumps its `version` (app.store), so the standing (app.standings),
the chart and the settlement picture of one version never change: they are computed once per
version and language and kept for the next phone that looks (a table watched by several phones
asks for the same version once per phone after every round). A change is a new version, so a
kept copy can never be shown for a table that moved on.

The rendered page is kept too, keyed by the version and everything else it shows
(`page_key`): a phone that looks again, or the next phone, gets it without a new rendering.

The grid shows the newest rounds (ROWS_SHOWN) with a link to all of them: a phone at an
evening's 400th round needs the last ones, and the totals are always those of every round.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any
from typing import NamedTuple

from flask import current_app
from flask import g
from flask import request
from flask import session
from flask_babel import gettext as _
from markupsafe import Markup
from markupsafe import escape

from app.device import GuardedTable
from app.device import can_edit
from app.device import edit_link
from app.models import Table
from app.navigation import current_lang
from app.scoring import Standing
from app.standings import versioned_standing
from app.store import TableHead
from app.tables.display import say
from app.tables.display import team_label
from app.tables.pictures import running_totals_chart
from app.tables.pictures import settlement_picture

ROWS_SHOWN = 30
KEPT_TABLES = 256


class Derived(NamedTuple):
    """A table version's standing and pictures (the pictures in one language)."""

    standing: Standing
    chart: Markup | None
    settlement_picture: Markup | None


class SetEnd(NamedTuple):
    """A set decided by a game (dop.set): its number, games per team and winning team."""

    number: int
    a: int
    b: int
    winner: str


class GridRow(NamedTuple):
    """One row of the rounds grid: its number, points, running totals and per-round extras,
    and the set this game decided (the grid closes each set with a row of its result)."""

    number: int
    points: Any
    running: Any
    detail: dict[str, Any]
    set_end: SetEnd | None = None


_pictures: OrderedDict[tuple[str, int, str], Derived] = OrderedDict()
# A threaded server (waitress) serves several pages of one process at once.
_lock = threading.Lock()


def kept(cache: OrderedDict[Any, Any], key: Any) -> Any:
    """The kept value (now the most recently used), or None."""
    with _lock:
        found = cache.get(key)
        if found is not None:
            cache.move_to_end(key)
        return found


def keep(cache: OrderedDict[Any, Any], key: Any, value: Any) -> None:
    """Keep a value, dropping the least recently used beyond KEPT_TABLES."""
    with _lock:
        cache[key] = value
        while len(cache) > KEPT_TABLES:
            cache.popitem(last=False)


def derived(table: Table) -> Derived:
    """The standing and the pictures of the table's version, in the page's language."""
    key = (table.id, table.version, current_lang())
    found: Derived | None = kept(_pictures, key)
    if found is not None:
        return found
    standing, version = versioned_standing(table)
    made = Derived(
        standing, running_totals_chart(table, standing), settlement_picture(table, standing)
    )
    if version == table.version:  # else a change came in between: this view's alone
        keep(_pictures, key, made)
    return made


def grid_rows(standing: Standing, show_all: bool) -> list[GridRow]:
    """The rows the grid shows: the newest ROWS_SHOWN rounds, or all of them."""
    count = len(standing.round_points)
    first = 0 if show_all else max(0, count - ROWS_SHOWN)
    details = standing.details
    ends = set_ends(standing)
    return [
        GridRow(
            row + 1,
            standing.round_points[row],
            standing.running_totals[row],
            details[row] if row < len(details) else {},
            ends.get(row + 1),
        )
        for row in range(first, count)
    ]


def set_ends(standing: Standing) -> dict[int, SetEnd]:
    """The decided sets by the number of the game that decided each (dop.set; none elsewhere).

    Every game is won by one team, so a set holds as many games as both teams won in it.
    """
    ends: dict[int, SetEnd] = {}
    games = 0
    for number, one_set in enumerate(standing.sets or [], start=1):
        games += one_set["A"] + one_set["B"]
        if one_set["winner"]:
            ends[games] = SetEnd(number, one_set["A"], one_set["B"], one_set["winner"])
    return ends


def grid_body(table: Table, rows: list[GridRow], round_link: str, correct: str) -> Markup:
    """The grid's rows as HTML (tables/_grid.html puts them between its head and its sums).

    Built here, not in the template: a grid of 30 (or, on request, 400) rounds is hundreds of
    cells, and Jinja pays per cell several times what joining strings costs; the numbers need
    no escaping, the suit comes from the one macro (_macros.html `suit`). `round_link` (an
    editor's round address without its number) and `correct` (the edit link's label with
    `{n}`) are empty for a reader.
    """
    definition = table.definition
    suit = current_app.jinja_env.get_template("_macros.html").module.suit  # type: ignore[attr-defined]
    parts: list[str] = []
    for row in rows:
        number = row.number
        if round_link:
            link = f"{round_link}{number}"
            label = escape(correct.replace("{n}", str(number)))
            parts.append(
                f'<tr data-href="{link}" class="editable"><th scope="row" class="sticky">'
                f'<a class="round-link" href="{link}" aria-label="{label}">{number} '
                f'<span aria-hidden="true">✎</span></a>'
            )
        else:
            parts.append(f'<tr><th scope="row" class="sticky">{number}')
        jack_suit = row.detail.get("jack_suit")
        if jack_suit:
            parts.append(f" {suit(jack_suit)}")
        parts.append("</th>")
        points, running = row.points, row.running
        if definition.team_scores:
            for team in ("A", "B"):
                won = "✓" if points[team] else ""
                parts.append(
                    f'<td><span class="running">{running[team]}</span>'
                    f'<small class="delta won">{won}</small></td>'
                )
        else:
            doubled_seats = row.detail.get("doubled", ())
            for seat, value in enumerate(points):
                doubled = seat in doubled_seats
                if definition.scores_wins:
                    delta = "✓" if value else ""
                else:
                    delta = f"{value} (×2)" if doubled else str(value)
                parts.append(
                    f'<td><span class="running">{running[seat]}</span>'
                    f'<small class="delta{" doubled" if doubled else ""}">{delta}</small></td>'
                )
        parts.append("</tr>\n")
        if row.set_end is not None:
            parts.append(set_row(table, row.set_end))
    return Markup("".join(parts))


def set_row(table: Table, ended: SetEnd) -> str:
    """The row that closes a set in the grid: its number, games and winning team (dop.set)."""
    words = "{}: A {} : {} B — {}".format(
        _("Set %(n)s", n=ended.number),
        ended.a,
        ended.b,
        _("won by %(team)s", team=team_label(table, ended.winner)),
    )
    return f'<tr class="set-result"><th scope="row" colspan="3">{escape(words)}</th></tr>\n'


def correct_label(table: Table) -> str:
    """The screen-reader label of a round's edit link, with `{n}` for the round's number, in
    the variant's word ("Korrigieren: Spiel {n}")."""
    return _("Correct: %(what)s", what=say(table.definition.round_words.one, n="{n}"))


_pages: OrderedDict[tuple[Any, ...], str] = OrderedDict()


class Editor(NamedTuple):
    """What this phone may do at the table: edit it, and the edit link it may pass on."""

    may_edit: bool
    link: str | None


def editor_of(table: GuardedTable) -> Editor:
    """This phone's rights at the table (app.device decides)."""
    link = edit_link(table)
    return Editor(can_edit(table), link.url if link is not None else None)


class Rendered(NamedTuple):
    """A table page and the table version it shows."""

    html: str
    version: int


def page_key(head: TableHead, kind: str, editor: Editor) -> tuple[Any, ...] | None:
    """What a rendered table page depends on beyond the table's version; None: do not keep it.

    The address (host-aware links, the language links, `?rounds=all`), the language, the
    group's name, and for an editor the links and the form token this phone gets. A page with
    flash messages is never kept: they belong to that one view.
    """
    if current_app.debug or (kind == "page" and session.get("_flashes")):
        return None
    group = head.group.name if head.group is not None else None
    csrf_field = current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token")
    secret = session.get(csrf_field) if editor.may_edit else None
    return (kind, head.id, head.version, current_lang(), request.url, group, editor, secret)


def kept_page(
    head: TableHead, kind: str, editor: Editor, render: Callable[[], Rendered]
) -> Rendered:
    """The table page of the head's version as rendered before for the same key, or freshly.

    Only the head is read to find a kept page (app.store.table_head); `render` reads the table
    itself. A page rendered at another version than the head's (a change came in between) is
    shown but not kept: it is not the page of the head's version."""
    key = page_key(head, kind, editor)
    if key is None:
        return render()
    found: str | None = kept(_pages, key)
    if found is None:
        page = render()
        if page.version != head.version:
            return page
        found = page.html
        keep(_pages, key, found)
    # Its compressed copy may be kept under the same key (app.assets).
    g.kept_as = hashlib.sha256(repr(key).encode()).hexdigest()
    return Rendered(found, head.version)
