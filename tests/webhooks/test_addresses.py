"""Which addresses a server's webhook may reach: public https only, checked in the URL's
text, in every address its host resolves to when it is set, and in what each delivery
connects to."""

from __future__ import annotations

import socket

import pytest
from aiohttp.abc import AbstractResolver, ResolveResult

from bot.operations.addresses import (
    LONGEST_URL,
    AddressRefused,
    GuardedResolver,
    allowed_ip,
    check_address,
    checked_url,
)

REFUSED_IPS = [
    "127.0.0.1",
    "127.8.9.10",
    "10.1.2.3",
    "172.16.0.1",
    "192.168.1.1",
    "169.254.169.254",  # a cloud's metadata service
    "100.64.0.1",  # shared address space (carrier-grade NAT)
    "0.0.0.0",
    "224.0.0.1",
    "239.255.255.250",
    "240.0.0.1",
    "255.255.255.255",
    "192.0.2.1",  # documentation
    "::1",
    "::",
    "fe80::1",
    "fe80::1%1",
    "fc00::1",
    "fd12:3456::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "2002:7f00:1::1",  # 6to4 around 127.0.0.1
    "64:ff9b::7f00:1",  # NAT64 around 127.0.0.1
    "::127.0.0.1",
    "2001:db8::1",
    "not an address",
]
ALLOWED_IPS = ["8.8.8.8", "93.184.216.34", "2606:4700:4700::1111", "::ffff:8.8.8.8"]


@pytest.mark.parametrize("address", REFUSED_IPS)
def test_a_non_public_address_is_refused(address: str) -> None:
    assert not allowed_ip(address)


@pytest.mark.parametrize("address", ALLOWED_IPS)
def test_a_public_unicast_address_is_allowed(address: str) -> None:
    assert allowed_ip(address)


@pytest.mark.parametrize(
    ("url", "why"),
    [
        ("http://example.com/hook", "https://"),
        ("ftp://example.com/hook", "https://"),
        ("example.com/hook", "https://"),
        ("https:///hook", "no host"),
        ("https://user:secret@example.com/hook", "user name or password"),
        ("https://user@example.com/hook", "user name or password"),
        ("https://example.com/a hook", "space"),
        ("https://example.com/\x00", "control"),
        ("https://example.com/\thook", "space"),
        ("https://example.com\n.evil/", "space"),
        ("https://example.com/" + "a" * LONGEST_URL, "longer than"),
        ("https://example.com/" + "é" * 200, "longer than"),  # once percent-encoded
        ("https://127.0.0.1/hook", "private"),
        ("https://[::1]:8443/hook", "private"),
        ("https://[::ffff:192.168.0.1]/hook", "private"),
        ("https://example.com:99999/", "not a web address"),
        ("https://[::1/", "not a web address"),
    ],
)
def test_a_url_is_refused_from_its_text(url: str, why: str) -> None:
    with pytest.raises(AddressRefused, match=why):
        checked_url(url, allow_private=False)


def test_a_plain_public_https_url_passes_normalised() -> None:
    assert str(checked_url("HTTPS://Example.com/Hook?x=1", allow_private=False)) == (
        "https://example.com/Hook?x=1"
    )


def test_the_operators_setting_lets_through_http_and_private_addresses_only() -> None:
    assert str(checked_url("http://127.0.0.1:8080/h", allow_private=True)).startswith("http://")
    with pytest.raises(AddressRefused, match="user name"):
        checked_url("http://me:pw@127.0.0.1/h", allow_private=True)
    with pytest.raises(AddressRefused, match="https://"):
        checked_url("file:///etc/passwd", allow_private=True)


class Names(AbstractResolver):
    """A resolver that knows a few names."""

    def __init__(self, table: dict[str, list[str]]) -> None:
        self.table = table

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        if host not in self.table:
            raise OSError(f"{host} does not resolve")
        return [
            ResolveResult(
                hostname=host,
                host=address,
                port=port,
                family=socket.AF_INET6 if ":" in address else socket.AF_INET,
                proto=0,
                flags=0,
            )
            for address in self.table[host]
        ]

    async def close(self) -> None:
        pass


NAMES = {
    "public.example": ["93.184.216.34"],
    "mixed.example": ["93.184.216.34", "10.0.0.5"],
    "inside.example": ["127.0.0.1", "::1"],
}


async def test_a_delivery_connects_only_to_the_addresses_that_pass() -> None:
    guarded = GuardedResolver(allow_private=False, inner=Names(NAMES))
    assert [r["host"] for r in await guarded.resolve("mixed.example", 443)] == ["93.184.216.34"]
    with pytest.raises(AddressRefused, match="private"):
        await guarded.resolve("inside.example", 443)
    with pytest.raises(AddressRefused, match="does not resolve"):
        await guarded.resolve("nowhere.example", 443)
    trusting = GuardedResolver(allow_private=True, inner=Names(NAMES))
    assert len(await trusting.resolve("inside.example", 443)) == 2


async def test_a_host_with_any_private_address_is_refused_when_set() -> None:
    guarded = GuardedResolver(allow_private=False, inner=Names(NAMES))
    url = "https://public.example/hook"
    assert await check_address(url, allow_private=False, resolver=guarded) == url
    for refused in ("https://mixed.example/hook", "https://inside.example/hook"):
        with pytest.raises(AddressRefused, match="private"):
            await check_address(refused, allow_private=False, resolver=guarded)
    with pytest.raises(AddressRefused, match="does not resolve"):
        await check_address("https://nowhere.example/", allow_private=False, resolver=guarded)
