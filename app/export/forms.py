"""The import form: one backup file, sent with the form's CSRF token; when the backup is
already here, the same form asks what to do (the file then rides along as text)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from flask_wtf.file import FileSize
from wtforms import Field
from wtforms import HiddenField
from wtforms import RadioField
from wtforms import SelectChoice
from wtforms import ValidationError

from app.export.validation import MAX_BYTES

# What to do with a backup that is already here (`app.export.duplicates`).
REPLACE, KEEP, CANCEL = "replace", "keep", "cancel"


class ImportForm(FlaskForm):
    """Upload a JSON backup; its content is checked by `app.export.parse`."""

    backup = FileField(
        _l("Backup file (.json)"),
        validators=[
            FileSize(
                MAX_BYTES, message=_l("The file is larger than 1 MB; a backup is far smaller.")
            )
        ],
        render_kw={"accept": ".json,application/json"},
    )
    # The file already sent, while the page asks what to do with it (a browser cannot
    # prefill a file field); it is checked again like any upload.
    held = HiddenField()
    duplicate = RadioField(
        _l("What should happen?"),
        choices=[
            SelectChoice(REPLACE, _l("Replace it with the backup")),
            SelectChoice(KEEP, _l("Keep both")),
            SelectChoice(CANCEL, _l("Cancel")),
        ],
        validate_choice=False,
    )

    def validate_backup(self, field: Field) -> None:
        """A file is needed, unless the page already holds the one sent before."""
        if not field.data and not self.held.data:
            raise ValidationError(
                _l("Please choose a backup file (the JSON download of a table or group).")
            )

    def raw(self) -> bytes:
        """The backup as sent: the file, else the one the page held."""
        if self.backup.data:
            return bytes(self.backup.data.read())
        return str(self.held.data).encode()
