"""Tracks REST traffic so driver calls can wait until the bot has gone quiet."""

from __future__ import annotations

import asyncio
from collections.abc import Callable


class ActivityMonitor:
    """Counts requests in flight and wakes waiters whenever anything changes."""

    def __init__(self) -> None:
        self.in_flight = 0
        self.last_change = 0.0
        self.held_until = 0.0
        """Until when the bot is expected to be waiting on a spent rate limit, with more to send."""
        self._changed = asyncio.Event()

    @staticmethod
    def now() -> float:
        return asyncio.get_running_loop().time()

    def request_started(self) -> None:
        self.in_flight += 1
        self.touch()

    def request_finished(self) -> None:
        self.in_flight -= 1
        self.touch()

    def touch(self) -> None:
        """Note that something happened (a request, a message, a callback)."""
        self.last_change = self.now()
        self._changed.set()

    def hold_until(self, moment: float) -> None:
        """The bot spent a rate-limit bucket: it may be waiting to send more until ``moment``,
        so the traffic is not quiet before then."""
        self.held_until = max(self.held_until, moment)
        self.touch()

    async def wait_for(self, condition: Callable[[], bool], deadline: float) -> bool:
        """Wait until condition() holds; False if the deadline passed first."""
        while not condition():
            remaining = deadline - self.now()
            if remaining <= 0:
                return False
            self._changed.clear()
            try:
                await asyncio.wait_for(self._changed.wait(), remaining)
            except TimeoutError:
                return condition()
        return True

    async def wait_quiet(self, quiet: float, deadline: float) -> bool:
        """Wait until no request is in flight, no spent rate limit holds the bot back, and
        nothing changed for `quiet` seconds."""
        while True:
            now = self.now()
            quiet_at = max(self.last_change, self.held_until) + quiet
            if self.in_flight == 0 and now >= quiet_at:
                return True
            if now >= deadline:
                return False
            self._changed.clear()
            wake_at = deadline if self.in_flight else min(deadline, quiet_at)
            try:
                await asyncio.wait_for(self._changed.wait(), max(wake_at - now, 0))
            except TimeoutError:
                pass
