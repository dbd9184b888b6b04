"""The app's Flask class: the public links of app.serve.links, JSON answers written by orjson,
and each hook and view looked at once for being a coroutine, not on every request.

A referee question is a small JSON answer through a handful of hooks: Flask's own JSON writer
(the standard library's, sorting keys, escaping non-ASCII) is a sixth of what the app adds to
a bare Flask route, and Flask asks `inspect` whether each hook is `async` on every request.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any
from typing import cast

import orjson
from flask import Response
from flask.json.provider import DefaultJSONProvider
from werkzeug.sansio.response import Response as AnyResponse

from app.serve.links import PublicLinks

# Keys sorted like Flask's own writer (sort_keys), so every answer keeps its exact shape; dates
# and dataclasses are left to Flask's `default`, which writes them as it always did.
ORJSON_OPTIONS = (
    orjson.OPT_SORT_KEYS
    | orjson.OPT_NON_STR_KEYS
    | orjson.OPT_PASSTHROUGH_DATETIME
    | orjson.OPT_PASSTHROUGH_DATACLASS
)
# orjson reads an integer beyond 64 bits as a float; the standard library keeps it whole.
LONG_NUMBER = re.compile(rb"[0-9]{19}")
SYNCED_KEPT = 1024  # hooks and views remembered; a per-request hook (after_this_request) ages out


class OrjsonProvider(DefaultJSONProvider):
    """Flask's JSON provider, with orjson reading and writing: the same values, answers in
    UTF-8 as it is rather than `\\u` escapes. What orjson reads otherwise or refuses (a body
    with a 19-digit number, NaN, a lone surrogate, one nested past its limit) is read by the
    standard library, which keeps its values and its errors exactly as before; what it does
    not write (an integer beyond 64 bits, a named tuple) and the indented debug output are
    written by Flask's own writer."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        """A request body's JSON value (get_json)."""
        if isinstance(s, bytes) and not kwargs and LONG_NUMBER.search(s) is None:
            try:
                return orjson.loads(s)
            except orjson.JSONDecodeError:
                pass
        return super().loads(s, **kwargs)

    def response(self, *args: Any, **kwargs: Any) -> AnyResponse:
        """The value as a compact JSON answer (application/json, a closing newline as Flask's)."""
        app = self._app
        if self.compact is False or (self.compact is None and app.debug):
            return super().response(*args, **kwargs)
        value = self._prepare_response_obj(args, kwargs)
        try:
            body = orjson.dumps(value, default=self.default, option=ORJSON_OPTIONS)
        except TypeError:  # orjson.JSONEncodeError is one
            return super().response(*args, **kwargs)
        answer = cast(type[Response], app.response_class)
        return answer(body + b"\n", mimetype=self.mimetype)


class MautischApp(PublicLinks):
    """Flask with PUBLIC_URL links, orjson answers and remembered sync checks."""

    json_provider_class = OrjsonProvider

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Flask's app, with an empty memory of synced functions."""
        super().__init__(*args, **kwargs)
        self._synced: dict[Callable[..., Any], Callable[..., Any]] = {}

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        """Flask's `ensure_sync`, worked out once per function (hooks and views are the same
        few functions on every request)."""
        synced = self._synced.get(func)
        if synced is None:
            if len(self._synced) >= SYNCED_KEPT:
                self._synced.clear()
            synced = self._synced[func] = super().ensure_sync(func)
        return synced
