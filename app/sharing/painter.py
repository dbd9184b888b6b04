"""Text on the evening's picture, top to bottom, in the app's fonts: DejaVu Sans, and Symbola
for what DejaVu lacks (the sheets' `font_runs`).

A sentence comes as runs (app/sharing/runs.py). With Raqm, Pillow applies the bidi algorithm
to each string it draws; so the words around a name are drawn left to right, and each name on
its own in its own direction: a Hebrew name reads right to left in its place and never moves
the arrow or the amount beside it.
"""

from __future__ import annotations

import re
from functools import cache

from PIL import Image
from PIL import ImageDraw
from PIL import ImageFont
from PIL import features

from app.sharing.runs import Run
from app.sharing.runs import Said
from app.sheets.layout import FONT
from app.sheets.layout import FONT_DIR
from app.sheets.layout import font_runs

WIDTH = 1080  # a chat picture: full width on a phone without scaling up
PAD = 56
INK = "#17201b"
BODY = 40  # pixels: read on a phone where the picture is shown ~1/3 of its size
SPACE = re.compile(r"(\s+)")


@cache
def font(face: str, size: int) -> ImageFont.FreeTypeFont:
    """A shipped font at a size (loaded once)."""
    return ImageFont.truetype(str(FONT_DIR / f"{face}.ttf"), size)


@cache
def with_bidi() -> bool:
    """Does Pillow lay text out with Raqm (bidi)? Without it nothing is ever reordered."""
    return bool(features.check("raqm"))


def direction(run: Run) -> str | None:
    """Words around names left to right; a name in the direction of its own letters."""
    return None if run.name or not with_bidi() else "ltr"


def tokens(said: Said) -> list[Run]:
    """The runs cut where a line may break: between words, not inside a name."""
    found: list[Run] = []
    for run in said:
        pieces = [run.text] if run.name else SPACE.split(run.text)
        found += [Run(piece, run.name) for piece in pieces if piece]
    return found


class Painter:
    """Lays the picture out top to bottom; without an image it only measures the height."""

    def __init__(self, image: Image.Image | None = None) -> None:
        """Start at the top."""
        self.draw = ImageDraw.Draw(image) if image is not None else None
        self.y = 0

    def width(self, text: str | Run, face: str, size: int) -> float:
        """The drawn width of a text, each font run in the font that has its glyphs."""
        run = text if isinstance(text, Run) else Run(text)
        return sum(
            font(each, size).getlength(piece, direction=direction(run))
            for each, piece in font_runs(run.text, face)
        )

    def put(self, x: float, text: str | Run, face: str, size: int, fill: str) -> float:
        """One run at x on the current line; the x after it."""
        run = text if isinstance(text, Run) else Run(text)
        for each, piece in font_runs(run.text, face):
            if self.draw is not None:
                shape = font(each, size)
                self.draw.text((x, self.y), piece, font=shape, fill=fill, direction=direction(run))
            x += font(each, size).getlength(piece, direction=direction(run))
        return x

    def lines(self, said: Said, face: str, size: int, width: float) -> list[list[Run]]:
        """The runs broken into lines of `width`: between words, a name kept whole unless it
        alone is too wide (then between its words, a word too long anywhere)."""
        result: list[list[Run]] = [[]]
        used = 0.0
        for token in tokens(said):
            wide = self.width(token, face, size)
            if token.text.isspace():
                if result[-1]:
                    result[-1].append(token)
                    used += wide
                continue
            if used + wide > width and result[-1]:
                while result[-1] and result[-1][-1].text.isspace():
                    result[-1].pop()
                result.append([])
                used = 0.0
            if wide > width and (" " in token.text or len(token.text) > 1):
                parts = SPACE.split(token.text) if " " in token.text else list(token.text)
                result[-1:] = self.lines(
                    tuple(Run(p, token.name) for p in parts), face, size, width
                )
                used = sum(self.width(run, face, size) for run in result[-1])
                continue
            result[-1].append(token)
            used += wide
        return result

    def text(
        self,
        text: str | Said,
        face: str = FONT,
        size: int = BODY,
        fill: str = INK,
        x: float = PAD,
        right: float = WIDTH - PAD,
    ) -> None:
        """A paragraph between x and `right`, wrapped, moving down; each run drawn apart."""
        said = (Run(text),) if isinstance(text, str) else text
        for line in self.lines(said, face, size, right - x):
            at = x
            for run in line:
                at = self.put(at, run, face, size, fill)
            self.y += round(size * 1.3)
