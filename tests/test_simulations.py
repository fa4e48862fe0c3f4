"""Odds in the shared workers: an estimate leaves a worker free for commands, stops when
asked, and both odds commands send their games there."""

from __future__ import annotations

import threading
import time

import pytest

from bot.play import simulations, workers
from bot.play.workers import RenderPool

busy = {"now": 0, "most": 0}
lock = threading.Lock()


def counted_chunk(first: int, count: int) -> dict[str, int]:
    """A chunk that notes how many chunks run beside it."""
    with lock:
        busy["now"] += 1
        busy["most"] = max(busy["most"], busy["now"])
    time.sleep(0.02)
    with lock:
        busy["now"] -= 1
    return {"Won": count}


@pytest.fixture
def three_workers(monkeypatch: pytest.MonkeyPatch):
    pool = RenderPool(size=3, kind="thread")
    monkeypatch.setattr(workers, "POOL", pool)
    busy.update(now=0, most=0)
    yield pool
    pool.close()


@pytest.mark.parametrize("planted", [False, True], ids=["as-built", "planted-every-worker"])
async def test_an_estimate_leaves_a_worker_free_for_commands(
    three_workers: RenderPool, monkeypatch: pytest.MonkeyPatch, planted: bool
) -> None:
    if planted:
        monkeypatch.setattr(simulations, "in_flight", lambda: workers.POOL.size)
    heard: list[int] = []

    async def progress(done: int) -> None:
        heard.append(done)

    found = await simulations.simulate(counted_chunk, (), 40, 2, progress)
    assert found == {"Won": 40}
    assert heard[-1] == 40 and heard == sorted(heard)
    assert busy["most"] == (3 if planted else 2)


async def test_an_estimate_stops_when_told(
    three_workers: RenderPool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(simulations, "WATCH_SECONDS", 0.01)
    asked: list[int] = []

    async def stop() -> bool:
        asked.append(1)
        return True

    assert await simulations.simulate(counted_chunk, (), 4000, 2, None, stop) is None
    assert asked, "the stop was asked"
