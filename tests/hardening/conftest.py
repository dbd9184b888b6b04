"""The hardening tests start real servers the way the serving tests do (tests/serve/)."""

from __future__ import annotations

from tests.serve.conftest import servers  # noqa: F401  (the fixture, shared)
