"""The import form: one backup file, sent with the form's CSRF token."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from flask_wtf.file import FileRequired
from flask_wtf.file import FileSize

from app.export.checks import MAX_BYTES


class ImportForm(FlaskForm):
    """Upload a JSON backup; its content is checked by `app.export.parse`."""

    backup = FileField(
        _l("Backup file (.json)"),
        validators=[
            FileRequired(
                _l("Please choose a backup file (the JSON download of a table or group).")
            ),
            FileSize(
                MAX_BYTES, message=_l("The file is larger than 1 MB; a backup is far smaller.")
            ),
        ],
        render_kw={"accept": ".json,application/json"},
    )
