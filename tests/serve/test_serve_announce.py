"""What `mautisch serve` prints: addresses the phones can open, and a QR code on a terminal."""

from __future__ import annotations

import io
import ipaddress
import socket

import pytest
from flask import Flask

from app.serve.addresses import network_addresses
from app.serve.addresses import phone_urls
from app.serve.command import announce
from app.serve.command import parser
from app.serve.command import terminal_qr
from tests.helpers import terminal_qr_text


class Terminal(io.StringIO):
    """Text output that says it is a terminal, as a console window is."""

    def isatty(self) -> bool:
        """Yes: draw the QR code."""
        return True


def test_network_addresses_belong_to_this_machine() -> None:
    """The address printed for the phones is one of this machine's own, never 127.x."""
    addresses = network_addresses()
    if not addresses:
        pytest.skip("this machine has no route to any network")
    for address in addresses:
        parsed = ipaddress.ip_address(address)
        assert not parsed.is_loopback
        assert not parsed.is_unspecified
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as listener:
            listener.bind((address, 0))  # only an address of this machine can be bound


def test_all_interfaces_give_the_machines_addresses() -> None:
    """Listening everywhere: one link per network address, on the chosen port."""
    links = phone_urls("0.0.0.0", 5000)
    assert links == [f"http://{address}:5000/" for address in network_addresses()]


@pytest.mark.parametrize(
    ("host", "expected"),
    [
        ("127.0.0.1", []),
        ("::1", []),
        ("192.168.1.20", ["http://192.168.1.20:8000/"]),
        ("fd00::20", ["http://[fd00::20]:8000/"]),
        ("mautisch.local", ["http://mautisch.local:8000/"]),
    ],
)
def test_links_for_one_listening_address(host: str, expected: list[str]) -> None:
    """Loopback only reaches this machine; any other address is what the phones open."""
    assert phone_urls(host, 8000) == expected


def test_announce_lists_addresses_and_draws_a_qr_code_on_a_terminal(app: Flask) -> None:
    """The first link as QR code (text blocks) after the list; localhost named apart."""
    out = Terminal()
    announce(app, "192.168.1.20", 5000, out)
    text = out.getvalue()
    assert "  http://192.168.1.20:5000/\n" in text
    assert "http://localhost:5000/  (nur dieser Rechner / this machine only)" in text
    assert "█" in text or "▀" in text
    assert text.rstrip().endswith("Beenden mit Strg+C / stop with Ctrl+C")


def test_announce_into_a_log_has_no_qr_code(app: Flask) -> None:
    """Output to a file or a pipe (a service's log) gets the addresses only."""
    out = io.StringIO()
    announce(app, "192.168.1.20", 5000, out)
    assert "http://192.168.1.20:5000/" in out.getvalue()
    assert "▀" not in out.getvalue()


def test_announce_puts_the_public_url_first(app: Flask) -> None:
    """With PUBLIC_URL, that is the address to give the phones."""
    app.config["PUBLIC_URL"] = "https://maumau.example.org"
    out = Terminal()
    announce(app, "127.0.0.1", 5000, out)
    lines = out.getvalue().splitlines()
    assert lines[1] == "  https://maumau.example.org/"


def test_announce_on_loopback_says_how_to_reach_the_phones(app: Flask) -> None:
    """Listening on 127.0.0.1 only: say that other phones cannot reach it, and how to fix it."""
    out = Terminal()
    announce(app, "127.0.0.1", 5000, out)
    assert "--host 0.0.0.0" in out.getvalue()
    assert "▀" not in out.getvalue()


def test_terminal_qr_encodes_the_link() -> None:
    """The terminal QR code, read as a phone's camera reads the screen, is exactly that link."""
    out = io.StringIO()
    terminal_qr("http://192.168.1.20:5000/", out)
    assert terminal_qr_text(out.getvalue()) == "http://192.168.1.20:5000/"


def test_command_line_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    """All interfaces, port 5000, 8 threads; PORT and THREADS from the environment."""
    monkeypatch.delenv("PORT", raising=False)
    monkeypatch.delenv("THREADS", raising=False)
    args = parser().parse_args(["serve"])
    assert (args.host, args.port, args.threads) == ("0.0.0.0", 5000, 8)
    monkeypatch.setenv("PORT", "8080")
    monkeypatch.setenv("THREADS", "16")
    args = parser().parse_args(["serve", "--host", "127.0.0.1"])
    assert (args.host, args.port, args.threads) == ("127.0.0.1", 8080, 16)


def test_a_bad_port_is_named(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """PORT=abc is an error naming --port, not a silent 5000."""
    monkeypatch.setenv("PORT", "abc")
    with pytest.raises(SystemExit) as stopped:
        parser().parse_args(["serve"])
    assert stopped.value.code == 2
    assert "--port: invalid int value: 'abc'" in capsys.readouterr().err
