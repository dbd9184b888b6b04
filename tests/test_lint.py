"""The codebase stays ruff- and mypy-clean (STYLE.md): checked on every test run, not by hand.

mypy is strict over the whole `app` package and the benchmarks (pyproject.toml), so a form class
built at run time or an import of a name a module does not export fails here even when no page
test reaches it, and a benchmark run by hand still runs against the code as it is now.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_strict_reports_nothing(tmp_path: Path) -> None:
    """`mypy` with the project's configuration finds no error."""
    report, errors, status = api.run(
        ["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(tmp_path)]
    )
    assert status == 0, report + errors


def test_ruff_reports_nothing() -> None:
    """`ruff check .` finds no error."""
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", str(ROOT)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_leaves_everything_as_it_is() -> None:
    """`ruff format --check .`: the tree is formatted as ruff formats it."""
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--check", "--no-cache", str(ROOT)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
