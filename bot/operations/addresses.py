"""Which addresses a server's webhook may make the bot reach.

A server's admin chooses the URL, so without a check the bot would post for them to the
machines beside it: its own status server, a database, a cloud's metadata service. Only
https to public unicast addresses is allowed, unless the operator allows more
(``WEBHOOK_ALLOW_PRIVATE``). The URL is checked when it is set and before each delivery, and
each delivery connects only to addresses its host resolved to that passed the check
(:class:`GuardedResolver`), so a name that resolves to a public address when set and to a
private one later (DNS rebinding) reaches nothing.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket

import yarl
from aiohttp.abc import AbstractResolver, ResolveResult
from aiohttp.resolver import ThreadedResolver

LONGEST_URL = 500
LOOKUP_SECONDS = 5.0


class AddressRefused(OSError):
    """An address the bot will not reach; the message says why, in plain words. An
    ``OSError``, so that aiohttp reports it as a failure to connect."""


def allowed_ip(text: str) -> bool:
    """Whether an IP address is public unicast: not loopback, private, link-local,
    unspecified, multicast or reserved, nor an IPv4 address of those kinds inside IPv6."""
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address):
        inner = address.ipv4_mapped or address.sixtofour
        if inner is not None:
            return allowed_ip(str(inner))
    return address.is_global and not (
        address.is_private
        or address.is_loopback
        or address.is_link_local
        or address.is_multicast
        or address.is_reserved
        or address.is_unspecified
    )


def literal_ip(host: str) -> str | None:
    """The host as an IP address, if it is written as one."""
    try:
        return str(ipaddress.ip_address(host.strip("[]")))
    except ValueError:
        return None


def checked_url(url: str, *, allow_private: bool) -> yarl.URL:
    """The URL, if it is one the bot may post to as far as its text shows (the host's
    addresses are checked when it is resolved); else :class:`AddressRefused`."""
    if len(url) > LONGEST_URL:
        raise AddressRefused(f"The address is longer than {LONGEST_URL} characters.")
    if any(c.isspace() or not c.isprintable() for c in url):
        raise AddressRefused("The address holds a space or a control character.")
    try:
        parsed = yarl.URL(url, encoded=False)
        host, port = parsed.raw_host, parsed.port
    except (ValueError, TypeError):
        raise AddressRefused("That is not a web address.") from None
    schemes = ("https", "http") if allow_private else ("https",)
    if parsed.scheme not in schemes:
        raise AddressRefused("The address must begin with https://.")
    if not host or not port:
        raise AddressRefused("The address names no host, or no port it can be reached on.")
    if parsed.raw_user is not None or parsed.raw_password is not None:
        raise AddressRefused("The address must not hold a user name or password.")
    ip = literal_ip(host)
    if ip is not None and not allow_private and not allowed_ip(ip):
        raise AddressRefused(NOT_PUBLIC)
    if len(str(parsed)) > LONGEST_URL:
        raise AddressRefused(f"The address is longer than {LONGEST_URL} characters.")
    return parsed


NOT_PUBLIC = (
    "The address leads to a private, local or reserved network, which the bot does not reach."
)


class GuardedResolver(AbstractResolver):
    """Resolves a host name and keeps only the addresses a webhook may reach; with none
    left, refuses. The connection is made to what it returns, never to a second lookup."""

    def __init__(self, *, allow_private: bool, inner: AbstractResolver | None = None) -> None:
        self._allow_private = allow_private
        self._inner = inner

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_UNSPEC
    ) -> list[ResolveResult]:
        found = await self._lookup(host, port, family)
        if self._allow_private:
            return found
        kept = [result for result in found if allowed_ip(result["host"])]
        if not kept:
            raise AddressRefused(NOT_PUBLIC)
        return kept

    async def check(self, host: str, port: int) -> None:
        """Refuse a host any of whose addresses the bot may not reach: one that resolves to
        a private address beside public ones is refused when it is set, not only later."""
        found = await self._lookup(host, port, socket.AF_UNSPEC)
        if not self._allow_private and not all(allowed_ip(r["host"]) for r in found):
            raise AddressRefused(NOT_PUBLIC)

    async def _lookup(
        self, host: str, port: int, family: socket.AddressFamily
    ) -> list[ResolveResult]:
        if self._inner is None:
            self._inner = ThreadedResolver()
        try:
            async with asyncio.timeout(LOOKUP_SECONDS):
                found = await self._inner.resolve(host, port, family)
        except TimeoutError:
            raise AddressRefused("The address's host name did not resolve in time.") from None
        except OSError:
            raise AddressRefused("The address's host name does not resolve.") from None
        if not found:
            raise AddressRefused("The address's host name does not resolve.")
        return found

    async def close(self) -> None:
        if self._inner is not None:
            await self._inner.close()


async def check_address(url: str, *, allow_private: bool, resolver: GuardedResolver) -> str:
    """The URL, normalised, once its text and every address its host resolves to now pass
    the check; else :class:`AddressRefused`."""
    parsed = checked_url(url, allow_private=allow_private)
    host = parsed.raw_host or ""
    if literal_ip(host) is None:
        await resolver.check(host, parsed.port or 0)
    return str(parsed)
