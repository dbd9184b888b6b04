"""A page as marked pieces (app.push.pieces): what a change sends, on hand-made pages."""

from __future__ import annotations

from app.push.pieces import changes
from app.push.pieces import normalised
from app.push.pieces import parse
from app.push.pieces import piece_text
from app.push.pieces import signature


def page(rows: list[int], total: int, chart: str = "a", token: str = "t1") -> str:
    """A page with a heading, a list of rows, a total, a token field and a lazy picture."""
    listed = " ".join(f"<!--p:r{n}--><tr><td>{n}</td></tr><!--/p:r{n}-->" for n in rows)
    return (
        "<title>T</title><!--p:main--><h1>Table</h1>"
        f'<input name="csrf_token" type="hidden" value="{token}">'
        f"<!--p:rows-->{listed}<!--/p:rows--><!--p:total--><b>{total}</b><!--/p:total-->"
        f"<!--p:lazy.chart--><svg>{chart}</svg><!--/p:lazy.chart--><!--/p:main-->"
    )


def ops_between(before: str, after: str) -> list[dict[str, object]]:
    """The changes from one page to the next, as a phone is sent them."""
    known = parse(normalised(before))
    fresh = parse(after)
    assert known is not None and fresh is not None
    return changes(signature(known), fresh, parse(normalised(after)))


def test_a_new_row_sends_the_row_the_order_and_the_total() -> None:
    ops = ops_between(page([1, 2], 5), page([1, 2, 3], 9))
    assert ops == [
        {"k": "rows", "o": ["r1", "r2", "r3"]},
        {"k": "r3", "h": "<tr><td>3</td></tr>"},
        {"k": "total", "h": "<b>9</b>"},
    ]


def test_a_row_dropped_from_the_top_is_only_the_new_order() -> None:
    ops = ops_between(page([1, 2, 3], 9), page([2, 3, 4], 9))
    assert ops == [{"k": "rows", "o": ["r2", "r3", "r4"]}, {"k": "r4", "h": "<tr><td>4</td></tr>"}]


def test_nothing_changed_sends_nothing_and_a_token_is_no_change() -> None:
    assert ops_between(page([1], 1), page([1], 1)) == []
    assert ops_between(page([1], 1, token="t1"), page([1], 1, token="t2")) == []


def test_a_changed_picture_is_only_named_and_fetched_when_seen() -> None:
    assert ops_between(page([1], 1, chart="a"), page([1], 1, chart="b")) == [
        {"k": "lazy.chart", "lazy": True}
    ]
    assert piece_text(page([1], 1, chart="b"), "lazy.chart") == "<svg>b</svg>"


def test_a_changed_frame_sends_the_piece_whole() -> None:
    before = page([1], 1)
    after = before.replace("<!--p:rows-->", "<!--p:rows--><caption>x</caption>")
    assert ops_between(before, after) == [
        {"k": "rows", "h": "<caption>x</caption><!--p:r1--><tr><td>1</td></tr><!--/p:r1-->"}
    ]


def test_unbalanced_or_unmarked_pages_are_sent_whole() -> None:
    assert parse("<h1>no marks</h1>") is None
    assert parse("<!--p:main--><!--p:a--><!--/p:main--><!--/p:a-->") is None
