"""Tracks REST traffic so driver calls can wait until the bot has gone quiet."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Protocol

Condition = Callable[[], bool]


class BotWorkProbe(Protocol):
    """What a bot in the sandbox's process is doing (bot_work.py)."""

    @property
    def here(self) -> bool:
        """Whether the bot runs in this process (its interactions' tasks were seen)."""

    @property
    def started(self) -> int:
        """How many of its tasks have been followed so far: a mark for :meth:`busy`."""

    def busy(self, since: int) -> bool:
        """Whether a task it started after the mark ``since`` is unfinished."""


class ActivityMonitor:
    """Counts requests in flight and wakes waiters whenever anything changes.

    A thousand players may wait at once, each for their own interaction, while every request
    is a change. Waking every waiter on every change (a task each) cost the sandbox time that
    grew with the square of the players; instead, a change schedules one pass, in the next turn
    of the event loop, over the waiters' conditions, and wakes only those that now hold."""

    def __init__(self) -> None:
        self.in_flight = 0
        self.last_change = 0.0
        self.held_until = 0.0
        """Until when the bot is expected to be waiting on a spent rate limit, with more to send."""
        self.bot_work: BotWorkProbe | None = None
        """What a bot in this process is doing: with it, an interaction's traffic settles as
        soon as nothing is in flight and the work it set off is done, with no quiet spell."""
        self._waiters: dict[asyncio.Future[bool], Condition | None] = {}
        """Each waiter's condition; None wakes it on any change."""
        self._pass_due = False

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
        if self._waiters and not self._pass_due:
            self._pass_due = True
            asyncio.get_running_loop().call_soon(self._wake)

    def hold_until(self, moment: float) -> None:
        """The bot spent a rate-limit bucket: it may be waiting to send more until ``moment``,
        so the traffic is not quiet before then."""
        self.held_until = max(self.held_until, moment)
        self.touch()

    def _wake(self) -> None:
        """After a change has run its course: wake the waiters whose condition now holds."""
        self._pass_due = False
        for future, condition in list(self._waiters.items()):
            if not future.done() and (condition is None or condition()):
                future.set_result(True)

    async def _changed(self, condition: Condition | None, deadline: float) -> bool:
        """True once a change makes ``condition`` hold (None: once anything changes); False
        when the deadline comes first."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[bool] = loop.create_future()
        self._waiters[future] = condition
        timer = loop.call_at(deadline, _settle, future, False)
        try:
            return await future
        finally:
            timer.cancel()
            del self._waiters[future]

    async def wait_for(self, condition: Condition, deadline: float) -> bool:
        """Wait until condition() holds; False if the deadline passed first."""
        if condition():
            return True
        if deadline <= self.now():
            return False
        return await self._changed(condition, deadline) or condition()

    async def wait_quiet(self, quiet: float, deadline: float, since: int | None = None) -> bool:
        """Wait until no request is in flight, no spent rate limit holds the bot back, and
        either a bot in this process has finished the tasks it started after the mark
        ``since`` (:class:`BotWorkProbe`) or, for a bot elsewhere or without a mark, nothing
        changed for `quiet` seconds."""
        probe = self.bot_work
        follow = probe is not None and probe.here and since is not None
        while True:
            now = self.now()
            if follow:
                assert probe is not None and since is not None
                quiet_at = self.held_until
                working = self.in_flight > 0 or probe.busy(since)
            else:
                quiet_at = max(self.last_change, self.held_until) + quiet
                working = self.in_flight > 0
            if not working and now >= quiet_at:
                return True
            if now >= deadline:
                return False
            wake_at = deadline if working else min(deadline, quiet_at)
            await self._changed(None, max(wake_at, now))


def _settle(future: asyncio.Future[bool], result: bool) -> None:
    if not future.done():
        future.set_result(result)
