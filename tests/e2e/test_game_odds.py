"""``/game odds`` through Discord-in-a-box: a Last Stand estimate with its sample and
margins, one estimate per channel, a stop when the game moves on, and a refusal for a
system whose sides the bot cannot all play."""

from __future__ import annotations

import asyncio

import pytest

from bot.process.app import LaagerBot
from bot.sandbox import DiscordSandbox, SandboxUser
from bot.sandbox.models import Message
from games.core.engine import Mode
from tests.fixtures.duel import Duel
from tests.pool_jobs import watch_pool_jobs


async def settled(sandbox: DiscordSandbox, message_id: int, text: str) -> Message:
    """The message once an edit shows ``text`` (the games are played in other processes)."""
    for _ in range(1200):
        message = next(m for m in sandbox.transcript if m.id == message_id)
        if text in message.text():
            return message
        await asyncio.sleep(0.05)
    raise AssertionError(f"never saw {text!r}")


async def test_last_stand_odds_give_outcomes_sample_and_margin(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    await sandbox.slash(alice, "game new", {"system": "last-stand", "mode": "solo"})
    jobs = watch_pool_jobs(monkeypatch)
    asked = await sandbox.slash(bob, "game odds", {"games": 10})
    answer = await settled(sandbox, asked.response.id, "Sample: 10 games")
    assert jobs.count("run_chunk") == 2, "the games are played in the shared workers, 5 a job"
    assert not answer.ephemeral, "Last Stand hides nothing, so the channel sees the odds"
    text = answer.text()
    assert "Won by " in text and "(95%: " in text and "Wilson" in text
    assert any("Simulating 10 games" in v.content for v in answer.history), "progress shown"


async def test_an_estimate_stops_when_the_game_moves_on(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    await sandbox.slash(alice, "game new", {"system": "last-stand", "mode": "two-player"})
    await sandbox.slash(bob, "game join", {})
    first = asyncio.create_task(sandbox.slash(alice, "game odds", {"games": 2000}))
    for _ in range(400):
        if any("Simulating 2000 games" in m.content for m in sandbox.transcript):
            break
        await asyncio.sleep(0.02)
    # Alice's estimate edits its progress until the game moves on, so REST is never quiet
    # meanwhile: on a slow machine waiting for it outlasted the driver's two minutes.
    quiet, sandbox.quiet = sandbox.quiet, None
    try:
        second = await sandbox.slash(bob, "game odds", {"games": 10})
        assert second.response.ephemeral and "already being worked out" in second.response.content
        for user in (alice, bob):
            choices = await sandbox.autocomplete(user, "game order", {}, focused="choice")
            if choices:
                break
        else:
            raise AssertionError("nobody had an order to give")
    finally:
        sandbox.quiet = quiet
    await sandbox.slash(user, "game order", {"choice": choices[0]["value"]})
    running = await first
    stopped = await settled(sandbox, running.response.id, "moved on before the estimate")
    assert "Sample:" not in stopped.text()
    again = await sandbox.slash(bob, "game odds", {"games": 10})
    assert "already being worked out" not in again.response.content, "the channel is free"
    await settled(sandbox, again.response.id, "Sample: 10 games")


async def test_a_system_without_a_bot_for_every_side_is_refused(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
    monkeypatch.setattr(Duel, "modes", {"two-player": Mode("two-player", "Two players")})
    refused = await sandbox.slash(alice, "game odds", {})
    assert refused.response.ephemeral
    assert "has no bot that can play red, blue" in refused.response.content


async def test_odds_drawn_from_a_players_secret_are_shown_to_him_alone(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, carol: SandboxUser
) -> None:
    await sandbox.slash(alice, "game new", {"system": "duel", "mode": "solo", "side": "red"})
    mine = await sandbox.slash(alice, "game odds", {"games": 40})
    answer = await settled(sandbox, mine.response.id, "Sample: 40 games")
    assert answer.ephemeral and "what red knows" in answer.text()
    watched = await sandbox.slash(carol, "game odds", {"games": 40})
    answer = await settled(sandbox, watched.response.id, "Sample: 40 games")
    assert not answer.ephemeral and "what the channel sees" in answer.text()
