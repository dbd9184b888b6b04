"""gunicorn's worker for the ASGI app: uvicorn's, with the settings of `mautisch serve`.

uvicorn-worker runs uvicorn without a graceful-shutdown timeout, so a stop waits for every open
event stream to end by itself, which a phone's stream never does: gunicorn then kills the worker
after its own graceful timeout (30 s by default). With the timeout of `mautisch serve`
(app.serve.running.GRACE) the streams are closed after it and the phones reconnect at once, to
another worker or the restarted server. Like `mautisch serve`, a request head must come
within seconds and one client address holds a fair share of the connections at most
(app.serve.guard; CONNECTIONS, PER_ADDRESS and PROXY_COUNT from the environment).
"""

from __future__ import annotations

import os
from typing import Any

from uvicorn_worker import UvicornWorker

from app.serve.guard import REQUEST_ROOM
from app.serve.guard import guarded
from app.serve.running import GRACE


def share() -> int | None:
    """Connections one address may hold in a worker: none counted behind proxies."""
    if int(os.environ.get("PROXY_COUNT") or 0):
        return None
    return int(os.environ.get("PER_ADDRESS") or 200) + REQUEST_ROOM


class StreamWorker(UvicornWorker):
    """uvicorn's worker class that closes the open streams GRACE seconds after a stop."""

    CONFIG_KWARGS: dict[str, Any] = {
        **UvicornWorker.CONFIG_KWARGS,
        "timeout_graceful_shutdown": GRACE,
        # The push hub is bound to the loop at start-up (app.serve.asgi.PushApp.lifespan).
        "lifespan": "on",
        "server_header": False,
        "date_header": False,  # the app sets Date itself (app.web)
        "http": guarded(share()),
        # Connections in total, as `mautisch serve --connections` (beyond them: 503).
        "limit_concurrency": int(os.environ.get("CONNECTIONS") or 5000),
    }
