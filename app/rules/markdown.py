"""A tiny, escaping reader for the limited markdown of the rules digest.

It knows headings, paragraphs, nested `-` lists, pipe tables, `---` rules, **bold**, `code`
and the digest's own marks: `I:` / `(I)` for an interpretation and rule IDs in
code, which become links to their anchors. Everything else is text and gets escaped, so the
digest can never inject markup.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field

from markupsafe import Markup
from markupsafe import escape

LIST_ITEM = re.compile(r"^(\s*)- (.*)$")
HEADING = re.compile(r"^(#{1,6}) (.*)$")
BOLD = re.compile(r"\*\*(.+?)\*\*")
# "I:" starts an interpretation, "(I)" marks a settled number ("Players 2–10 (I)").
I_COLON = re.compile(r"(?<![\w`])I(?=:)")
I_PAREN = re.compile(r"\(I\)")
# A list item that is an interpretation: "I: …" or "I (ties): …" / "I (`dlx.wish`): …".
I_ITEM = re.compile(r"^I(?: \(([^)]*)\))?:\s*")
# Where a rule ID in `code` links to (None: the code is not a rule ID).
RuleUrl = Callable[[str], str | None]


@dataclass
class Block:
    """One block of the document: heading, paragraph, list, table or rule (`kind`)."""

    kind: str
    text: str = ""
    level: int = 0
    items: list[Item] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)


@dataclass
class Item:
    """A list item: its own text and the blocks nested under it (sub-lists)."""

    text: str
    children: list[Block] = field(default_factory=list)


def indent_of(line: str) -> int:
    """Leading spaces of a line."""
    return len(line) - len(line.lstrip(" "))


def parse_blocks(lines: list[str]) -> list[Block]:
    """Split lines into blocks; list items keep their continuation lines and sub-lists."""
    blocks: list[Block] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
        elif heading := HEADING.match(line):
            blocks.append(Block("heading", heading.group(2).strip(), level=len(heading.group(1))))
            i += 1
        elif line.strip() == "---":
            blocks.append(Block("rule"))
            i += 1
        elif line.lstrip().startswith("|"):
            i = read_table(lines, i, blocks)
        elif LIST_ITEM.match(line):
            i = read_list(lines, i, blocks)
        else:
            i = read_paragraph(lines, i, blocks)
    return blocks


def starts_block(line: str) -> bool:
    """True when a line cannot continue a paragraph."""
    stripped = line.strip()
    return (not stripped or bool(HEADING.match(line)) or stripped == "---"
            or stripped.startswith("|") or bool(LIST_ITEM.match(line)))


def read_paragraph(lines: list[str], i: int, blocks: list[Block]) -> int:
    """A paragraph runs until a blank line or the start of another block."""
    text = [lines[i].strip()]
    i += 1
    while i < len(lines) and not starts_block(lines[i]):
        text.append(lines[i].strip())
        i += 1
    blocks.append(Block("paragraph", " ".join(text)))
    return i


def read_table(lines: list[str], i: int, blocks: list[Block]) -> int:
    """Pipe table; the `|---|` separator line is dropped, the first row is the header."""
    rows: list[list[str]] = []
    while i < len(lines) and lines[i].lstrip().startswith("|"):
        cells = [cell.strip() for cell in lines[i].strip().strip("|").split("|")]
        if not all(re.fullmatch(r":?-+:?", cell) for cell in cells):
            rows.append(cells)
        i += 1
    blocks.append(Block("table", rows=rows))
    return i


def read_list(lines: list[str], i: int, blocks: list[Block]) -> int:
    """A list at one indent; deeper lines belong to the item above them."""
    base = indent_of(lines[i])
    items: list[Item] = []
    while i < len(lines) and (match := LIST_ITEM.match(lines[i])) and len(match.group(1)) == base:
        text = [match.group(2).strip()]
        i += 1
        nested: list[str] = []
        while i < len(lines) and lines[i].strip() and indent_of(lines[i]) > base:
            if nested or LIST_ITEM.match(lines[i]):
                nested.append(lines[i])
            else:
                text.append(lines[i].strip())
            i += 1
        depth = min((indent_of(line) for line in nested), default=0)
        items.append(Item(" ".join(text), parse_blocks([line[depth:] for line in nested])))
    blocks.append(Block("list", items=items))
    return i


def split_interpretation(text: str) -> tuple[str | None, str] | None:
    """``("ties", rest)`` for an item ``I (ties): rest``; None when it is no interpretation."""
    match = I_ITEM.match(text)
    if match is None:
        return None
    return match.group(1), text[match.end():]


def interpretation_html(text: str, rule_url: RuleUrl, i_label: str) -> Markup:
    """An interpretation's text behind its mark: "Auslegung (ties): …"."""
    split = split_interpretation(text)
    if split is None:
        return render_inline(text, rule_url, i_label)
    label, rest = split
    mark = escape(i_label) + (Markup(" (") + render_inline(label, rule_url, i_label) + ")"
                              if label else "")
    return Markup('<em class="i-mark">{}</em> {}').format(
        mark, render_inline(rest, rule_url, i_label))


def render_inline(text: str, rule_url: RuleUrl, i_label: str) -> Markup:
    """Escape the text, then add **bold**, `code` (rule IDs as links) and interpretation marks."""
    out: list[str] = []
    for n, part in enumerate(re.split(r"`([^`]*)`", text)):
        if n % 2:
            code = f"<code>{escape(part)}</code>"
            url = rule_url(part)
            out.append(f'<a class="rule-ref" href="{escape(url)}">{code}</a>' if url else code)
        else:
            html = str(escape(part))
            html = BOLD.sub(r"<strong>\1</strong>", html)
            mark = f'<em class="i-mark">{escape(i_label)}</em>'
            html = I_COLON.sub(mark, html)
            out.append(I_PAREN.sub(f"({mark})", html))
    return Markup("".join(out))


def render_blocks(blocks: list[Block], rule_url: RuleUrl, i_label: str) -> Markup:
    """HTML for plain blocks (headings shift down one level: the page has its own h1)."""
    html: list[str] = []
    for block in blocks:
        if block.kind == "heading":
            level = min(block.level + 1, 6)
            html.append(f"<h{level}>{render_inline(block.text, rule_url, i_label)}</h{level}>")
        elif block.kind == "paragraph":
            html.append(f"<p>{render_inline(block.text, rule_url, i_label)}</p>")
        elif block.kind == "rule":
            html.append("<hr>")
        elif block.kind == "table":
            html.append(render_table(block.rows, rule_url, i_label))
        else:
            html.append(render_list(block.items, rule_url, i_label))
    return Markup("\n".join(html))


def render_list(items: list[Item], rule_url: RuleUrl, i_label: str) -> str:
    """A `<ul>`; an item that starts with `I:` is shown as an interpretation."""
    html = ["<ul>"]
    for item in items:
        marked = split_interpretation(item.text) is not None
        css = ' class="interpretation"' if marked else ""
        text = interpretation_html(item.text, rule_url, i_label)
        children = render_blocks(item.children, rule_url, i_label)
        html.append(f"<li{css}>{text}{children}</li>")
    html.append("</ul>")
    return "".join(html)


def render_table(rows: list[list[str]], rule_url: RuleUrl, i_label: str) -> str:
    """A table in a horizontally scrolling box (phones are narrow)."""
    html = ['<div class="scroll-x"><table class="grid md-table">']
    for n, row in enumerate(rows):
        tag = "th" if n == 0 else "td"
        cells = "".join(f"<{tag}>{render_inline(cell, rule_url, i_label)}</{tag}>" for cell in row)
        html.append(f"<tr>{cells}</tr>")
    html.append("</table></div>")
    return "".join(html)
