"""`mautisch serve` and `mautisch migrate`: the app for the phones at the table.

`serve` runs uvicorn (app.serve.running; any OS) and prints the addresses with a QR code. A database
this version cannot use ends the start with one sentence and exit status 1, instead of a server
that fails on every request.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TextIO

from flask import Flask

from app.serve.addresses import EVERYWHERE
from app.serve.addresses import phone_urls
from app.serve.addresses import url

EXIT_UNUSABLE = 1


def parser() -> argparse.ArgumentParser:
    """`mautisch serve [--host H] [--port P] [--threads N] [--connections N] [--per-address N]`
    and `mautisch migrate`."""
    main_parser = argparse.ArgumentParser(
        prog="mautisch", description="Mautisch: Mau-Mau score keeping and referee."
    )
    commands = main_parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="serve the app to the phones (uvicorn)")
    serve.add_argument(
        "--host",
        default="0.0.0.0",
        help="address to listen on (default: all interfaces, 0.0.0.0; 127.0.0.1: this machine)",
    )
    # String defaults go through `type` like typed values: a bad PORT is named, not ignored.
    serve.add_argument(
        "--port",
        type=int,
        default=os.environ.get("PORT", "5000"),
        help="port (default: PORT from the environment, else 5000)",
    )
    serve.add_argument(
        "--threads",
        type=int,
        default=os.environ.get("THREADS", "8"),
        help="requests answered at the same time (default: THREADS, else 8)",
    )
    serve.add_argument(
        "--connections",
        type=int,
        default=os.environ.get("CONNECTIONS", "5000"),
        help="open connections in total, live views included (default: CONNECTIONS, else 5000)",
    )
    serve.add_argument(
        "--per-address",
        type=int,
        default=os.environ.get("PER_ADDRESS", "200"),
        help="live views held for one client address; beyond, its phones poll"
        " (default: PER_ADDRESS, else 200)",
    )
    commands.add_parser("migrate", help="bring the database schema up to date, then exit")
    return main_parser


def load_app() -> Flask | None:
    """The app, its schema current; None (after saying why) when it cannot start."""
    from app.factory import create_app
    from app.serve import SettingError
    from app.store.setup import SchemaError

    try:
        return create_app()
    except (SchemaError, SettingError) as error:
        print(error, file=sys.stderr)
        return None


def terminal_qr(link: str, out: TextIO) -> None:
    """The link as a QR code drawn with text blocks, for a phone camera pointed at the screen."""
    import segno

    segno.make(link, error="l").terminal(out=out, compact=True)


def announce(app: Flask, host: str, port: int, out: TextIO) -> None:
    """Print where the phones find the app (and a QR code of it on a terminal)."""
    public = app.config.get("PUBLIC_URL")
    links = [f"{public}/"] if public else []
    links += phone_urls(host, port)
    print("Mautisch läuft – auf den Handys öffnen / is running – open on the phones:", file=out)
    for link in links:
        print(f"  {link}", file=out)
    print(f"  {url('localhost', port)}  (nur dieser Rechner / this machine only)", file=out)
    # The /qr page shows the same code (a service's log has no room for one).
    app.config["PHONE_LINKS"] = links
    if links:
        if out.isatty():
            terminal_qr(links[0], out)
        else:
            print(
                f"QR-Code für die Handys / QR code for the phones: {url('localhost', port)}qr",
                file=out,
            )
    elif host in EVERYWHERE:
        print(
            "Kein Netzwerk gefunden: verbinde diesen Rechner mit dem WLAN der Handys /"
            " no network found: connect this machine to the phones' Wi-Fi",
            file=out,
        )
    else:
        print(
            "Andere Handys erreichen ihn so nicht: --host 0.0.0.0 /"
            " other phones cannot reach it: use --host 0.0.0.0",
            file=out,
        )
    print("Beenden mit Strg+C / stop with Ctrl+C", file=out, flush=True)


def migrate() -> int:
    """Bring the schema up to date (even where AUTO_MIGRATE is off); returns the exit status."""
    from app.store.setup import ensure_schema

    app = load_app()
    if app is None:
        return EXIT_UNUSABLE
    with app.app_context():
        ensure_schema(app)
    print("Das Datenbankschema ist aktuell / the database schema is up to date.")
    return 0


def serve(
    host: str, port: int, threads: int, connections: int = 5000, per_address: int = 200
) -> int:
    """Start uvicorn with the app; returns the exit status."""
    os.environ["THREADS"] = str(threads)  # sizes the database pool (app.web.timeouts)
    app = load_app()
    if app is None:
        return EXIT_UNUSABLE
    from app.serve.asgi import PushApp
    from app.serve.asgi import stream_bounds
    from app.serve.running import listening_socket
    from app.serve.running import run

    try:
        sock = listening_socket(host, port)
    except OSError as error:
        print(f"Port {port} auf {host} ist nicht frei / is not free: {error}", file=sys.stderr)
        return EXIT_UNUSABLE
    # With --port 0 the system picked a free port: announce the real one.
    announce(app, host, int(sock.getsockname()[1]), sys.stdout)
    run(PushApp(app, threads, stream_bounds(connections, per_address)), sock, connections)
    return 0


def main(argv: list[str] | None = None) -> int:
    """The `mautisch` console script."""
    args = parser().parse_args(argv)
    if args.command == "migrate":
        return migrate()
    return serve(args.host, args.port, args.threads, args.connections, args.per_address)


if __name__ == "__main__":
    sys.exit(main())
