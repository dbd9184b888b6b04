"""Running the ASGI app under uvicorn for `mautisch serve`, with its bounds.

uvicorn (pure Python with h11, faster with httptools; Linux, macOS and Windows) holds every
connection in one event loop. Bounds: `connections` in total (beyond it uvicorn answers 503),
4/5 of them at most for event streams and `per_address` streams per client address (app.push);
idle kept connections are closed after KEEP_ALIVE seconds; a request head must come within
seconds and one address holds a fair share of the connections at most (app.serve.guard).
"""

from __future__ import annotations

import socket
import sys

import uvicorn

from app.serve.asgi import PushApp
from app.serve.guard import REQUEST_ROOM
from app.serve.guard import guarded

# s: an idle kept connection is closed after this. Long, as browsers keep theirs: a phone told
# of a change fetches the page on its warm connection instead of paying a new handshake, and
# an idle connection costs the event loop little.
KEEP_ALIVE = 75
GRACE = 2  # s
SPARE_FILES = 200  # file descriptors beyond the connections: database, logs, static files


def listening_socket(host: str, port: int) -> socket.socket:
    """The bound socket (OSError when the port is taken); port 0 picks a free one.

    Made with the protocol named (IPPROTO_TCP): asyncio sets TCP_NODELAY only on sockets whose
    protocol says TCP, and without it an answer's body waits for the ACK of its headers (Nagle
    against delayed ACK: 40 ms on Linux for every answer).
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        if sys.platform != "win32":  # Windows' SO_REUSEADDR would let another take the port
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(2048)
    except OSError:
        sock.close()
        raise
    return sock


def allow_open_files(needed: int) -> None:
    """Raise this process's open-file limit towards `needed` (POSIX; macOS starts at 256)."""
    if sys.platform == "win32":
        return  # no such limit per process for sockets
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def run(app: PushApp, sock: socket.socket, connections: int) -> None:
    """Serve until Ctrl+C (uvicorn handles the signals and closes the streams)."""
    allow_open_files(connections + SPARE_FILES)
    # Behind proxies every connection comes from one of them: they bound their clients.
    share = None if app.proxies else app.hub.per_client + REQUEST_ROOM
    config = uvicorn.Config(
        app,
        http=guarded(share),
        limit_concurrency=connections,
        timeout_keep_alive=KEEP_ALIVE,
        # Open streams never end by themselves: on Ctrl+C give them this long, then close them.
        timeout_graceful_shutdown=GRACE,
        lifespan="on",
        log_level="warning",
        access_log=False,
        server_header=False,
        date_header=False,  # the app sets Date itself (app.web)
        proxy_headers=False,  # the app believes X-Forwarded-* per PROXY_COUNT (ProxyFix)
    )
    uvicorn.Server(config).run(sockets=[sock])
