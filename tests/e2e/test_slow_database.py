"""Commands that read or write the database answer first, so a slow database (a busy server,
a full connection pool) cannot push the first answer past Discord's three seconds.

Every query of the store is slowed by half a second, so a command's queries together take
longer than Discord allows; a command that touched the database before answering would be
recorded by the sandbox as "The application did not respond" (and fail the fixture).
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from bot.process.app import LaagerBot
from bot.sandbox import DiscordSandbox, SandboxUser
from bot.sandbox.interactions import ANSWER_WITHIN

QUERY_DELAY = 0.5


@contextmanager
def slow_queries(laager: LaagerBot) -> Iterator[list[str]]:
    """Slow every query method of the bot's store; yields the names of the queries made."""
    made: list[str] = []

    def slowed(name: str, method: Any) -> Any:
        async def slow(*args: Any, **kwargs: Any) -> Any:
            made.append(name)
            await asyncio.sleep(QUERY_DELAY)
            return await method(*args, **kwargs)

        return slow

    with pytest.MonkeyPatch.context() as patch:
        for name, method in inspect.getmembers(laager.store, inspect.iscoroutinefunction):
            if not name.startswith("_"):
                patch.setattr(laager.store, name, slowed(name, method))
        yield made


@pytest.fixture
def slow_database(laager: LaagerBot) -> Iterator[list[str]]:
    with slow_queries(laager) as made:
        yield made


async def test_a_new_game_on_a_slow_database_is_answered_in_time(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, slow_database: list[str]
) -> None:
    started = await sandbox.slash(
        alice, "game new", {"system": "last-stand", "mode": "solo", "side": "british"}
    )
    assert len(slow_database) * QUERY_DELAY > ANSWER_WITHIN, "the database was not slow enough"
    assert started.failure is None
    assert started.response is not None and not started.ephemeral
    assert "Last Stand" in started.response.text()
    assert not any(m.loading for m in sandbox.transcript)


async def test_a_press_and_a_look_on_a_slow_database_are_answered_in_time(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    started = await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
    await sandbox.slash(bob, "game join")
    with slow_queries(laager) as made:
        struck = await sandbox.click(alice, started.response, label="Strike")
        status = await sandbox.slash(bob, "game status")
    assert len(made) * QUERY_DELAY > ANSWER_WITHIN, "the database was not slow enough"
    assert struck.failure is None and "red strikes for" in struck.messages[-1].text()
    assert status.failure is None and status.ephemeral
    assert not any(m.loading for m in sandbox.transcript)


async def test_a_refusal_on_a_slow_database_reaches_the_player_alone(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, slow_database: list[str]
) -> None:
    await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
    again = await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
    assert again.failure is None and again.ephemeral
    assert "already" in again.response.text()
    mine = [m for m in sandbox.messages() if m.interaction and m.interaction.id == again.id]
    assert mine == [], "the refused command left a post in the channel"
