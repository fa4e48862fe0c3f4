"""A command under way makes way for what has just arrived on the bot's sockets, and the
render workers run at the bot's own priority."""

from __future__ import annotations

import asyncio
import os
import socket
from collections.abc import Awaitable, Callable

import pytest

from bot.play import workers
from bot.play.loop_priority import make_way
from bot.play.workers import RenderPool


async def bare_yield() -> None:
    await asyncio.sleep(0)


async def order_of_arrival(step_aside: Callable[[], Awaitable[None]]) -> list[str]:
    """Which runs first: a command going on after ``step_aside``, or the reading of data
    that reached a socket while the command was stepping aside."""
    loop = asyncio.get_running_loop()
    ran: list[str] = []
    read_done = asyncio.Event()
    reader, writer = socket.socketpair()
    reader.setblocking(False)

    def read() -> None:
        reader.recv(16)
        ran.append("arrival")
        read_done.set()

    loop.add_reader(reader.fileno(), read)

    async def command() -> None:
        await step_aside()
        ran.append("command")

    try:
        going = asyncio.create_task(command())
        await asyncio.sleep(0)  # the command is now stepping aside
        writer.send(b"interaction")
        await going
        await read_done.wait()
    finally:
        loop.remove_reader(reader.fileno())
        reader.close()
        writer.close()
    return ran


async def test_a_command_making_way_goes_on_after_what_arrived_meanwhile() -> None:
    assert await order_of_arrival(make_way) == ["arrival", "command"]


async def test_a_bare_yield_would_not_let_the_arrival_go_first() -> None:
    """The check above can tell: ``sleep(0)`` puts the command back before the sockets are
    read (planted fault: make_way written as a bare yield)."""
    assert await order_of_arrival(bare_yield) == ["command", "arrival"]


async def test_a_pool_job_makes_way_before_its_caller_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What follows a job (a commit, a post) waits for newcomers (planted: without the call,
    the job's result reaches its caller with no way made)."""
    made: list[str] = []

    async def noted() -> None:
        made.append("way made")

    monkeypatch.setattr(workers, "make_way", noted)
    pool = RenderPool(size=1, kind="thread")
    try:
        assert await pool.run(str.upper, "drawn") == "DRAWN"
    finally:
        pool.close()
    assert made == ["way made"]


async def test_a_render_worker_runs_at_its_bots_priority() -> None:
    """A lower one starved the pictures on a busy host (see ``workers.start_worker``)."""
    pool = RenderPool(size=1, kind="process")
    try:
        worker = await pool.run(os.getpid)
    finally:
        pool.close()
    assert os.getpriority(os.PRIO_PROCESS, worker) == os.getpriority(os.PRIO_PROCESS, 0)
