"""The worker processes the event loop reads itself (bot.play.process_pool): results and
errors come back, a worker that dies is replaced and its job given to another once, one that
cannot set up fails its jobs instead of being started again and again, and a pool outlives
the event loop that started it."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from functools import partial
from pathlib import Path

import pytest

from bot.play.process_pool import LoopProcessPool, WorkerDied


def set_up() -> None:
    """A worker's set-up that does nothing: these tests need no renderer."""


def broken_set_up() -> None:
    raise ImportError("a renderer is missing")


def twice(value: int) -> int:
    return 2 * value


def refuse(message: str) -> None:
    raise ValueError(message)


def die_once(mark: str) -> int:
    """End the worker abruptly the first time (leaving ``mark``), answer the second."""
    if not os.path.exists(mark):
        Path(mark).touch()
        os.kill(os.getpid(), signal.SIGKILL)
    return os.getpid()


def die() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def nap(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def size_of(data: bytes) -> int:
    return len(data)


@pytest.fixture
async def pool() -> LoopProcessPool:
    pool = LoopProcessPool(2, set_up)
    yield pool
    pool.close(wait=True)


async def test_results_and_errors_come_back_from_the_workers(pool: LoopProcessPool) -> None:
    assert await asyncio.gather(*(pool.submit(partial(twice, n)) for n in range(10))) == [
        2 * n for n in range(10)
    ]
    with pytest.raises(ValueError, match="no such order") as raised:
        await pool.submit(partial(refuse, "no such order"))
    assert any("refuse" in note for note in raised.value.__notes__), "the worker's traceback"


async def test_a_worker_that_dies_under_a_job_is_replaced_and_the_job_given_to_another(
    pool: LoopProcessPool, tmp_path: Path
) -> None:
    first = set(await pool.start())
    answered_by = await pool.submit(partial(die_once, str(tmp_path / "died")))
    assert (tmp_path / "died").exists(), "the first worker died under it"
    now = set(await pool.start())
    assert answered_by in now and len(now) == 2 and len(first & now) == 1
    with pytest.raises(WorkerDied):
        await pool.submit(die)
    assert await pool.submit(partial(twice, 4)) == 8, "the pool goes on after a job that kills"


async def test_a_worker_that_cannot_set_up_fails_its_jobs_and_is_not_started_again() -> None:
    pool = LoopProcessPool(1, broken_set_up)
    try:
        with pytest.raises(WorkerDied):
            await pool.submit(partial(twice, 1))
        assert pool._workers == [], "not started again until a job asks"
    finally:
        pool.close(wait=True)


async def test_a_cancelled_jobs_answer_is_dropped_and_the_worker_goes_on(
    pool: LoopProcessPool,
) -> None:
    await pool.start()
    slow = pool.submit(partial(nap, 0.3))
    await asyncio.sleep(0.05)
    slow.cancel()
    assert await asyncio.gather(*(pool.submit(partial(twice, n)) for n in range(4))) == [
        0,
        2,
        4,
        6,
    ]


def test_a_pool_outlives_the_event_loop_that_started_it() -> None:
    """Each test runs its own loop, and a bot's pool is made once: the second loop watches
    the same workers."""
    pool = LoopProcessPool(1, set_up)
    try:
        first = asyncio.run(_pids_and(pool, partial(twice, 2)))
        second = asyncio.run(_pids_and(pool, partial(twice, 3)))
    finally:
        pool.close(wait=True)
    assert first[1] == 4 and second[1] == 6
    assert first[0] == second[0], "the same worker served both loops"


async def _pids_and(pool: LoopProcessPool, job: object) -> tuple[list[int], object]:
    return await pool.start(), await pool.submit(job)  # type: ignore[arg-type]


async def test_a_start_given_up_on_can_be_awaited_again(pool: LoopProcessPool) -> None:
    """A bot that stops while its workers set up cancels its wait for them; a later start
    still gets their pids."""
    waiting = pool.start()
    waiting.cancel()
    assert len(await pool.start()) == 2


async def test_closing_cancels_what_it_will_not_answer(pool: LoopProcessPool) -> None:
    await pool.start()
    jobs = [pool.submit(partial(nap, 0.2)) for _ in range(3)]
    await asyncio.sleep(0.05)
    pool.close()
    assert all(job.cancelled() for job in jobs), "two in hand, one waiting"


@pytest.mark.parametrize("busy", [False, True], ids=["idle", "in-a-job"])
async def test_a_worker_whose_bot_is_gone_leaves_quietly(
    capfd: pytest.CaptureFixture[str], busy: bool
) -> None:
    """A bot killed outright closes its ends of the pipes: a worker waiting for a job, or
    answering one, exits without a traceback (a crash loop's log was full of them)."""
    pool = LoopProcessPool(1, set_up)
    await pool.start()
    if busy:
        pool.submit(partial(nap, 0.3))
    [worker] = pool._workers
    pool._unwatch(worker)
    worker.connection.close()
    await asyncio.to_thread(worker.process.join, 5)
    assert worker.process.exitcode == 0
    assert "Traceback" not in capfd.readouterr().err


async def test_jobs_and_answers_larger_than_a_pipe_holds_go_whole(pool: LoopProcessPool) -> None:
    """Several megabytes each way, more than a pipe takes at once: a job is written as the
    worker reads it, and its answer read as it comes."""
    data = os.urandom(3_000_000)
    sizes = await asyncio.gather(*(pool.submit(partial(size_of, data)) for _ in range(4)))
    assert sizes == [len(data)] * 4
    echoed = await pool.submit(partial(bytes, data))
    assert echoed == data
