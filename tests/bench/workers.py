"""The render pool under a burst: how long the event loop is held up, and pictures a second,
with threads and with processes, against drawing on the loop itself.

Run: ``.venv/bin/python -m tests.bench.workers [--burst N] [--pools]``.
A heartbeat coroutine ticks every millisecond while a burst of pictures of every kind is
drawn (all started at once, as when many channels act together); the longest gap between
ticks is how long any other channel's answer would have waited. Wall-clock times, so a busy
machine shows in them: compare the rows of one run with each other.

``--pools`` instead times what handing a job to a worker process costs the bot's own
process (its CPU over all its threads, and the wait), for ``concurrent.futures``'s process
pool and for the pool the bot uses (:mod:`bot.play.process_pool`), in turns, with a small
result and with one the size of a map.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from multiprocessing import get_context
from typing import Any

import psutil

from bot.play.process_pool import LoopProcessPool
from bot.play.workers import RenderPool, pool_size
from games.core.engine import Viewer
from games.ramparts.system import SYSTEM as RAMPARTS
from renderers import last_stand, ramparts, zones
from renderers.roster import render_roster
from tests.picture_samples import last_stand_views, ramparts_states, roster_rows, zone_view

Job = tuple[Callable[..., Any], tuple[Any, ...]]


def jobs() -> list[Job]:
    """One picture of each kind; module-level functions, so a process pool can take them."""
    ls = last_stand_views()["turn 2"]
    late = ramparts_states()["late"]
    return [
        (last_stand.render, (ls, {})),
        (last_stand.render, (ls, {"whole": True})),
        (ramparts.render, (RAMPARTS.view(late, Viewer.public()), {})),
        (ramparts.render, (RAMPARTS.view(late, Viewer.of_side("british")), {"hand": True})),
        (zones.render, (zone_view("rorkes-drift", False, False), {})),
        (render_roster, ("Roster · turn 3", roster_rows(8))),
    ]


async def heartbeat(stop: asyncio.Event, gaps: list[float]) -> None:
    last = time.perf_counter()
    while not stop.is_set():
        await asyncio.sleep(0.001)
        now = time.perf_counter()
        gaps.append(now - last)
        last = now


async def burst(run: Callable[[Job], Awaitable[Any]], count: int) -> tuple[float, float, float]:
    """(longest heartbeat gap, median gap, whole burst) in seconds for ``count`` pictures."""
    work = jobs()
    stop, gaps = asyncio.Event(), []
    beat = asyncio.create_task(heartbeat(stop, gaps))
    await asyncio.sleep(0.01)
    start = time.perf_counter()
    await asyncio.gather(*(run(work[n % len(work)]) for n in range(count)))
    total = time.perf_counter() - start
    stop.set()
    await beat
    return max(gaps), statistics.median(gaps), total


async def on_loop(job: Job) -> Any:
    return job[0](*job[1])


async def main_async(count: int, rounds: int) -> None:
    print(f"burst of {count} pictures, {rounds} rounds, pool of {pool_size()} workers")
    print(f"{'how':<24} {'longest gap':>12} {'median gap':>11} {'burst':>9} {'pictures/s':>11}")
    for name, pool in (
        ("thread pool", RenderPool(kind="thread")),
        ("process pool", RenderPool(kind="process")),
        ("on the event loop", None),
    ):
        if pool is not None:

            async def run(job: Job, pool: RenderPool = pool) -> Any:
                return await pool.run(job[0], *job[1])

            await burst(run, 2 * pool.size * len(jobs()))  # start and warm every worker
        else:
            run = on_loop
        results = [await burst(run, count) for _ in range(rounds)]
        longest = statistics.median(r[0] for r in results) * 1000
        median = statistics.median(r[1] for r in results) * 1000
        total = statistics.median(r[2] for r in results)
        print(f"{name:<24} {longest:10.1f}ms {median:9.2f}ms {total * 1000:7.0f}ms "
              f"{count / total:11.1f}")  # fmt: skip
        if pool is not None:
            pool.close()


def answer(size: int) -> bytes:
    """A job's result of ``size`` bytes (a map is about 120 KB)."""
    return b"x" * size


def no_set_up() -> None:
    """The workers here need nothing imported."""


async def handed(submit: Callable[[int], Awaitable[bytes]], size: int, jobs: int) -> tuple:
    """(the bot process's CPU a job, the wait a job) in µs, eight jobs in flight."""
    process, gate = psutil.Process(), asyncio.Semaphore(8)
    before = sum(t.user_time + t.system_time for t in process.threads())
    started = time.perf_counter()

    async def one() -> None:
        async with gate:
            await submit(size)

    await asyncio.gather(*(one() for _ in range(jobs)))
    cpu = sum(t.user_time + t.system_time for t in process.threads()) - before
    return cpu / jobs * 1e6, (time.perf_counter() - started) / jobs * 1e6


async def pools(rounds: int, jobs: int = 2000) -> None:
    loop = asyncio.get_running_loop()
    executor = ProcessPoolExecutor(2, mp_context=get_context("spawn"), initializer=no_set_up)
    ours = LoopProcessPool(2, no_set_up)
    await asyncio.gather(*(loop.run_in_executor(executor, answer, 1) for _ in range(20)))
    await ours.start()
    ways: dict[str, Callable[[int], Awaitable[bytes]]] = {
        "concurrent.futures": lambda size: loop.run_in_executor(executor, answer, size),
        "the bot's pool": lambda size: ours.submit(partial(answer, size)),
    }
    print(f"{jobs} jobs a round, {rounds} rounds in turns; medians, µs a job")
    print(f"{'pool':<20} {'result':>8} {'bot CPU':>8} {'wait':>7}")
    for size in (100, 120_000):
        figures: dict[str, list[tuple]] = {name: [] for name in ways}
        for _ in range(rounds):
            for name, submit in ways.items():
                figures[name].append(await handed(submit, size, jobs))
        for name, runs in figures.items():
            cpu = statistics.median(r[0] for r in runs)
            wait = statistics.median(r[1] for r in runs)
            print(f"{name:<20} {size:>8} {cpu:8.0f} {wait:7.0f}")
    executor.shutdown()
    ours.close(wait=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--burst", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--pools", action="store_true", help="time handing jobs to workers")
    args = parser.parse_args()
    asyncio.run(pools(args.rounds) if args.pools else main_async(args.burst, args.rounds))


if __name__ == "__main__":
    main()
