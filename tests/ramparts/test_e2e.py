"""A solo defence of Rorke's Drift through Discord-in-a-box, from /ramparts new to its end.

The moves are the built-in policy's, given only through the buttons and menus
the bot posts; the hand stays out of the channel throughout.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any

import pytest

from bot.play.service import Place
from bot.process.app import LaagerBot, running_bot
from bot.sandbox import DiscordSandbox, SandboxUser
from bot.sandbox.models import Message
from games.ramparts import orders, policy
from games.ramparts.catalog import CARD
from games.ramparts.deck import RELIEF
from tests.e2e.conftest import alice, bob, bot_settings, is_recap, sandbox, sqlite_url
from tests.pool_jobs import watch_pool_jobs

__all__ = ["alice", "bob", "sandbox", "sqlite_url"]
"""Discord-in-a-box fixtures shared with tests/e2e."""

SYSTEMS: list[str] = []  # the built-in systems only
HAND_ONLY = ("You drew", "Your hand")


@pytest.fixture
async def laager(sandbox: DiscordSandbox, sqlite_url: str) -> AsyncIterator[LaagerBot]:
    async with running_bot(bot_settings(sandbox, sqlite_url, SYSTEMS)) as bot:
        await sandbox.wait_ready()
        yield bot


async def settled(sandbox: DiscordSandbox, message_id: int, text: str) -> Message:
    """The message once an edit shows ``text`` (the odds run in a worker thread)."""
    for _ in range(600):
        message = next(m for m in sandbox.transcript if m.id == message_id)
        if text in message.text():
            return message
        await asyncio.sleep(0.05)
    raise AssertionError(f"never saw {text!r}")


def find(message: Message, key: str) -> tuple[str, str | None]:
    """The custom id of the button, or of the menu and option, that gives this order."""
    for row in message.components:
        for item in row.get("components", []):
            if item["type"] == 2 and item["custom_id"].endswith(f":{key}"):
                return item["custom_id"], None
            if item["type"] == 3 and any(o["value"] == key for o in item["options"]):
                return item["custom_id"], key
    raise AssertionError(f"order {key} is not offered on {message.text()}")


@pytest.mark.slow
async def test_solo_game_to_its_victory_level(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    started = await sandbox.slash(alice, "ramparts new", {"melee": True, "cards": "movie"})
    post = started.response
    assert post is not None and not post.ephemeral
    assert [a.filename for a in post.attachments] == ["map.png"]
    assert "Melee Combat (12.2)" in post.text()
    [opening] = sandbox.dms(alice)  # one DM a draw: the hand in words, with its picture
    assert "Lieutenant Chard" in opening.content
    assert [a.filename for a in opening.attachments] == ["hand.png"]

    hand = await sandbox.slash(alice, "ramparts hand")
    shown = hand.messages[-1]
    assert shown.ephemeral and "#3 Lieutenant Chard" in shown.content
    assert [a.filename for a in shown.attachments] == ["hand.png"]

    nosy = await sandbox.slash(bob, "ramparts hand")
    assert nosy.ephemeral and "Only the player" in nosy.response.content

    jobs = watch_pool_jobs(monkeypatch)
    odds = await sandbox.slash(alice, "ramparts odds", {"games": 60})
    answer = await settled(sandbox, odds.messages[-1].id, "margin of error")
    assert jobs.count("run_chunk") == 2, "the games are played in the shared workers, 50 a job"
    assert "60 simulated games" in answer.text()
    assert answer.ephemeral, "odds from the player's hand are shown to the player alone"
    assert any("Simulating 60 games" in v.content for v in answer.history), "progress shown"

    nosy_panel = await sandbox.click(bob, post, label="My orders (private)")
    assert nosy_panel.response.ephemeral and "no seat" in nosy_panel.response.content

    opened = await sandbox.click(alice, post, label="My orders (private)")
    panel = opened.response
    assert panel.ephemeral and panel.recipient is not None
    assert "Lieutenant Chard" in panel.content, "the panel shows the hand to its owner"
    place = Place(sandbox.guild_id, sandbox.default_channel)
    menus = clicks = 0
    for _ in range(800):
        game, _system = await laager.service.latest(place)
        if game.state["over"]:
            break
        key = orders.key(policy.choose(game.state))
        custom_id, value = find(panel, key)
        clicks += 1
        if value is None:
            done = await sandbox.click(alice, panel, custom_id=custom_id)
        else:
            menus += 1
            done = await sandbox.select(alice, panel, [value], custom_id=custom_id)
        posted = [m for m in done.messages if m.channel_id == sandbox.default_channel]
        public = [m for m in posted if not m.ephemeral and not is_recap(m)]
        assert public, done.messages[-1].text()
        post = max(public, key=lambda m: m.id)  # the newest post; older ones lose their buttons
        panel = next(m for m in sandbox.transcript if m.id == panel.id)
    game, _system = await laager.service.latest(place)
    over = game.state["over"]
    assert over and over["level"] in post.text() and "Game over" in post.text()
    assert post.components == []
    assert menus, "some orders came from the menus"
    assert clicks == len([e for e in await laager.store.events(game.id) if e.kind == "action"])

    channel = [m for m in sandbox.messages() if not m.ephemeral and m.recipient is None]
    for message in channel:
        text = message.text()
        assert not any(marker in text for marker in HAND_ONLY)
    dms = "\n".join(m.content for m in sandbox.dms(alice))
    assert "You drew #" in dms
    drawn = [n for n in CARD if f"You drew #{n} " in dms]
    label = f"game {game.id}** in <#{sandbox.default_channel}>"
    assert all(label in m.content for m in sandbox.dms(alice)), "every DM names its game"
    assert drawn and any(m.attachments for m in sandbox.dms(alice))


async def test_a_panel_left_behind_refreshes_instead_of_refusing(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    """An order pressed on a panel the game has moved past applies nothing and shows the
    player's current orders in its place."""
    started = await sandbox.slash(alice, "ramparts new")
    post = started.response
    panel = (await sandbox.click(alice, post, label="My orders (private)")).response
    place = Place(sandbox.guild_id, sandbox.default_channel)
    before, _ = await laager.service.latest(place)
    public = [
        item["custom_id"]
        for row in post.components
        for item in row["components"]
        if item["type"] == 2 and item["custom_id"].startswith("lg:")
    ]
    assert public, "the post offers an order that names no card"
    await sandbox.click(alice, post, custom_id=public[0])
    moved, _ = await laager.service.latest(place)
    assert moved.version > before.version
    stale = next(
        item["custom_id"]
        for row in panel.components
        for item in row["components"]
        if item["type"] == 2 and item["custom_id"].startswith("lgo:")
    )
    await sandbox.click(alice, panel, custom_id=stale)
    after, _ = await laager.service.latest(place)
    assert after.version == moved.version, "nothing was applied"
    refreshed = next(m for m in sandbox.transcript if m.id == panel.id)
    assert "moved on before that order" in refreshed.content
    fresh = [item.get("custom_id") for row in refreshed.components for item in row["components"]]
    assert fresh and stale not in fresh, "the panel now carries the current position"


async def test_one_odds_estimate_at_a_time_per_channel(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    """A second estimate asked for while one runs in the channel is refused plainly; once the
    first is done, the channel may ask again. A spectator's estimate says it cannot see the
    hand."""
    await sandbox.slash(alice, "ramparts new")
    # Long enough (seconds, even on a fast machine) for bob's command to come while it runs.
    first = asyncio.create_task(sandbox.slash(alice, "ramparts odds", {"games": 500}))
    for _ in range(200):
        if any("Simulating 500 games" in m.content for m in sandbox.transcript):
            break
        await asyncio.sleep(0.02)
    second = await sandbox.slash(bob, "ramparts odds", {"games": 50})
    assert second.response.ephemeral and "already being worked out" in second.response.content
    running = await first
    await settled(sandbox, running.response.id, "margin of error")
    again = await sandbox.slash(bob, "ramparts odds", {"games": 50})
    answer = await settled(sandbox, again.response.id, "margin of error")
    assert "dealt afresh" in answer.text() and not answer.ephemeral


@pytest.mark.parametrize("asker", ["alice", "bob"])
async def test_odds_when_the_pile_holds_only_the_relief_column(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
    asker: str,
) -> None:
    """Issue 11: /ramparts odds from a pile of the Relief Column alone, for the player and
    for a spectator, answers with the odds."""
    await sandbox.slash(alice, "ramparts new", {})
    current = laager.service.current

    async def last_card_left(place: Any) -> Any:
        game, system, seats = await current(place)
        return replace(game, state={**game.state, "deck": [RELIEF]}), system, seats

    monkeypatch.setattr(laager.service, "current", last_card_left)
    odds = await sandbox.slash(alice if asker == "alice" else bob, "ramparts odds", {"games": 50})
    answer = await settled(sandbox, odds.messages[-1].id, "margin of error")
    assert "went wrong" not in answer.text()
