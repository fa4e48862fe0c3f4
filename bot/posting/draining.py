"""Stopping without cutting a command off halfway.

A bot told to stop (SIGTERM from Docker or a service manager) used to close its HTTP session
and database under the commands it was handling: an order committed, and its post never
made, until the outbox sent it after the restart. Now the commands being handled finish
first, for a bounded time, and commands that arrive meanwhile are answered that the bot is
restarting, with nothing changed.
"""

from __future__ import annotations

import asyncio

DRAIN_SECONDS = 8.0
"""How long a stopping bot waits for its commands: Docker kills 10 s after SIGTERM."""
RESTARTING = "Laager is restarting, and nothing was changed. Try again in a minute."


class Handlers:
    """The tasks handling commands and presses right now, and whether the bot is stopping."""

    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[object]] = set()
        self.draining = False
        """Set once the bot is stopping: new commands are refused with :data:`RESTARTING`."""

    def hold(self) -> None:
        """Count the running task as a command being handled, until it ends."""
        task = asyncio.current_task()
        if task is not None and task not in self._tasks:
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def drain(self, within: float) -> int:
        """Refuse new commands, and wait up to ``within`` seconds for those being handled;
        returns how many were still running when the time was up."""
        self.draining = True
        pending = self._tasks - {asyncio.current_task()}
        if not pending:
            return 0
        _, still = await asyncio.wait(pending, timeout=within)
        return len(still)
