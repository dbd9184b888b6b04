"""A sealed session cookie: encrypted and authenticated (AES-GCM), so the edit tokens it holds
cannot be read from it, only used by this app.

Flask's own cookie is merely signed: anyone who sees it (a shared computer, a browser add-on,
a screenshot of the developer tools) can decode the tokens in it. Sealing keeps the shape of
Flask's session (the same tagged JSON, compressed) inside AES-GCM with a key derived from
SECRET_KEY (SECRET_KEY_FALLBACKS still open older cookies). A cookie from before sealing is
still read once, and sealed on that request (`RESEAL_KEY`): no phone loses its tables.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
import struct
import time
import zlib
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from flask import Flask
from itsdangerous import BadSignature
from itsdangerous import SignatureExpired
from itsdangerous import URLSafeTimedSerializer

from app.web.sessions import RESEAL_KEY

PREFIX = "s1."  # a sealed cookie; anything else is an older, signed one
CONTEXT = b"mautisch session cookie"


def cookie_key(secret: str | bytes) -> bytes:
    """The AES-256 key for one SECRET_KEY (never the secret itself)."""
    raw = secret.encode() if isinstance(secret, str) else secret
    return hashlib.sha256(CONTEXT + b"\0" + raw).digest()


class SealedSerializer(URLSafeTimedSerializer):
    """Flask's session serializer, sealed with AES-GCM; reads older signed cookies too."""

    def __init__(self, app: Flask, legacy: URLSafeTimedSerializer) -> None:
        """Keys from SECRET_KEY (first) and SECRET_KEY_FALLBACKS; `legacy` reads old cookies."""
        secrets = [app.secret_key, *(app.config.get("SECRET_KEY_FALLBACKS") or [])]
        super().__init__(secrets, salt=legacy.salt, serializer=legacy.serializer)
        self.keys = [cookie_key(s) for s in secrets if s]
        self.legacy = legacy

    def dumps(self, obj: Any, salt: str | bytes | None = None) -> str:
        """The session sealed: issue time and compressed tagged JSON, encrypted."""
        payload = struct.pack(">Q", int(time.time())) + zlib.compress(
            self.serializer.dumps(obj).encode()
        )
        nonce = os.urandom(12)
        sealed = AESGCM(self.keys[0]).encrypt(nonce, payload, CONTEXT)
        return PREFIX + base64.urlsafe_b64encode(nonce + sealed).decode().rstrip("=")

    def loads(  # type: ignore[override]
        self, s: str | bytes, max_age: int | None = None, **_: Any
    ) -> Any:
        """The session of a sealed cookie (or of an older signed one, marked for resealing)."""
        value = s.decode() if isinstance(s, bytes) else s
        if not value.startswith(PREFIX):
            data = self.legacy.loads(value, max_age=max_age)
            if isinstance(data, dict):
                data[RESEAL_KEY] = True
            return data
        body = value[len(PREFIX) :]
        try:
            raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        except (binascii.Error, ValueError) as error:
            raise BadSignature("not a sealed cookie") from error
        for key in self.keys:
            try:
                payload = AESGCM(key).decrypt(raw[:12], raw[12:], CONTEXT)
            except (InvalidTag, ValueError):
                continue
            issued = struct.unpack(">Q", payload[:8])[0]
            if max_age is not None and time.time() - issued > max_age:
                raise SignatureExpired("the session cookie is too old")
            return self.serializer.loads(zlib.decompress(payload[8:]).decode())
        raise BadSignature("the session cookie does not open with this app's keys")
