"""The frame around every page (menu, head, scripts, templates/base.html): each page gets its
own language, its own marked menu entry and links under the address the app is mounted at."""

from __future__ import annotations

import json
import re

from flask.testing import FlaskClient


def script_texts(page: str) -> dict[str, str]:
    """The texts the page hands its scripts (pwa/_head.html)."""
    found = re.search(r'<script type="application/json" id="script-texts">(.*?)</script>', page)
    assert found is not None
    return dict(json.loads(found[1]))


def menu(page: str) -> list[tuple[str, str, bool]]:
    """The main menu's entries: address, label, and whether it is this page's."""
    nav = re.search(r'<nav class="mainnav"[^>]*>(.*?)</nav>', page, re.S)
    assert nav is not None
    return [
        (href, label, current.strip() == 'aria-current="page"')
        for href, current, label in re.findall(r'<a href="([^"]+)"([^>]*)>([^<]+)</a>', nav[1])
    ]


def test_each_page_gets_the_frame_of_its_language(client: FlaskClient) -> None:
    """German, English, German again in one process: the languages never mix."""
    for lang, offline, tables in (
        ("de", "Offline", "Tische"),
        ("en", "Offline", "Tables"),
        ("de", "Offline", "Tische"),
    ):
        page = client.get(f"/referee?lang={lang}").get_data(as_text=True)
        texts = script_texts(page)
        assert texts["live_offline"] == offline
        assert texts["discard"] == ("Verwerfen" if lang == "de" else "Discard")
        assert ("/", tables, False) in menu(page)
        assert f'<html lang="{lang}">' in page


def test_the_menu_marks_the_page_it_is_on(client: FlaskClient) -> None:
    """The same menu, a different entry marked on each page."""
    home = menu(client.get("/?lang=en").get_data(as_text=True))
    referee = menu(client.get("/referee?lang=en").get_data(as_text=True))
    assert [label for _href, label, current in home if current] == ["Tables"]
    assert [label for _href, label, current in referee if current] == ["Referee"]
    assert [href for href, _label, _current in home] == [href for href, _l, _c in referee]


def test_links_follow_the_address_the_app_is_mounted_at(client: FlaskClient) -> None:
    """Behind a proxy at /mau the frame's links start with /mau; at the root they do not."""
    mounted = client.get("/referee", environ_overrides={"SCRIPT_NAME": "/mau"}).get_data(
        as_text=True
    )
    plain = client.get("/referee").get_data(as_text=True)
    assert re.search(r'href="/mau/static/css/base\.css\?v=[0-9a-f]{12}"', mounted)
    assert ("/mau/referee", "Schiedsrichter", True) in menu(mounted)
    assert '<link rel="manifest" href="/mau/manifest.webmanifest">' in mounted
    assert re.search(r'href="/static/css/base\.css\?v=[0-9a-f]{12}"', plain)
    assert ("/referee", "Schiedsrichter", True) in menu(plain)
