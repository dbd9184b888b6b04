"""gunicorn's settings for the app (docs/deploy.md): `gunicorn -c python:app.serve.gunicorn_conf`.

The worker (app.serve.worker) closes open event streams GRACE seconds after a stop; gunicorn's
graceful timeout only bounds a worker that still hangs after that, so a stop or a restart
takes seconds, not the half minute of gunicorn's default.
"""

from __future__ import annotations

worker_class = "app.serve.worker.StreamWorker"
# s: above the worker's GRACE (2 s) and the lifespan's shutdown, well below systemd's 90 s.
graceful_timeout = 8
