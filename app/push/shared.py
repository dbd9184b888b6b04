"""Pages that several watching phones see alike, rendered once per version of their table.

The phones of one table hear of a change at the same moment, and their renders start together
in worker threads: the first renders while the others wait for it on the key's lock, then take
its page. A page of a version at least as new as the one asked for is taken as it is (a phone
is never sent an older page than the change it was told of).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from collections.abc import Hashable

KEPT = 256  # keys: only the burst after a change needs them, the oldest go first


class Entry:
    """One key's newest page and the lock its renders take turns on."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.version = -1
        self.html: str | None = None


class Shared:
    """The newest page per key, for the phones that share it (thread-safe)."""

    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self.lock = threading.Lock()
        self.entries: OrderedDict[Hashable, Entry] = OrderedDict()

    def entry(self, key: Hashable) -> Entry:
        """The key's entry, made if new; the least recently used beyond `kept` are dropped."""
        with self.lock:
            found = self.entries.get(key)
            if found is None:
                found = self.entries[key] = Entry()
            self.entries.move_to_end(key)
            while len(self.entries) > self.kept:
                self.entries.popitem(last=False)
            return found

    def get(
        self, key: Hashable, version: int, render: Callable[[], tuple[str | None, int]]
    ) -> str | None:
        """The page for `key` at `version` or newer: kept, or rendered now (`render` returns
        the page and the version it shows; a page that could not be had is not kept)."""
        entry = self.entry(key)
        with entry.lock:
            if entry.html is not None and entry.version >= version:
                return entry.html
            html, shown = render()
            if html is not None:
                entry.html, entry.version = html, shown
            return html
