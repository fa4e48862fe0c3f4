"""Drawing pictures off the event loop, in a pool of workers sized to the machine and capped.

A picture takes milliseconds of CPU; drawn on the event loop, a burst of them in many channels
would hold up every other channel's answers (Discord allows 3 seconds). Every picture the bot
posts is drawn through :func:`draw`, in a pool of its own, so renders neither wait behind other
blocking work in the loop's default executor nor take more workers than the machine has cores
(a cap keeps a large machine from filling memory with workers that only contend).

Threads, not processes: the draw and encode of a picture spends most of its time in Pillow's
C code, zlib releases the GIL while compressing, and a thread needs no copy of the view, no
warm-up of each worker's caches and no process start before the first picture (which could
miss the 3-second deadline). tests/bench/render_pool.py measures both kinds.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from functools import partial
from multiprocessing import get_context
from typing import Literal, ParamSpec, TypeVar

CAP = 4
"""At most this many pictures are drawn at once, however many cores the machine has."""

P = ParamSpec("P")
T = TypeVar("T")
Kind = Literal["thread", "process"]


def pool_size(cap: int = CAP) -> int:
    """One worker per core, at most ``cap``: more would only take turns on the same cores."""
    return max(1, min(os.cpu_count() or 1, cap))


class RenderPool:
    """A lazily started, capped pool of workers that draw pictures.

    ``kind`` "process" spawns (not forks) its workers, whose calls and results must pickle.
    """

    def __init__(self, size: int | None = None, kind: Kind = "thread") -> None:
        self.size = size or pool_size()
        self.kind = kind
        self._executor: Executor | None = None

    def executor(self) -> Executor:
        if self._executor is None:
            if self.kind == "process":
                self._executor = ProcessPoolExecutor(self.size, mp_context=get_context("spawn"))
            else:
                self._executor = ThreadPoolExecutor(self.size, thread_name_prefix="render")
        return self._executor

    async def run(self, job: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``job(*args, **kwargs)`` in a worker; the loop is free while it runs."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor(), partial(job, *args, **kwargs))

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


POOL = RenderPool()
"""The bot's one render pool, shared by every channel and shard of the process."""


async def draw(job: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """Draw a picture in the render pool: every path that posts a picture goes through here."""
    return await POOL.run(job, *args, **kwargs)
