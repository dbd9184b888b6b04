"""Finds the variants: every folder of app/variants whose `definition.py` holds a `VARIANT` is
one, and nothing else names them (a plugin, as python-chess's variants; a seventh variant is a
new folder).

The folders are imported by name when first asked for, never at import time: a variant's rules
and game import the engine, and the engine asks this module for them, so loading them while the
engine itself loads would go round in a circle.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from collections.abc import Iterator
from collections.abc import Mapping
from functools import cache
from functools import cached_property
from pathlib import Path
from types import ModuleType
from typing import Any
from typing import Generic
from typing import TypeVar

FOLDER = Path(__file__).resolve().parent
PACKAGE = __name__.rpartition(".")[0]
T = TypeVar("T")


def part(variant_id: str, module: str) -> ModuleType:
    """A variant's own module by its role (`definition`, `form`, `blank_sheet` ...)."""
    return importlib.import_module(f"{PACKAGE}.{variant_id}.{module}")


def own_text(variant_id: str, name: str) -> str:
    """A text file of a variant's folder (its rules chapter, quick reference, original text)."""
    return (FOLDER / variant_id / name).read_text(encoding="utf-8")


@cache
def definitions() -> dict[str, Any]:
    """Every variant's definition by its id, in the order the pages offer them."""
    found = []
    for folder in pkgutil.iter_modules([str(FOLDER)]):
        if folder.ispkg and (FOLDER / folder.name / "definition.py").exists():
            found.append(part(folder.name, "definition").VARIANT)
    return {variant.id: variant for variant in sorted(found, key=lambda v: (v.order, v.id))}


def variant_ids() -> tuple[str, ...]:
    """The variants' ids, in the order the pages offer them."""
    return tuple(definitions())


class Discovered(Mapping[str, T], Generic[T]):
    """One thing of every variant (its rules, its game, its seats) by variant id, taken from
    its definition on first use."""

    def __init__(self, take: Callable[[Any], T]) -> None:
        """`take` picks the thing from a variant's definition."""
        self.take = take

    @cached_property
    def found(self) -> dict[str, T]:
        """The things, once every folder is loaded."""
        return {variant_id: self.take(variant) for variant_id, variant in definitions().items()}

    def __getitem__(self, variant_id: str) -> T:
        """The thing of one variant (KeyError for an unknown id, as a dict)."""
        return self.found[variant_id]

    def __iter__(self) -> Iterator[str]:
        """The variant ids, in order."""
        return iter(self.found)

    def __len__(self) -> int:
        """How many variants there are."""
        return len(self.found)


class Merged(Mapping[str, T], Generic[T]):
    """What every variant declares by key (its rule IDs, its interpretations), merged into one
    mapping in the variants' order, on first use."""

    def __init__(self, take: Callable[[Any], Mapping[str, T]]) -> None:
        """`take` picks the mapping from a variant's definition."""
        self.parts = Discovered(take)

    @cached_property
    def found(self) -> dict[str, T]:
        """The merged mapping, once every folder is loaded."""
        return {key: value for part in self.parts.values() for key, value in part.items()}

    def __getitem__(self, key: str) -> T:
        """The value of one key (KeyError for an unknown one, as a dict)."""
        return self.found[key]

    def __iter__(self) -> Iterator[str]:
        """The keys, variant after variant."""
        return iter(self.found)

    def __len__(self) -> int:
        """How many keys all variants declare."""
        return len(self.found)
