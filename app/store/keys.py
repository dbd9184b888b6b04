"""An Idempotency-Key stands for one request: the same key with another round is refused.

The IETF Idempotency-Key draft: a key reused with a different payload is answered 422, never
with the first request's answer. The payload is compared by a fingerprint of the round as its
variant checked it (key order and spacing of the JSON do not matter); a record kept before
fingerprints were stored has none and is replayed as before.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from app.store.models import IdempotencyKey
from app.text import InputError
from app.text import Message


class KeyReused(InputError):
    """The key was used before for a different round (API 422)."""


def fingerprint(data: Any) -> str:
    """The SHA-256 of the checked round in a canonical JSON form."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def check_same_round(seen: IdempotencyKey, data: Any) -> None:
    """KeyReused unless the remembered key was used for this very round."""
    if seen.body_hash is not None and seen.body_hash != fingerprint(data):
        raise KeyReused(
            Message(
                "This Idempotency-Key was already used for a different round; nothing was "
                "saved. Send a new round with a new key."
            ),
            "Idempotency-Key",
        )
