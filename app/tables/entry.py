"""The next round's form as the table page carries it (opened in place by "+ Spiel").

The form is the same from round to round: static/js/table.js puts in the round's number, the
dealer and the phone's key when it opens. Its markup is therefore rendered once per table,
language, seats, options and direction of play, and kept (this process, the least recently
used go first); a page takes the kept markup with its own CSRF token put in. Building and
rendering the form is otherwise a third of an editor's page.
"""

from __future__ import annotations

import json
import re
import threading
from collections import OrderedDict
from collections.abc import Hashable

from flask import current_app
from flask import render_template
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from app.scoring.types import Standing
from app.store.models import Table
from app.tables.round_forms import entry_form
from app.web.navigation import current_lang

KEPT = 4096  # forms: one per active table and language
TOKEN = re.compile(r'(name="csrf_token"[^>]*?value=")[^"]*"')


class Kept:
    """Rendered entry forms by what they depend on (thread-safe)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.forms: OrderedDict[Hashable, str] = OrderedDict()

    def get(self, key: Hashable) -> str | None:
        """The kept markup, or None."""
        with self.lock:
            found = self.forms.get(key)
            if found is not None:
                self.forms.move_to_end(key)
            return found

    def put(self, key: Hashable, html: str) -> None:
        """Keep one; the least recently used beyond KEPT go."""
        with self.lock:
            self.forms[key] = html
            while len(self.forms) > KEPT:
                self.forms.popitem(last=False)


def entry_markup(table: Table, standing: Standing) -> Markup:
    """The entry form's markup for this phone (its CSRF token in it)."""
    kept: Kept = current_app.extensions.setdefault("entry_forms", Kept())
    key = (
        table.id,
        current_lang(),
        json.dumps([table.players, table.options], sort_keys=True),
        standing.direction,
    )
    html = kept.get(key)
    if html is None:
        form = entry_form(table, standing.next_dealer)
        html = render_template(
            "tables/_round_entry.html", table=table, form=form, number="{n}", dealer=None
        )
        kept.put(key, TOKEN.sub(r'\1"', html))
    return Markup(TOKEN.sub(lambda found: f'{found[1]}{generate_csrf()}"', html))
