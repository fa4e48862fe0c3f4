"""The sandbox's waiters: each wakes when its own condition holds or its deadline passes, and
a change costs one pass over the conditions, not a task for every waiter."""

from __future__ import annotations

import asyncio

from bot.sandbox.activity import ActivityMonitor

WAITERS = 100


async def test_a_waiter_wakes_when_its_condition_holds_and_not_before() -> None:
    monitor = ActivityMonitor()
    flags = [False] * WAITERS
    waiting = [
        asyncio.ensure_future(monitor.wait_for(lambda i=i: flags[i], monitor.now() + 30))
        for i in range(WAITERS)
    ]
    await asyncio.sleep(0)
    flags[7] = True
    monitor.touch()
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    assert [n for n, task in enumerate(waiting) if task.done()] == [7]
    assert waiting[7].result() is True
    flags[:] = [True] * WAITERS
    monitor.touch()
    assert all(await asyncio.gather(*waiting))


async def test_a_deadline_ends_the_wait_with_the_condition_as_it_stands() -> None:
    monitor = ActivityMonitor()
    assert await monitor.wait_for(lambda: False, monitor.now() + 0.05) is False
    assert await monitor.wait_for(lambda: False, monitor.now() - 1) is False
    assert await monitor.wait_for(lambda: True, monitor.now() - 1) is True


async def test_changes_wake_the_waiters_without_a_task_each() -> None:
    """Planted against the old way: every waiter re-armed a task on every change, so a
    thousand waiting players cost the sandbox a million tasks for a thousand changes."""
    monitor = ActivityMonitor()
    waiting = [
        asyncio.ensure_future(monitor.wait_for(lambda: False, monitor.now() + 30))
        for _ in range(WAITERS)
    ]
    await asyncio.sleep(0)
    before = len(asyncio.all_tasks())
    checked = 0

    def counted() -> bool:
        nonlocal checked
        checked += 1
        return False

    extra = asyncio.ensure_future(monitor.wait_for(counted, monitor.now() + 30))
    await asyncio.sleep(0)
    for _ in range(50):
        monitor.touch()  # many changes in one turn of the loop
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    assert len(asyncio.all_tasks()) == before + 1, "no task was started for a waiter"
    assert checked == 2, "checked once on arrival and once for the changes"
    for task in [*waiting, extra]:
        task.cancel()
    await asyncio.gather(*waiting, extra, return_exceptions=True)


async def test_quiet_means_nothing_in_flight_and_no_change_for_a_while() -> None:
    monitor = ActivityMonitor()
    monitor.request_started()
    quiet = asyncio.ensure_future(monitor.wait_quiet(0.05, monitor.now() + 5))
    await asyncio.sleep(0.1)
    assert not quiet.done(), "a request is still in flight"
    monitor.request_finished()
    started = monitor.now()
    assert await quiet is True
    assert monitor.now() - started >= 0.05
    monitor.touch()
    assert await monitor.wait_quiet(1.0, monitor.now() + 0.05) is False
