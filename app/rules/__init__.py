"""The rules pages: each variant's digest with every rule anchored, and the German originals."""

from flask import Blueprint

bp = Blueprint("rules", __name__)

from app.rules import views  # noqa: E402,F401  (the views register themselves on bp)
