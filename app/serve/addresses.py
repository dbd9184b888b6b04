"""The addresses under which the phones at the table can reach this machine.

Found without sending anything: connecting a UDP socket only asks the OS which local address
the default route (the home Wi-Fi) would use. Loopback addresses are named apart.
"""

from __future__ import annotations

import ipaddress
import socket

# A documentation address (RFC 5737): never in use, so the route to it is the default route.
ROUTE_PROBE = ("192.0.2.1", 9)
EVERYWHERE = ("", "0.0.0.0", "::", "*")


def network_addresses() -> list[str]:
    """This machine's IPv4 address on its default route, if it has one that phones can reach."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(ROUTE_PROBE)
        except OSError:
            return []  # no route at all: an offline machine
        address = str(probe.getsockname()[0])
    parsed = ipaddress.ip_address(address)
    return [] if parsed.is_loopback or parsed.is_unspecified else [address]


def url(host: str, port: int) -> str:
    """`http://host:port/`, with brackets around an IPv6 address."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def phone_urls(host: str, port: int) -> list[str]:
    """The addresses to open on the phones for a server listening on `host`."""
    if host in EVERYWHERE:
        return [url(address, port) for address in network_addresses()]
    try:
        if ipaddress.ip_address(host).is_loopback:
            return []
    except ValueError:
        pass  # a host name: the phones may resolve it too
    return [url(host, port)]
