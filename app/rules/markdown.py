"""The rules digest's Markdown, read and written by markdown-it-py (CommonMark and tables).

Raw HTML in the digest is shown as text, so the digest can never inject markup. Two marks
of the digest's own are written here: `I:` / `(I)` for an interpretation, and a rule ID in
code, which links to its rule (`env["rule_url"]`: None for code that is no rule ID).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING
from typing import Any

from markupsafe import Markup
from markupsafe import escape

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.renderer import RendererHTML
    from markdown_it.rules_core import StateCore
    from markdown_it.token import Token
    from markdown_it.tree import SyntaxTreeNode

# "I:" starts an interpretation, "(I)" marks a settled number ("Players 2–10 (I)").
I_MARK = re.compile(r"(?<![\w`])I(?=:)|(?<=\()I(?=\))")
# A list item that is an interpretation: "I: …" or "I (ties): …" / "I (`dlx.wish`): …".
I_ITEM = re.compile(r"^I(?: \(([^)]*)\))?:\s*")
# Where a rule ID in `code` links to (None: the code is not a rule ID).
RuleUrl = Callable[[str], str | None]


def split_interpretation(text: str) -> tuple[str | None, str] | None:
    """``("ties", rest)`` for an item ``I (ties): rest``; None when it is no interpretation."""
    match = I_ITEM.match(text)
    if match is None:
        return None
    return match.group(1), text[match.end() :]


def mark_interpretations(state: StateCore) -> None:
    """A list item that opens with `I:` is an interpretation (its `<li>` says so)."""
    tokens = state.tokens
    for at, token in enumerate(tokens[:-2]):
        if token.type == "list_item_open" and I_ITEM.match(tokens[at + 2].content):
            token.attrSet("class", "interpretation")


def text(_self: RendererHTML, tokens: Sequence[Token], idx: int, _opts: Any, env: Any) -> str:
    """Text, escaped, with the interpretation marks; an item's opening `I:` is its mark."""
    mark = f'<em class="i-mark">{escape(env["i_label"])}</em>'
    html = str(escape(tokens[idx].content))
    if idx == 0 and html.startswith("I:"):
        html = mark + " " + html[2:].lstrip()
    return I_MARK.sub(mark, html)


def code(_self: RendererHTML, tokens: Sequence[Token], idx: int, _opts: Any, env: Any) -> str:
    """Code, linked to its rule when it is a rule ID."""
    content = tokens[idx].content
    html = f"<code>{escape(content)}</code>"
    url = env["rule_url"](content)
    return f'<a class="rule-ref" href="{escape(url)}">{html}</a>' if url else html


def table_open(*_args: Any) -> str:
    """A table in a horizontally scrolling box (phones are narrow)."""
    return '<div class="scroll-x"><table class="grid md-table">\n'


def table_close(*_args: Any) -> str:
    """The end of the table and of its box."""
    return "</table></div>\n"


def table_cells(state: Any) -> None:
    """Header cells name their column (scope="col"); a column headed by the other language's
    name ("German", "englisch") holds words of that language: its cells say so (lang), so a
    screen reader reads "Kreuz" in German on the English page."""
    other = {"german": "de", "englisch": "en"}
    columns: list[str | None] = []
    column = 0
    for index, token in enumerate(state.tokens):
        if token.type == "thead_open":
            columns = []
        elif token.type == "tr_open":
            column = 0
        elif token.type == "th_open":
            token.attrSet("scope", "col")
            words = state.tokens[index + 1].content.strip().lower()
            columns.append(other.get(words))
        elif token.type == "td_open":
            if column < len(columns) and columns[column]:
                token.attrSet("lang", columns[column])
            column += 1


@cache
def markdown() -> MarkdownIt:
    """The parser and renderer, made on first use (most starts serve no rules page)."""
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False, "xhtmlOut": False}).enable("table")
    md.core.ruler.push("interpretations", mark_interpretations)
    md.core.ruler.push("table_cells", table_cells)
    for name, rule in (
        ("text", text),
        ("code_inline", code),
        ("table_open", table_open),
        ("table_close", table_close),
    ):
        md.add_render_rule(name, rule)
    return md


def parse(source: str) -> list[SyntaxTreeNode]:
    """The document's top-level blocks (headings, paragraphs, lists, tables, rules)."""
    from markdown_it.tree import SyntaxTreeNode

    return SyntaxTreeNode(markdown().parse(source)).children


def inline_text(node: SyntaxTreeNode) -> str:
    """The Markdown of a heading or paragraph, its lines joined."""
    return " ".join(line.strip() for line in node.children[0].content.splitlines())


def render_inline(source: str, rule_url: RuleUrl, i_label: str) -> Markup:
    """One line of the digest as HTML."""
    return Markup(markdown().renderInline(source, {"rule_url": rule_url, "i_label": i_label}))


def render_blocks(blocks: Sequence[SyntaxTreeNode], rule_url: RuleUrl, i_label: str) -> Markup:
    """Blocks of the digest (paragraphs, lists, tables) as HTML."""
    tokens = [token for block in blocks for token in block.to_tokens()]
    env = {"rule_url": rule_url, "i_label": i_label}
    md = markdown()
    return Markup(md.renderer.render(tokens, md.options, env))
