"""The shared evening read back: the PNG with Pillow, the A4 PDF with pypdf, in German and
English."""

from __future__ import annotations

import io
import re
from dataclasses import replace

import pytest
from PIL import Image
from pypdf import PdfReader

from app.sharing import BalanceLine
from app.sharing import EveningSummary
from app.sharing import TransferLine
from app.sharing import evening_file
from app.sharing import evening_pdf
from app.sharing import evening_png
from app.sharing.runs import visual

GREEN = (22, 101, 52)  # the band: --accent of static/css/base.css
PAPER = (246, 245, 240)  # --bg
OK = (21, 128, 61)  # "✓ bezahlt": --ok
A4 = (595.28, 841.89)  # points


def picture(png: bytes) -> Image.Image:
    """The PNG decoded."""
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def count(image: Image.Image, colour: tuple[int, int, int], box: tuple[int, int, int, int]) -> int:
    """How many pixels of the box have exactly this colour."""
    region = image.crop(box)
    found = region.getcolors(region.width * region.height) or []
    return sum(number for number, pixel in found if pixel == colour)


def test_the_picture_is_1080_wide_with_the_band_text_and_cards(summary: EveningSummary) -> None:
    """1080 px wide; a green band with white letters at the top, paper at the foot, dark text
    in the cards below the band, and the paid tick in the page's green."""
    image = picture(evening_png(summary))
    width, height = image.size
    assert width == 1080 and 1200 < height < 4000
    assert image.getpixel((5, 5)) == GREEN
    assert image.getpixel((5, height - 5)) == PAPER
    assert count(image, (255, 255, 255), (0, 0, width, 150)) > 2000  # the group's name
    body = image.crop((0, 250, width, height)).convert("L")
    assert sum(body.histogram()[:60]) > 10000  # dark text in the cards
    assert count(image, OK, (0, 0, width, height)) > 50


def test_the_picture_grows_with_the_evening(summary: EveningSummary) -> None:
    """One table alone gives a short picture; nothing paid draws no tick; an empty evening is
    still a picture (the band)."""
    alone = picture(
        evening_png(replace(summary, transfers=(), titles=(), tables=summary.tables[:1]))
    )
    full = picture(evening_png(summary))
    assert alone.width == 1080 and alone.height < full.height - 600
    unpaid = replace(summary, transfers=(TransferLine("Cem", "Bernd", 1230),))
    image = picture(evening_png(unpaid))
    assert count(image, OK, (0, 0, image.width, image.height)) == 0
    empty = picture(evening_png(replace(summary, tables=(), transfers=(), titles=())))
    assert empty.width == 1080 and 150 < empty.height < 500


def test_the_picture_speaks_the_summary_language(summary: EveningSummary) -> None:
    """German and English pictures differ (the words), the same language twice does not."""
    german = evening_png(summary)
    assert evening_png(summary) == german
    assert evening_png(replace(summary, lang="en")) != german


def pdf_text(pdf: bytes) -> tuple[PdfReader, str]:
    """The PDF and its text, blanks and line breaks folded into one space."""
    reader = PdfReader(io.BytesIO(pdf))
    text = " ".join(page.extract_text() for page in reader.pages)
    return reader, re.sub(r"\s+", " ", text)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "de",
            [
                "Stammtisch Dienstag",
                "Donnerstag, 26. November 2026",
                "Tische",
                "Tisch 1 · Dynamisches Maumau",
                "Team A (Anna & Cem)",
                "Bernd",
                "Kassensturz",
                "Jörg → Anna",
                "0,70 €",
                "✓ bezahlt",
                "12,30 €",
                "Titel des Abends",
                "Bubenkönig: Jörg, 2 Spiele mit Bube beendet",
                "Doppelpech: Cem, 6 Minuspunkte, verdoppelt auf 12",
            ],
        ),
        (
            "en",
            [
                "Stammtisch Dienstag",
                "Thursday, November 26, 2026",
                "Tables",
                "Tisch 1 · Dynamic Mau-Mau",
                "Team A (Anna & Cem)",
                "Settling up",
                "Jörg → Anna",
                "€0.70",
                "✓ paid",
                "€12.30",
                "Titles of the evening",
                "Jack king: Jörg, 2 games ended with a jack",
                "Doubled up: Cem, 6 minus points doubled to 12",
            ],
        ),
    ],
)
def test_the_pdf_is_a4_with_date_winners_transfers_and_titles(
    summary: EveningSummary, lang: str, words: list[str]
) -> None:
    """One A4 page in the reader's language: everything the picture shows."""
    reader, text = pdf_text(evening_pdf(replace(summary, lang=lang)))
    box = reader.pages[0].mediabox
    assert (round(float(box.width), 2), round(float(box.height), 2)) == A4
    assert [word for word in words if word not in text] == []
    assert reader.metadata is not None and "Stammtisch Dienstag" in str(reader.metadata.title)


def test_all_paid_and_the_note_are_said(summary: EveningSummary) -> None:
    """Every transfer ticked: "Alles ist bezahlt."; the note (a rounding difference) under them."""
    paid = tuple(replace(each, paid=True) for each in summary.transfers)
    done = replace(summary, transfers=paid, note="Gerundet auf 10 Cent")
    _reader, text = pdf_text(evening_pdf(done))
    assert "Alles ist bezahlt." in text and "Gerundet auf 10 Cent" in text
    _reader, text = pdf_text(evening_pdf(summary))
    assert "Alles ist bezahlt." not in text


def test_evening_file_names_the_kind_and_the_language(summary: EveningSummary) -> None:
    """A PNG and a PDF with their content types and a file name; the language given wins."""
    png = evening_file(summary, "png")
    assert (png.mimetype, png.filename) == (
        "image/png",
        "mautisch-stammtisch-dienstag-2026-11-26.png",
    )
    assert picture(png.content).width == 1080
    pdf = evening_file(summary, "pdf", lang="en")
    assert (pdf.mimetype, pdf.filename) == (
        "application/pdf",
        "mautisch-stammtisch-dienstag-2026-11-26.pdf",
    )
    assert "Settling up" in pdf_text(pdf.content)[1]
    with pytest.raises(ValueError, match="png"):
        evening_file(summary, "gif")


def test_a_right_to_left_name_stays_in_its_place(summary: EveningSummary) -> None:
    """A Hebrew and an Arabic name: each printed right to left in its own place (pypdf reads
    paper's right-to-left letters back in typing order), never reversed, the amounts beside
    them; the picture is drawn (each name a run of its own)."""
    rtl = replace(
        summary,
        transfers=(TransferLine("דנה", "Anna", 20), TransferLine("Cem", "مريم", 30, paid=True)),
        balances=(BalanceLine("דנה", -20, -20),),
    )
    _reader, text = pdf_text(evening_pdf(rtl))
    assert "דנה −0,20 € −0,20 €" in text and "مريم 0,30 € ✓ bezahlt" in text
    assert "הנד" not in text and "\u2068" not in text
    assert picture(evening_png(rtl)).width == 1080


@pytest.mark.parametrize(
    ("typed", "on_paper"),
    [("דנה", "הנד"), ("Anna", "Anna"), ("דנה 12", "12 הנד"), ("Anna דנה", "Anna דנה")],
)
def test_visual_order_turns_only_right_to_left_names(typed: str, on_paper: str) -> None:
    """reportlab draws as given: a right-to-left name is turned round, numbers kept, a name
    with Latin letters left as typed."""
    assert visual(typed) == on_paper
