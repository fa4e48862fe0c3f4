"""Odds played out in the worker processes that run orders and draw pictures.

An estimate plays hundreds of games. It sends them to the workers in chunks, and keeps no
more chunks there at once than all the workers but one: a command that arrives meanwhile
finds a worker free for its order or its picture instead of waiting behind the estimate
(on a one-worker machine the estimate takes turns with the commands, a chunk at a time).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Awaitable, Callable

from bot.play import workers
from games.core.odds import chunks

ChunkJob = Callable[..., dict[str, int]]
"""Plays runs ``first`` to ``first + count`` from the arguments before them; how many ended
each way. Defined at the top of a module, so it can be sent to a worker process."""

WATCH_SECONDS = 1.0
"""How often a running estimate asks whether it should stop."""


def in_flight() -> int:
    """How many chunks of one estimate may be in the workers at once."""
    return max(1, workers.POOL.size - 1)


async def simulate(
    job: ChunkJob,
    args: tuple[object, ...],
    games: int,
    chunk: int,
    progress: Callable[[int], Awaitable[None]] | None = None,
    stop: Callable[[], Awaitable[bool]] | None = None,
) -> Counter[str] | None:
    """Play ``games`` runs of ``job(*args, first, count)`` in the workers; how many ended
    each way, or None if ``stop`` (asked every WATCH_SECONDS) said to give up. ``progress``
    hears the number of runs played after each chunk."""
    todo = iter(chunks(games, chunk))
    pending: set[asyncio.Future[dict[str, int]]] = set()
    found: Counter[str] = Counter()
    played = 0
    loop = asyncio.get_running_loop()
    asked = loop.time()

    def fill() -> None:
        while len(pending) < in_flight() and (piece := next(todo, None)) is not None:
            pending.add(asyncio.ensure_future(workers.POOL.run(job, *args, *piece)))

    fill()
    try:
        while pending:
            done, _ = await asyncio.wait(
                pending, timeout=WATCH_SECONDS, return_when=asyncio.FIRST_COMPLETED
            )
            pending.difference_update(done)
            for finished in done:
                part = finished.result()
                found.update(part)
                played += sum(part.values())
            if done and progress is not None:
                await progress(played)
            if stop is not None and loop.time() - asked >= WATCH_SECONDS:
                asked = loop.time()
                if await stop():
                    return None
            fill()
    finally:
        for unfinished in pending:
            unfinished.cancel()
    return found
