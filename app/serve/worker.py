"""gunicorn's worker for the ASGI app: uvicorn's, with the settings of `mautisch serve`.

uvicorn-worker runs uvicorn without a graceful-shutdown timeout, so a stop waits for every open
event stream to end by itself, which a phone's stream never does: gunicorn then kills the worker
after its own graceful timeout (30 s by default). With the timeout of `mautisch serve`
(app.serve.running.GRACE) the streams are closed after it and the phones reconnect at once, to
another worker or the restarted server.
"""

from __future__ import annotations

from typing import Any

from uvicorn_worker import UvicornWorker

from app.serve.running import GRACE


class StreamWorker(UvicornWorker):
    """uvicorn's worker class that closes the open streams GRACE seconds after a stop."""

    CONFIG_KWARGS: dict[str, Any] = {
        **UvicornWorker.CONFIG_KWARGS,
        "timeout_graceful_shutdown": GRACE,
        # The push hub is bound to the loop at start-up (app.serve.asgi.PushApp.lifespan).
        "lifespan": "on",
        "server_header": False,
        "date_header": False,  # the app sets Date itself (app.web)
    }
