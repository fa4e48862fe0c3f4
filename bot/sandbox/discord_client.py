"""Pointing discord.py at a sandbox instead of discord.com.

discord.py reads its REST base from a class attribute and falls back to a default gateway
URL when a session is invalidated, so both are redirected (process-wide) and restored.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route


@contextmanager
def discord_py_redirected(api_base: str, gateway_url: str) -> Iterator[None]:
    """Within the block, every discord.py client in this process talks to the sandbox."""
    saved_base, saved_gateway = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    Route.BASE = api_base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    try:
        yield
    finally:
        Route.BASE = saved_base
        DiscordWebSocket.DEFAULT_GATEWAY = saved_gateway
