"""Where ``picas load`` sends its requests from, and to: the target must be this machine, and each
simulated person speaks from an address of its own in 127/8 (all of it is this machine), since the
server shares its work and caps its sockets by address."""

from __future__ import annotations

import ipaddress
import socket
import urllib.parse

from picas.cli import CommandError

ABUSER_ADDRESS = "127.0.0.2"
"""The abusive clients' address (:mod:`picas.cli.load_abusive`)."""
NEWCOMER_ADDRESS = "127.0.0.3"
"""The newcomer's and the polite player's, who measure what the abusive clients leave."""
PER_BLOCK = 250
"""Addresses used in each 127.0.x block (x.1 to x.250)."""


def check_loopback(url: str) -> str:
    """The base URL, if it names this machine; a ``CommandError`` otherwise: ``picas load`` is a
    benchmark, not a tool to load someone else's server."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme != "http" or not parts.hostname:
        raise CommandError(f"Dirección no válida: «{url}» (p. ej. http://127.0.0.1:8000).")
    try:
        infos = socket.getaddrinfo(parts.hostname, parts.port or 80)
        addresses = {str(info[4][0]) for info in infos}
    except OSError:
        raise CommandError(f"No se encuentra «{parts.hostname}».") from None
    for address in addresses:
        if not ipaddress.ip_address(address.split("%")[0]).is_loopback:
            raise CommandError(
                f"«{parts.hostname}» no es esta máquina: la prueba de carga solo va contra"
                " 127.0.0.1."
            )
    return f"{parts.scheme}://{parts.netloc}"


def host_and_port(base: str) -> tuple[str, int]:
    parts = urllib.parse.urlsplit(base)
    return parts.hostname or "127.0.0.1", parts.port or 80


def player_address(number: int, addresses: int) -> str | None:
    """A solo player ``number``'s address among ``addresses`` (127.0.1.1…; 0: one each), None for
    the system's own (``addresses`` 1)."""
    if addresses == 1:
        return None
    index = number % addresses if addresses else number
    return f"127.0.{1 + index // PER_BLOCK}.{1 + index % PER_BLOCK}"


def person_address(slot: int) -> str:
    """The address of the ``slot``-th person at the friends' or the rated tables (127.0.2.1…),
    as people at different homes would have."""
    return f"127.0.{2 + slot // PER_BLOCK}.{1 + slot % PER_BLOCK}"
