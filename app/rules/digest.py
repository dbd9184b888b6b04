"""The rules digest split into variants → sections → rules (ID, text, interpretations).

Both languages have the same rule IDs. The general chapters are `content/rules.*.md`; each
variant's chapter and original text are in its folder (`rules.*.md`, `<id>.de.txt`), put in
where the general text marks it. House rules are not in the digest: each variant page lists
them from `app.engine.houserules`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from functools import cached_property
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING

from app.rules.markdown import inline_text
from app.rules.markdown import parse
from app.rules.markdown import split_interpretation
from app.text import LANGS
from app.variants.discovery import own_text
from app.variants.discovery import variant_ids

if TYPE_CHECKING:
    from markdown_it.tree import SyntaxTreeNode

CONTENT = Path(__file__).resolve().parent / "content"
VARIANT_HEADING = re.compile(r"^(\d+)\. (.+?) \(`([a-z]+)`\)(?: — .*?`([\w.]+\.txt)`)?(?: — .*)?$")
# Where the general text takes the variants' chapters.
VARIANTS_MARK = re.compile(r"^<!-- Here each variant.*-->$", re.MULTILINE)
RULE_ITEM = re.compile(r"^`([a-z]+(?:\.[\w-]+)+)` — (.*)$")
# The chapters that are not variants, in the order both digests have them.
GENERAL_IDS = ("card-codes", "words", "conventions")


@dataclass(frozen=True)
class Interpretation:
    """An `I:` line of the digest, with its label (`ties`, `transfers`) when it has one."""

    label: str | None
    text: str


@dataclass(frozen=True)
class Rule:
    """One numbered rule; `is_interpretation` when the rule itself is an `I:` line."""

    id: str
    text: str
    interpretations: tuple[Interpretation, ...] = ()
    rules: tuple[Rule, ...] = ()
    is_interpretation: bool = False

    def all_rules(self) -> list[Rule]:
        """This rule and the rules nested in it (`dyn.wedding.serve` under `dyn.wedding`)."""
        return [self] + [sub for rule in self.rules for sub in rule.all_rules()]


@dataclass(frozen=True)
class Section:
    """A `###` part of a variant (Play, Effects, Scoring …): its rules and any other blocks."""

    title: str
    entries: tuple[Rule | SyntaxTreeNode, ...]


@dataclass(frozen=True)
class Variant:
    """One variant's chapter: `number`, title, seed file, intro and sections."""

    id: str
    number: int
    title: str
    seed: str | None  # its original text's file name; None where it has none
    intro: tuple[SyntaxTreeNode, ...]
    sections: tuple[Section, ...]

    def rules(self) -> list[Rule]:
        """Every rule of the variant in reading order, nested ones included."""
        return [
            sub
            for section in self.sections
            for entry in section.entries
            if isinstance(entry, Rule)
            for sub in entry.all_rules()
        ]


@dataclass(frozen=True)
class Chapter:
    """A chapter that is not a variant (card codes, words, conventions)."""

    id: str
    title: str
    blocks: tuple[SyntaxTreeNode, ...]


@dataclass(frozen=True)
class Digest:
    """The whole digest in one language."""

    lang: str
    title: str
    intro: tuple[SyntaxTreeNode, ...]
    chapters: tuple[Chapter, ...]
    variants: dict[str, Variant]

    @cached_property
    def rule_index(self) -> dict[str, tuple[Variant, Rule]]:
        """Every rule ID with its variant and rule."""
        return {
            rule.id: (variant, rule)
            for variant in self.variants.values()
            for rule in variant.rules()
        }

    def rule(self, rule_id: str) -> tuple[Variant, Rule] | None:
        """The variant and rule of an ID, or None."""
        return self.rule_index.get(rule_id)


def item_text(item: SyntaxTreeNode) -> str:
    """A list item's own Markdown (its first paragraph)."""
    return inline_text(item.children[0])


def to_rule(item: SyntaxTreeNode) -> Rule | None:
    """Read a list item `` `id` — text `` (or `` I (`id`): text ``) as a rule."""
    text = item_text(item)
    split = split_interpretation(text)
    if split and split[0] and (match := re.fullmatch(r"`([\w.-]+)`", split[0])):
        return Rule(match.group(1), split[1], is_interpretation=True)
    match = RULE_ITEM.match(text)
    if match is None:
        return None
    rule_id, text = match.groups()
    own = split_interpretation(text)
    interpretations: list[Interpretation] = []
    rules: list[Rule] = []
    for nested_list in item.children[1:]:
        for child in nested_list.children:
            if (nested := to_rule(child)) is not None:
                rules.append(nested)
            elif (found := split_interpretation(item_text(child))) is not None:
                interpretations.append(Interpretation(*found))
            else:
                raise ValueError(
                    f"{item_text(child)!r} under {rule_id} is neither a rule nor an I: line"
                )
    return Rule(
        rule_id,
        own[1] if own else text,
        tuple(interpretations),
        tuple(rules),
        is_interpretation=own is not None,
    )


def to_section(title: str, blocks: list[SyntaxTreeNode]) -> Section:
    """A section's lists become rules where their items are rules."""
    entries: list[Rule | SyntaxTreeNode] = []
    for block in blocks:
        rules = [to_rule(item) for item in block.children] if block.type == "bullet_list" else []
        if rules and all(rules):
            entries.extend(rule for rule in rules if rule)
        else:
            entries.append(block)
    return Section(title, tuple(entries))


def to_variant(heading: re.Match[str], blocks: list[SyntaxTreeNode]) -> Variant:
    """A `##` variant chapter: its intro up to the first `###`, then its sections."""
    starts = [n for n, block in enumerate(blocks) if block.type == "heading"] + [len(blocks)]
    sections = tuple(
        to_section(inline_text(blocks[a]), blocks[a + 1 : b]) for a, b in pairwise(starts)
    )
    number, title, variant_id, seed = heading.groups()
    return Variant(variant_id, int(number), title, seed, tuple(blocks[: starts[0]]), sections)


def parse_digest(text: str, lang: str) -> Digest:
    """Split the digest at its `##` headings into general chapters and variants."""
    blocks = [block for block in parse(text) if block.type != "hr"]
    title = inline_text(blocks.pop(0))
    starts = [n for n, block in enumerate(blocks) if block.tag == "h2"]
    chapters: list[Chapter] = []
    variants: dict[str, Variant] = {}
    for a, b in pairwise([*starts, len(blocks)]):
        body = blocks[a + 1 : b]
        heading_text = inline_text(blocks[a])
        if heading := VARIANT_HEADING.match(heading_text):
            variants[heading.group(3)] = to_variant(heading, body)
        elif len(chapters) < len(GENERAL_IDS):
            chapters.append(Chapter(GENERAL_IDS[len(chapters)], heading_text, tuple(body)))
        else:
            raise ValueError(f"rules.{lang}.md: {heading_text!r} is one chapter too many")
    if len(chapters) != len(GENERAL_IDS):
        raise ValueError(
            f"rules.{lang}.md has {len(chapters)} general chapters, expected {len(GENERAL_IDS)}"
        )
    return Digest(lang, title, tuple(blocks[: starts[0]]), tuple(chapters), variants)


@cache
def digest(lang: str) -> Digest:
    """The digest in `lang` (German unless "en"), read once."""
    lang = lang if lang in LANGS else LANGS[0]
    general = (CONTENT / f"rules.{lang}.md").read_text(encoding="utf-8")
    chapters = "\n---\n\n".join(
        own_text(variant_id, f"rules.{lang}.md") for variant_id in variant_ids()
    )
    return parse_digest(VARIANTS_MARK.sub(lambda _: chapters, general, count=1), lang)


def seed_text(variant: Variant) -> str:
    """The original German rule text of a variant ("" where it has none)."""
    return own_text(variant.id, variant.seed) if variant.seed else ""
