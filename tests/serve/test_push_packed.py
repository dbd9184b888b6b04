"""A pushed page is compressed once and sent as the same bytes to every phone of its key.

The gzipped stream a phone reads (header, then the runs of each event) inflates to the events it
would have read unzipped; an editor's copy carries its own CSRF token and a fresh idempotency
key, the rest of its bytes are those every editor gets.
"""

from __future__ import annotations

import re
import zlib

from app.push.events import PINGED
from app.push.packed import GZIP_HEADER
from app.push.packed import SharedPage
from app.push.packed import deflated
from app.push.render import Role

PAGE = "\n".join(
    ['<main id="table">', "<p>Anna 12 · Ben 3</p>" * 40]
    + [
        f'<form method="post"><input type="hidden" name="csrf_token" value="SHARED">'
        f'<input type="hidden" name="idempotency_key" value="SHARED"><button>{n}</button></form>'
        for n in range(3)
    ]
    + ["</main>"]
)


def inflate(stream: bytes) -> bytes:
    """What a browser reads from a gzipped stream (no end: the stream is still open)."""
    return zlib.decompressobj(31).decompress(stream)


def test_an_editors_page_inflates_to_its_own_page() -> None:
    shared = SharedPage(PAGE, editor=True)
    role = Role(editor=True, lang="de", token="phone-token")
    packed = shared.body(7, role, gzip=True)
    text = inflate(GZIP_HEADER + deflated(PINGED, small=True) + packed).decode()

    assert text.startswith(PINGED.decode() + "id: 7\nevent: page\ndata: <main")
    assert re.findall(r'name="csrf_token" value="([^"]*)"', text) == ["phone-token"] * 3
    keys = set(re.findall(r'name="idempotency_key" value="([^"]*)"', text))
    assert len(keys) == 1 and re.fullmatch(r"[0-9a-f]{32}", keys.pop())
    assert "SHARED" not in text and text.count("<p>Anna 12 · Ben 3</p>") == 40


def test_the_compressed_page_is_the_same_bytes_for_every_phone() -> None:
    shared = SharedPage(PAGE, editor=False)
    role = Role(editor=False, lang="de", token=None)
    first, second = shared.body(3, role, gzip=True), shared.body(3, role, gzip=True)
    plain = shared.body(3, role, gzip=False)

    assert first == second
    assert inflate(GZIP_HEADER + first) == plain
    assert plain.count(b'value="SHARED"') == 6  # a reader's page keeps what was rendered
    assert len(first) < len(plain) / 4  # compressed indeed


def test_editors_share_all_but_their_tokens() -> None:
    shared = SharedPage(PAGE, editor=True)
    one = shared.body(3, Role(True, "de", "token-one"), gzip=True)
    two = shared.body(3, Role(True, "de", "token-two"), gzip=True)
    for run in shared.packed:
        assert run in one and run in two
    assert sum(map(len, shared.packed)) > len(one) * 3 / 4
