"""The referee page `/referee`: ask whether a play is legal, by a shareable URL."""

from flask import Blueprint

bp = Blueprint("referee", __name__)

from app.referee import views  # noqa: E402,F401  (the views register themselves on bp)
