"""Exports and backups (placeholder until the feature lands)."""

from flask import Blueprint

bp = Blueprint("export", __name__)
