"""Printable sheets (PDF, A4): blank lists to fill in with a pen, and a table's filled sheet.
The routes of docs/api.md "Printable sheets"; the PDF speaks the page's language.
"""

from __future__ import annotations

from flask import Blueprint
from flask import Response
from flask import abort
from flask import render_template
from flask import request
from flask_babel import get_locale
from flask_babel import get_translations
from flask_babel import gettext

from app.sheets.download import cached_pdf
from app.sheets.download import sheet_tag
from app.sheets.download import slug
from app.sheets.params import most_players
from app.sheets.params import parse_blank
from app.sheets.record import Lang
from app.sheets.record import TableRecord
from app.store.models import Table
from app.store.tables import round_rows
from app.store.tables import state_of
from app.text import InputError
from app.text import say
from app.variants.registry import VARIANTS
from app.web.found import table_or_404

bp = Blueprint("sheets", __name__)


def page_lang() -> Lang:
    """The language of the page that asked for the PDF."""
    return Lang(str(get_locale() or "de"), gettext, get_translations().ngettext)


@bp.get("/sheets")
def index() -> str:
    """All blank sheets, each with a small GET form for names and sizes."""
    return sheets_page()


def sheets_page(error: InputError | None = None, variant: str = "") -> str:
    """The sheets page; with an error, the form as sent with the sentence at its field (which
    gets the focus, so the phone scrolls there)."""
    variants = [(info, most_players(info)) for info in VARIANTS.values()]
    shown = None
    if error is not None:
        field = (error.field or "").split("[")[0]
        shown = {"variant": variant, "field": field, "message": error.message(page_lang().code)}
    return render_template(
        "sheets/index.html", variants=variants, error=shown, sent=request.args if error else {}
    )


@bp.get("/sheets/<variant>.pdf")
def blank(variant: str) -> Response:
    """A blank sheet of one variant; the query gives names, sizes and the rules page."""
    definition = VARIANTS.get(variant) or abort(
        404, description=gettext("There is no sheet for this variant.")
    )
    lang = page_lang()
    try:
        sheet = parse_blank(definition, say(definition.label, lang.code), request.args)
    except InputError as error:
        # Not a bare 400: the form again, with the sentence at the field that was refused.
        return Response(sheets_page(error, variant), status=400, mimetype="text/html")
    from app.sheets.blank import build_blank

    tag = sheet_tag("blank", lang.code, sheet)
    return cached_pdf(tag, lambda: build_blank(sheet, lang), f"mautisch-{variant}.pdf")


@bp.get("/t/<id:table_id>/sheet.pdf")
def table_sheet(table_id: str) -> Response:
    """A table's score sheet, filled in with every round and the result."""
    table = table_or_404(table_id)
    lang = page_lang()
    name = slug(table.name) or table.variant
    filename = f"mautisch-{name}-{table.created_at.date().isoformat()}.pdf"
    # Every change of the table bumps its version: the sheet of a version never changes.
    tag = sheet_tag("table", lang.code, table.id, table.version)
    return cached_pdf(tag, lambda: filled_sheet(table, lang), filename)


def filled_sheet(table: Table, lang: Lang) -> bytes:
    """The filled sheet of a table as it is now."""
    rounds = round_rows(table.id)
    record = TableRecord(
        name=table.name,
        variant=table.variant,
        label=say(table.definition.label, lang.code),
        played_on=table.created_at.date(),
        players=list(table.players),
        options=table.definition.stored_options(table.options),
        rounds=[round_.data for round_ in rounds],
        standing=state_of(table, rounds),
    )
    from app.sheets.table_sheet import build_table_sheet

    return build_table_sheet(record, lang)
