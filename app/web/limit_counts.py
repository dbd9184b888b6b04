"""Where the rate limits count: RATELIMIT_STORAGE_URI, or this process's memory while that
storage does not answer.

A shared storage (Redis) that is down or stalled must not turn "new table" into a 500 or a
five-second wait: each call to it is bounded by a short socket timeout, and after a failure
the process counts in memory for a while before it asks the storage again. Counting alone for
a minute is the lesser harm, since the limits only guard against floods.
"""

from __future__ import annotations

import logging
import threading
import time

from limits import RateLimitItem
from limits.errors import StorageError
from limits.storage import MemoryStorage
from limits.storage import storage_from_string
from limits.strategies import FixedWindowRateLimiter

# Seconds a call to a network storage may take (connect, then each answer): a stalled Redis
# costs one request this long, not the server's whole request deadline.
SOCKET_TIMEOUT = 0.5
# Seconds of counting in memory after the shared storage failed, before it is asked again.
RETRY_AFTER_FAILURE = 30.0
REDIS_SCHEMES = ("redis", "rediss", "valkey", "valkeys")
# Not the Flask app's logger: inside a request that one writes to the server's wsgi.errors.
log = logging.getLogger(__name__)


def open_storage(uri: str) -> FixedWindowRateLimiter:
    """Counting in the URI's storage; its errors wrapped as StorageError, network calls bounded."""
    if uri.split(":", 1)[0].split("+", 1)[0].lower() in REDIS_SCHEMES:
        storage = storage_from_string(
            uri,
            wrap_exceptions=True,
            socket_timeout=SOCKET_TIMEOUT,
            socket_connect_timeout=SOCKET_TIMEOUT,
        )
    else:
        storage = storage_from_string(uri, wrap_exceptions=True)
    return FixedWindowRateLimiter(storage)


class Counter:
    """Counts hits in the configured storage, in memory while that storage fails."""

    def __init__(self, uri: str) -> None:
        """Open the storage and ask it once, so the start says where the limits count."""
        self.uri = uri
        self.shared = open_storage(uri)
        self.local = FixedWindowRateLimiter(MemoryStorage())
        self.lock = threading.Lock()
        self.alone_until = 0.0
        if not isinstance(self.shared.storage, MemoryStorage):
            self.check_at_start()

    def check_at_start(self) -> None:
        """Say whether the shared storage answers; count in memory from the start if not."""
        if self.shared.storage.check():
            log.info("Rate limits count in %s.", self.uri)
        else:
            self.failed()

    def failed(self) -> None:
        """The shared storage did not answer: count in memory for a while, and say so."""
        with self.lock:
            self.alone_until = time.monotonic() + RETRY_AFTER_FAILURE
        log.warning(
            "Rate limit storage %s does not answer: counting in this process's memory,"
            " asking it again in %d s.",
            self.uri,
            RETRY_AFTER_FAILURE,
        )

    def hit(self, limit: RateLimitItem, scope: str, address: str) -> float | None:
        """Count one hit; None while within the limit, else when its window starts anew."""
        if time.monotonic() >= self.alone_until:
            try:
                return self.hit_in(self.shared, limit, scope, address)
            except StorageError:
                self.failed()
        return self.hit_in(self.local, limit, scope, address)

    @staticmethod
    def hit_in(
        limiter: FixedWindowRateLimiter, limit: RateLimitItem, scope: str, address: str
    ) -> float | None:
        """Count one hit in the limiter's storage (see hit)."""
        if limiter.hit(limit, scope, address):
            return None
        return limiter.get_window_stats(limit, scope, address).reset_time
