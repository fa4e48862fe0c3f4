"""How long the event loop was held: what a test reads to know that work did not block it."""

from __future__ import annotations

import asyncio


class Ticker:
    """Ticks every 10 ms and keeps the longest gap: how long the loop was held."""

    def __init__(self) -> None:
        self.longest = 0.0
        self._task = asyncio.ensure_future(self._tick())

    async def _tick(self) -> None:
        loop = asyncio.get_running_loop()
        last = loop.time()
        while True:
            await asyncio.sleep(0.01)
            now = loop.time()
            self.longest = max(self.longest, now - last)
            last = now

    async def stop(self) -> float:
        """The longest gap; a tick that fell due while the loop was held is counted first
        (cancelled at once, it would never see the gap)."""
        await asyncio.sleep(0.02)
        self._task.cancel()
        await asyncio.gather(self._task, return_exceptions=True)
        return self.longest
