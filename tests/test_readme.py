"""The README's quick start is what CI runs: the two stay identical."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ci_runs_the_readme_test_command() -> None:
    """The last command of .ci/run appears verbatim in README.md's quick start."""
    command = (ROOT / ".ci" / "run").read_text().strip().splitlines()[-1]
    assert command.startswith("python3 -m venv .venv")
    assert command in (ROOT / "README.md").read_text()
