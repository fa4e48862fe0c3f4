"""The cycle collector and what lives as long as the process."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import discord


def freeze_what_lasts() -> None:
    """Keep everything alive now out of the collector's sight, for what lives as long as the
    process: a full collection no longer walks it, so it pauses the bot for milliseconds
    instead of a few hundred (seen landing in the middle of commands)."""
    gc.collect()
    gc.freeze()


async def freeze_when_ready(bot: discord.Client) -> None:
    """Once the bot is connected, freeze what it built on the way too: its commands, cogs,
    settings, grammars and the guilds' state, which each full collection walked again, for
    13 to 22 ms on the event loop about every 9 s at 100 channels."""
    await bot.wait_until_ready()
    freeze_what_lasts()


@contextmanager
def loading() -> Iterator[None]:
    """Load with the collector paused. A start builds objects by the hundred thousand
    (modules, classes, the cogs' commands) and lets go of almost none, so each collection it
    would trigger walks them all for nothing: about a seventh of a start's import CPU
    (tests/bench/startup.py). What was loaded is frozen once the imports are done and again
    once the bot is ready, not here: a test process starts many bots and must still collect
    what each leaves behind."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()
