"""Letting a newcomer's interaction go ahead of the rest of a command already under way.

asyncio runs the tasks it has woken before it reads the sockets again, so a command whose
order or picture just came back from a worker goes on with its commit, its composing and its
sending (2 to 5 ms as a rule, up to 20 on a busy machine) while an interaction that has just
arrived waits to be read, and again to be answered: the wait shows on every press.

:func:`make_way` waits on a timer that is already due. The loop moves due timers to its queue
after what it read from the sockets in the same pass, so whatever arrived meanwhile is read
and dispatched first, and the command goes on at once after it. A bare ``sleep(0)`` would not
do: its task is queued before the sockets are read.

At 100 channels playing at once (``tests/bench/load.py --channels 100 --steps 12 --think 5``,
1,300 commands a run, variants run in alternation), the first answer's p99 was 20.0 to
27.8 ms before (median 23.2, five runs), 15.5 and 17.2 ms with this alone, and 11.4 to
21.3 ms (median 13.3, nine runs) with the render workers at a lower priority too. Making
way also after each first answer and after each edit of a post gave 12.4 and 13.6 ms
against 12.0 and 12.7: nothing more, so it is not done.
"""

from __future__ import annotations

import asyncio

DUE_AT_ONCE = 1e-9
"""A delay that has passed by the loop's next pass (asyncio counts a timer due within its
clock's resolution), so the timer costs no waiting of its own."""


async def make_way() -> None:
    """Go on after whatever the loop reads from its sockets in its next pass."""
    await asyncio.sleep(DUE_AT_ONCE)
