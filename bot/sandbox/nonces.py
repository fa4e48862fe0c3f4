"""Discord's ``enforce_nonce``: a message created with a nonce already used by the same
author in the same channel a few minutes before is not created again; the first one is
returned instead. A bot that repeats a send after a crash relies on it."""

from __future__ import annotations

import time
from collections.abc import Callable

NONCE_WINDOW = 300.0
"""Seconds a nonce is remembered ("the past few minutes", Discord says)."""


class Nonces:
    """The nonces of messages created with ``enforce_nonce``, by author and channel."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._seen: dict[tuple[int, int, str], tuple[int, float]] = {}

    def earlier(self, author_id: int, channel_id: int, nonce: str) -> int | None:
        """The id of the message this nonce already created, if within the window."""
        found = self._seen.get((author_id, channel_id, nonce))
        if found is None or self._clock() - found[1] > NONCE_WINDOW:
            return None
        return found[0]

    def remember(self, author_id: int, channel_id: int, nonce: str, message_id: int) -> None:
        self._seen[(author_id, channel_id, nonce)] = (message_id, self._clock())
