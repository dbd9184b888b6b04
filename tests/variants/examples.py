"""Each variant's examples for the shared tests, found by its id: a seventh variant brings its
own `tests/variants/<id>/examples.py`, and every test that iterates over the registry takes it."""

from __future__ import annotations

import importlib
from types import ModuleType


def examples(variant_id: str) -> ModuleType:
    """The examples module of one variant (`PLAIN_TOP`, `SAMPLE`, `PAGE_ROUNDS` ...)."""
    return importlib.import_module(f"tests.variants.{variant_id}.examples")
