"""The sandbox's cost of many players waiting at once: N waiters, each for its own answer,
through 5 x N changes (a request, a message, a callback each), at N = 10, 100 and 1,000.

Run: ``.venv/bin/python -m tests.bench.sandbox_waiters``. Each change still costs a pass over
the waiters' conditions, so the time grows with the square of N, but a pass is only a call of
each condition: the figure for 1,000 waiters is what the sandbox spends waking players
during a 1,000-channel load run, and must stay far below that run's length.
"""

from __future__ import annotations

import asyncio
import statistics
import time

from bot.sandbox.activity import ActivityMonitor

ROUNDS = 5
REPEATS = 5


async def trial(waiters: int) -> float:
    monitor = ActivityMonitor()
    answered = [False] * waiters
    waiting = [
        asyncio.ensure_future(monitor.wait_for(lambda i=i: answered[i], monitor.now() + 600))
        for i in range(waiters)
    ]
    await asyncio.sleep(0)
    started = time.perf_counter()
    for round_number in range(ROUNDS):
        for i in range(waiters):
            monitor.touch()
            answered[i] = round_number == ROUNDS - 1
            await asyncio.sleep(0)
    assert all(await asyncio.gather(*waiting))
    return time.perf_counter() - started


def main() -> None:
    for waiters in (10, 100, 1000):
        times = [asyncio.run(trial(waiters)) for _ in range(REPEATS)]
        print(
            f"{waiters:5d} waiters, {ROUNDS * waiters:5d} changes: "
            f"median {statistics.median(times) * 1000:8.1f} ms of {REPEATS} runs"
        )


if __name__ == "__main__":
    main()
