"""Links for other phones: share links, edit links and QR codes carry an address they can open.

By default the address the phone itself used (or a trusted proxy forwarded); PUBLIC_URL, when
set, wins: the operator knows better (a public name, https in front of a LAN server).
"""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask import has_request_context
from flask import request


class PublicLinks(Flask):
    """The app's Flask class: external links start with PUBLIC_URL when it is set."""

    def url_for(
        self,
        /,
        endpoint: str,
        *,
        _anchor: str | None = None,
        _method: str | None = None,
        _scheme: str | None = None,
        _external: bool | None = None,
        **values: Any,
    ) -> str:
        """Flask's url_for; an external link in a request uses PUBLIC_URL when it is set."""
        public = self.config.get("PUBLIC_URL")
        if not (public and _external and has_request_context()):
            return super().url_for(
                endpoint,
                _anchor=_anchor,
                _method=_method,
                _scheme=_scheme,
                _external=_external,
                **values,
            )
        # The path below the app's mount point, put under PUBLIC_URL's own path.
        path = super().url_for(endpoint, _anchor=_anchor, _method=_method, **values)
        return str(public) + path.removeprefix(request.script_root)
