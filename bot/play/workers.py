"""Drawing pictures off the event loop, in a pool of worker processes sized to the machine and
capped.

A picture takes milliseconds of CPU; drawn on the event loop, a burst of them in many channels
would hold up every other channel's answers (Discord allows 3 seconds). Every picture the bot
posts is drawn through :func:`draw`, in a pool of its own, never in the loop's shared default
threads, and with no more workers than the machine has cores (a cap keeps a large machine from
filling memory with workers that only contend).

Processes, not threads: Pillow lets go of the GIL only while zlib compresses, so render threads
and the loop take turns on one lock. On two cores shared with other work, a burst of 120
pictures (tests/bench/workers.py) ran at 199 pictures a second in processes against 134 in
threads, and held the loop up at most 12 ms against 21; in a busier run, 90 against 62 (the
threads slower than drawing on the loop itself) and 23 ms against 31. The price is a process
start, paid while the bot starts (:meth:`RenderPool.start`: the workers import every renderer
and the jobs' modules while the bot loads its cogs and connects) rather than at the first
picture, and a copy of each view and PNG between processes, which is small; each worker holds
about 70 MB once it has drawn every kind of picture.

The engine's share of a command runs in the same workers (:mod:`bot.play.engine_work`), for the
same reason and one more: in a thread it would make the loop wait for the GIL.
"""

from __future__ import annotations

import asyncio
import gc
import importlib
import logging
import os
import pkgutil
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Literal, ParamSpec, TypeVar

import renderers
from bot.play.loop_priority import make_way
from bot.play.process_pool import LoopProcessPool

log = logging.getLogger(__name__)
CAP = 4
"""At most this many pictures are drawn at once, however many cores the machine has."""
JOB_MODULES = (
    "bot.play.engine_work",
    "bot.play.deadlines",
    "bot.play.service",
    "bot.play.undo",
    "bot.posting.recap",
)
"""Where the jobs that are not pictures live (an order, a stand-in's orders, an undo's or a
verification's replay, a finished game's recap), imported with the renderers so a worker's
first such job does not wait for them (``tests/test_workers.py`` checks the list is whole)."""
ORPHAN_CHECK_SECONDS = 0.5
"""How often a worker checks that its bot is still there."""

P = ParamSpec("P")
T = TypeVar("T")
Kind = Literal["process", "thread"]


def pool_size(cap: int = CAP) -> int:
    """One worker per core, at most ``cap``: more would only take turns on the same cores."""
    return max(1, min(os.cpu_count() or 1, cap))


def start_worker() -> None:
    """Set a worker up: it leaves with its bot and has every renderer and the engine's jobs
    imported already. What the imports built (fonts, the games' tables) lasts as long as the
    worker, so it is kept out of the collector's sight: each full collection walked its
    110,000 objects for 45 to 60 ms, holding up the picture or order in hand.

    A worker runs at its bot's own priority. At nice 10 (as it once did) it lost the cores to
    any other busy program on the host: at 100 channels on two cores kept busy by two other
    processes (``tests/bench/load.py --channels 100 --steps 4``, three pairs in alternation),
    the posted map's p99 was 24.9 to 26.2 s at nice 10 and 5.8 to 6.7 s at the bot's priority,
    with 7.7 to 7.9 commands a second against 20.7 to 25.0; the first answer's p99 rose from
    116 to 141 ms to 158 to 310 ms, far inside Discord's three seconds. On an idle host (two
    pairs) the two were alike: a posted map p99 of 2.9 and 3.1 s against 3.1 and 3.2 s, a first
    answer p99 of 82 and 88 ms against 70 and 75 ms."""
    threading.Thread(target=_leave_with, args=(os.getppid(),), daemon=True).start()
    import_renderers()
    for module in JOB_MODULES:
        importlib.import_module(module)
    gc.collect()
    gc.freeze()


def _leave_with(parent: int) -> None:
    """Exit once the bot that started this worker is gone. A bot killed outright (SIGKILL, a
    crash) cannot shut its pool down, and an orphaned worker would hold its memory and the
    bot's output pipes for as long as the machine runs."""
    while os.getppid() == parent:
        time.sleep(ORPHAN_CHECK_SECONDS)
    os._exit(0)


def import_renderers() -> None:
    """Import every renderer, so a worker's first picture does not wait for the imports."""
    for module in pkgutil.iter_modules(renderers.__path__, "renderers."):
        importlib.import_module(module.name)


def by_name(job: Callable[..., object]) -> bool:
    """Whether another process can find ``job`` by its module and name (so it can be sent)."""
    module = sys.modules.get(getattr(job, "__module__", None) or "")
    found: object = module
    for part in getattr(job, "__qualname__", "<>").split("."):
        found = getattr(found, part, None)
    return found is job


class RenderPool:
    """A capped pool of workers that draw pictures, started on first use or by :meth:`start`.

    A job that cannot be sent to another process (a closure, a lambda) is drawn in a thread of
    the same size instead, still off the loop.
    """

    def __init__(self, size: int | None = None, kind: Kind = "process") -> None:
        self.size = size or pool_size()
        self.kind = kind
        self._processes: LoopProcessPool | None = None
        self._threads: ThreadPoolExecutor | None = None

    def processes_for(self, job: Callable[..., object]) -> LoopProcessPool | None:
        """The worker processes, if ``job`` can be sent to them; else None (a thread)."""
        if self.kind != "process" or not by_name(job):
            return None
        if self._processes is None:
            self._processes = LoopProcessPool(self.size, start_worker)
        return self._processes

    def threads(self) -> ThreadPoolExecutor:
        """The threads a job that cannot be sent to a process runs in."""
        if self._threads is None:
            self._threads = ThreadPoolExecutor(self.size, thread_name_prefix="render")
        return self._threads

    def start(self) -> asyncio.Future[list[int]]:
        """Start the workers now, so the first picture after a start is not the one to wait.
        They are spawned before this returns and load their imports on their own; the
        future is done once every one of them is ready."""
        processes = self.processes_for(os.getpid)
        if processes is not None:
            return processes.start()
        loop = asyncio.get_running_loop()
        return asyncio.gather(
            *(loop.run_in_executor(self.threads(), os.getpid) for _ in range(self.size))
        )

    async def run(self, job: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``job(*args, **kwargs)`` in a worker; the loop is free while it runs. A worker that
        dies under it (killed for memory, say) is replaced and the job given to another,
        once (:mod:`bot.play.process_pool`). The result comes back after the interactions
        that arrived meanwhile are read (:func:`bot.play.loop_priority.make_way`)."""
        call = partial(job, *args, **kwargs)
        processes = self.processes_for(job)
        if processes is not None:
            result = await processes.submit(call)
        else:
            result = await asyncio.get_running_loop().run_in_executor(self.threads(), call)
        await make_way()  # what follows a job is the rest of a command: newcomers first
        return result

    def close(self, wait: bool = False) -> None:
        """Stop the workers; ``wait`` for them to exit (a process that is about to end)."""
        if self._processes is not None:
            self._processes.close(wait=wait)
        if self._threads is not None:
            self._threads.shutdown(wait=wait, cancel_futures=True)
        self._processes = self._threads = None


POOL = RenderPool()
"""The process's one render pool, shared by every channel and shard it serves."""


async def draw(job: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """Draw a picture in the render pool: every path that posts a picture goes through here.
    ``job`` should be a module-level function, so it can be sent to a worker process."""
    return await POOL.run(job, *args, **kwargs)
