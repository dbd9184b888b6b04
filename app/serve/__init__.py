"""Serving the app to the phones at the table: addresses, links, proxies, HTTPS.

Links carry the address the phone used, or PUBLIC_URL. X-Forwarded-* headers are believed only
when PROXY_COUNT says how many proxies stand in front, so nobody can fake the links' host.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint
from flask import Flask
from flask import current_app
from flask import render_template
from flask import request
from markupsafe import Markup
from werkzeug.middleware.proxy_fix import ProxyFix

bp = Blueprint("serve", __name__)


class SettingError(ValueError):
    """A serving setting that cannot work; the message names it and what it accepts."""


@bp.get("/help/https")
def https_help() -> str:
    """Why some features need an https:// address, and how to get one at home."""
    return render_template("serve/https.html")


def phone_links() -> list[str]:
    """The addresses the phones open: PUBLIC_URL, else those `mautisch serve` found (it keeps
    them in PHONE_LINKS), else the address this page was asked under."""
    public = current_app.config.get("PUBLIC_URL")
    if public:
        return [f"{public}/"]
    return list(current_app.config.get("PHONE_LINKS") or []) or [request.url_root]


@bp.get("/qr")
def qr_page() -> str:
    """The app's address for the phones as a QR code, for a server whose output is no
    terminal (a service, a log): `mautisch serve` prints where this page is."""
    from app.tables.qr import qr_svg

    links = phone_links()
    picture = Markup(qr_svg(links[0], links[0]).decode())
    return render_template("serve/qr.html", links=links, picture=picture)


def init_serving(app: Flask) -> None:
    """Check PUBLIC_URL and PROXY_COUNT, trust the configured proxies, add the help page."""
    app.config["PUBLIC_URL"] = public_url(app.config.get("PUBLIC_URL"))
    proxies = proxy_count(app.config.get("PROXY_COUNT"))
    app.config["PROXY_COUNT"] = proxies
    if proxies:
        # Each proxy appends one value to X-Forwarded-For/-Proto/-Host/-Port/-Prefix: believe
        # exactly as many as there are proxies, so a client cannot smuggle in its own.
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app,
            x_for=proxies,
            x_proto=proxies,
            x_host=proxies,
            x_port=proxies,
            x_prefix=proxies,
        )
    app.register_blueprint(bp)


def public_url(value: object) -> str | None:
    """PUBLIC_URL as `scheme://host[:port][/path]` without a trailing slash, or None when unset."""
    if value in (None, ""):
        return None
    parts = urlsplit(str(value).strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise SettingError(
            "PUBLIC_URL muss eine Adresse wie https://mautisch.example.org sein,"
            f" nicht {value!r}. /"
            f" PUBLIC_URL must be an address like https://mautisch.example.org, not {value!r}."
        )
    return f"{parts.scheme}://{parts.netloc}{parts.path.rstrip('/')}"


def proxy_count(value: object) -> int:
    """PROXY_COUNT as a whole number from 0 (no proxy, the default) to 5."""
    try:
        count = int(str(value if value not in (None, "") else 0))
    except ValueError:
        count = -1
    if not 0 <= count <= 5:
        raise SettingError(
            f"PROXY_COUNT muss die Zahl der Reverse-Proxys vor der App sein (0 bis 5), nicht"
            f" {value!r}. / PROXY_COUNT must be the number of reverse proxies in front of the"
            f" app (0 to 5), not {value!r}."
        )
    return count
