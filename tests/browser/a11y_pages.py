"""A played evening for the accessibility tests: a group whose players include a long name,
one finished table of every variant (the registry's, each with its own example rounds), and
the list of every page a person meets that evening, found by following the group page's links.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

from app.store.db import db
from app.store.models import Group
from app.variants.registry import VARIANT_IDS
from tests.groups.samples import SAMPLES
from tests.helpers import played_table
from tests.variants.examples import examples

# A long name with no place to break but its hyphens: it must wrap, not widen the page.
LONG = "Annegret-Katharina Müller-Lüdenscheidt"
PLAYERS = [LONG, "Ben", "Cem", "Dora"]
LINK = re.compile(r'href="(/[^"#]*)"')


def played_evening(live_server: Any) -> tuple[str, str, list[str]]:
    """The group id, its edit token and the ids of its tables (one per variant, played)."""
    with live_server.app.app_context():
        group = Group(name="Stammtisch zur Krone am Donnerstagabend", players=PLAYERS)
        token = group.set_edit_token()
        db.session.add(group)
        db.session.commit()
        tables = []
        for variant in VARIANT_IDS:
            options, rounds = SAMPLES[variant]  # made for four players
            tables.append(played_table(variant, PLAYERS, options, rounds, "", group.id).id)
        return group.id, token, tables


def running_tables(live_server: Any, group_id: str) -> list[str]:
    """One table of every variant still being played (its first round only) in the group."""
    with live_server.app.app_context():
        running = []
        for variant in VARIANT_IDS:
            options, rounds = SAMPLES[variant]
            running.append(played_table(variant, PLAYERS, options, rounds[:1], "", group_id).id)
        return running


def links(html: str, prefix: str) -> list[str]:
    """The page's own links that start with `prefix` (no downloads, no actions)."""
    found = []
    for href in LINK.findall(html.replace("&amp;", "&")):
        path = urlsplit(href).path
        if path.startswith(prefix) and not path.endswith((".pdf", ".png", ".csv", ".json", ".svg")):
            found.append(href)
    return found


def evening_pages(live_server: Any) -> list[str]:
    """Every page of a played evening: each table (and its round form, settings), the group,
    its evening, month and players, the referee with an answer for every variant, the rules,
    the sheets, the home page, the forms and an error page."""
    group_id, token, tables = played_evening(live_server)
    running = running_tables(live_server, group_id)
    client = live_server.app.test_client()
    client.get(f"/g/{group_id}/edit/{token}")
    group_page = client.get(f"/g/{group_id}").get_data(as_text=True)
    # The group's edit link first: the browser then sees every page as the group's editor
    # (round forms, ticks, settings), the group page itself once more as a viewer would not.
    pages = [f"/g/{group_id}/edit/{token}", f"/g/{group_id}"]
    for href in links(group_page, f"/g/{group_id}/"):
        if ("/abend/" in href or "/p/" in href) and href not in pages:
            pages.append(href)
    evenings = [p for p in pages if "/abend/" in p]
    for evening in evenings:
        for href in links(client.get(evening).get_data(as_text=True), f"/g/{group_id}/abend/"):
            if href.split("?")[0] not in [p.split("?")[0] for p in pages]:
                pages.append(href)
    if evenings:  # a wrong kitty holder: the page with its error summary
        pages.append(f"{evenings[0]}?mode=kasse&kasse=Niemand")
    for table_id in tables:  # finished: a round is corrected, not added
        pages += [f"/t/{table_id}", f"/t/{table_id}/rounds/1", f"/t/{table_id}/settings"]
    for table_id in running:
        pages += [f"/t/{table_id}", f"/t/{table_id}/rounds/new"]
    for variant in VARIANT_IDS:
        top = examples(variant).PLAIN_TOP
        pages.append(f"/referee?variant={variant}&top={top}&play={top}")
        pages.append(f"/rules/{variant}")
    pages.append("/referee?variant=dynamisch&top=H7&play=H8&players=9")  # refused: its errors
    pages += ["/", "/groups", "/t/new", "/rules", "/sheets", "/help/https", "/t/nichtda"]
    return pages


def with_lang(url: str, lang: str) -> str:
    """The address with the interface language chosen."""
    return f"{url}{'&' if '?' in url else '?'}lang={lang}"
