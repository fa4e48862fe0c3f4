"""A driver call returns once a bot in the sandbox's process has finished what the interaction
set off (bot/sandbox/bot_work.py), however long that work is silent, and no later."""

from __future__ import annotations

import asyncio

import discord
import pytest

from bot.sandbox import DiscordSandbox, SandboxUser
from bot.sandbox.bot_work import BotWork
from tests.sandbox.demo_bot import DemoBot, running_bot

SILENT = 0.5
"""Longer than the sandbox's quiet spell (0.15 s): work that sends nothing for this long, as a
picture drawn in a worker process does, would pass for quiet."""


async def answer_then_post_later(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("working on it")
    await asyncio.sleep(SILENT)
    await interaction.followup.send("the map")


async def test_the_call_returns_after_silent_work_and_its_post(
    sandbox: DiscordSandbox, bot: DemoBot, alice: SandboxUser
) -> None:
    bot.probe = answer_then_post_later
    done = await sandbox.slash(alice, "probe")
    assert [m.content for m in done.messages] == ["working on it", "the map"]


async def test_without_following_the_bot_the_call_would_return_too_soon(
    alice: SandboxUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check above can tell: with the bot's tasks not followed, the sandbox falls back on
    its quiet spell and the call returns before the post."""
    monkeypatch.setattr(BotWork, "install", lambda self: None)
    async with DiscordSandbox() as sandbox:
        user = sandbox.add_user("alice")
        async with running_bot(sandbox) as bot:
            await sandbox.wait_ready()
            bot.probe = answer_then_post_later
            done = await sandbox.slash(user, "probe")
            assert [m.content for m in done.messages] == ["working on it"]
            await asyncio.sleep(SILENT)


async def test_tasks_the_handler_starts_are_waited_for(
    sandbox: DiscordSandbox, bot: DemoBot, alice: SandboxUser
) -> None:
    kept: list[asyncio.Task[None]] = []

    async def probe(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("on it")

        async def later() -> None:
            await asyncio.sleep(SILENT)
            await interaction.followup.send("done in a task of its own")

        kept.append(asyncio.create_task(later()))

    bot.probe = probe
    done = await sandbox.slash(alice, "probe")
    assert done.messages[-1].content == "done in a task of its own"


async def test_work_of_an_earlier_interaction_does_not_hold_a_later_one(
    sandbox: DiscordSandbox, bot: DemoBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    """A long estimate still running for one player does not keep another's press waiting."""
    release = asyncio.Event()

    async def long_work(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("estimating")
        await release.wait()
        await interaction.followup.send("estimate done")

    bot.probe = long_work
    first = asyncio.create_task(sandbox.slash(alice, "probe"))
    estimating = lambda: any(m.content == "estimating" for m in sandbox.messages())  # noqa: E731
    assert await sandbox.wait_for(estimating)
    loop = asyncio.get_running_loop()
    started = loop.time()
    pong = await sandbox.slash(bob, "ping")
    assert loop.time() - started < 2 and pong.response.content.startswith("pong")
    assert not first.done(), "the first call waits for its own work"
    release.set()
    assert (await first).messages[-1].content == "estimate done"


async def test_a_view_waiting_to_time_out_is_not_work(
    sandbox: DiscordSandbox, bot: DemoBot, alice: SandboxUser
) -> None:
    async def probe(interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=600)
        view.add_item(discord.ui.Button(label="Next", custom_id="pages:next"))
        await interaction.response.send_message("pages", view=view)

    bot.probe = probe
    loop = asyncio.get_running_loop()
    started = loop.time()
    await sandbox.slash(alice, "probe")
    assert loop.time() - started < 2
