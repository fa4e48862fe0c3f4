"""No seed, no DM body and no webhook secret reaches the log, even at DEBUG; each guard is
shown to be needed."""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

import bot.operations.log_guard
import bot.storage.db
from bot.operations.log_guard import BODY_LOGGERS, drop_debug, guard_logs
from bot.process.app import running_bot
from bot.sandbox import DiscordSandbox
from tests.e2e.conftest import bot_settings
from tests.webhooks.receiver import Receiver

PARAMETERS_SHOWN = "statement parameters shown"
THROUGH_A_GAME = [name for name in BODY_LOGGERS if name not in ("aiosqlite", "discord.gateway")]
"""The body loggers a duel's secrets pass: the bot runs SQLite itself (bot.storage.inline_sqlite),
so only the migrations, which carry no secret, go through aiosqlite; and it asks for no
message events (bot.process.app.INTENTS, tests/e2e/test_intents.py), so its DMs and the revealed
seed do not come back through the gateway. The gateway's guard stays for what interactions
carry, such as an order typed from a hidden hand."""
FAULTS = [None, PARAMETERS_SHOWN, *(f"{name} unguarded" for name in THROUGH_A_GAME)]


@pytest.fixture
def unguarded() -> Iterator[None]:
    """Start without the guard (an earlier bot in this process installed it); restore it after."""
    for name in BODY_LOGGERS:
        logging.getLogger(name).removeFilter(drop_debug)
    try:
        yield
    finally:
        guard_logs()


def plant(fault: str | None, monkeypatch: pytest.MonkeyPatch) -> str | None:
    """Remove one protection; returns the logger the secrets should then leak through."""
    if fault == PARAMETERS_SHOWN:
        real = bot.storage.db.create_async_engine

        def showing_parameters(url: str, **options: Any) -> AsyncEngine:
            return real(url, **{**options, "hide_parameters": False})

        monkeypatch.setattr(bot.storage.db, "create_async_engine", showing_parameters)
        return "sqlalchemy.engine.Engine"
    if fault is not None:
        left_out = fault.removesuffix(" unguarded")
        kept = tuple(name for name in BODY_LOGGERS if name != left_out)
        monkeypatch.setattr(bot.operations.log_guard, "BODY_LOGGERS", kept)
        return left_out
    return None


@pytest.mark.parametrize("fault", FAULTS, ids=[fault or "guarded" for fault in FAULTS])
async def test_no_seed_or_dm_body_reaches_the_log_at_debug(
    sandbox: DiscordSandbox,
    sqlite_url: str,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
    unguarded: None,
    fault: str | None,
) -> None:
    leaky = plant(fault, monkeypatch)
    # LOG_LEVEL=DEBUG, and an operator who also turns on SQLAlchemy's statement log.
    caplog.set_level(logging.DEBUG)
    caplog.set_level(logging.DEBUG, logger="sqlalchemy.engine")
    alice = sandbox.add_user("alice")
    async with running_bot(bot_settings(sandbox, sqlite_url)) as laager:
        await sandbox.wait_ready()
        await sandbox.slash(
            alice, "game new", {"system": "duel", "scenario": "short", "mode": "solo"}
        )
        for _ in range(40):
            await sandbox.click(alice, label="Strike")
            if any("Game over" in m.text() for m in sandbox.messages()[-2:]):
                break  # the game's last post, perhaps followed by its recap
        await sandbox.slash(alice, "game verify")
        await sandbox.slash(alice, "game export")
        game = await laager.store.latest_game(sandbox.state.channel(sandbox.default_channel).id)
    assert game is not None and game.status == "finished"
    dm_bodies = [line for dm in sandbox.dms(alice) for line in dm.content.splitlines()[1:]]
    assert dm_bodies and all("hidden reserve" in line for line in dm_bodies)
    secrets = [game.seed, *dm_bodies]
    assert "INSERT INTO games" in caplog.text, "the statement log was not on"

    leaks = {r.name for r in caplog.records if any(s in r.getMessage() for s in secrets)}
    if leaky is None:
        assert leaks == set()
        assert not any(secret in caplog.text for secret in secrets)
        assert "SQL parameters hidden" in caplog.text
    else:
        assert leaks == {leaky}


HOOK_FAULTS = [None, PARAMETERS_SHOWN]
"""The secret is shown in an interaction's follow-up, which discord.py logs without its body,
and is stored by SQL: the statement parameters are its guard."""


@pytest.mark.parametrize("fault", HOOK_FAULTS, ids=[fault or "guarded" for fault in HOOK_FAULTS])
async def test_no_webhook_secret_reaches_the_log_at_debug(
    sandbox: DiscordSandbox,
    sqlite_url: str,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
    unguarded: None,
    fault: str | None,
) -> None:
    """The secret is written to the database, shown once in an answer and used to sign each
    delivery (here a ping refused once, then delivered): none of it is logged."""
    leaky = plant(fault, monkeypatch)
    caplog.set_level(logging.DEBUG)
    caplog.set_level(logging.DEBUG, logger="sqlalchemy.engine")
    receiver = Receiver(answers=[500])
    await receiver.start()
    allowed = {"webhook_allow_private": True, "webhook_retry_seconds": 0.05}
    try:
        async with running_bot(bot_settings(sandbox, sqlite_url).model_copy(update=allowed)):
            await sandbox.wait_ready()
            answered = await sandbox.slash("server-owner", "webhook set", {"url": receiver.url})
            [secret] = re.findall(r"`([0-9a-f]{64})`", answered.response.content)
            await sandbox.slash("server-owner", "webhook test")
            for _ in range(200):
                if len(receiver.received) == 2:
                    break
                await asyncio.sleep(0.05)
            await sandbox.slash("server-owner", "webhook show")
    finally:
        await receiver.stop()
    assert len(receiver.received) == 2 and receiver.received[-1].signed_with(secret)
    assert "INSERT INTO webhooks" in caplog.text, "the statement log was not on"

    leaks = {r.name for r in caplog.records if secret in r.getMessage()}
    if leaky is None:
        assert leaks == set() and secret not in caplog.text
    else:
        assert leaks == {leaky}
