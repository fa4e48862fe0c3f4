"""A stopping bot lets the orders it is handling finish, and tells newcomers it is restarting."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.play.service import GameService
from bot.posting import draining
from bot.process.app import LaagerBot
from bot.sandbox import DiscordSandbox, SandboxTimeout, SandboxUser

pytestmark = pytest.mark.usefixtures("laager")


@pytest.fixture
def slow_orders(monkeypatch: pytest.MonkeyPatch) -> asyncio.Event:
    """Every order takes half a second before it is applied; the event says one began."""
    began = asyncio.Event()
    real = GameService.act

    async def slow(self: GameService, *args: Any, **kwargs: Any) -> Any:
        began.set()
        await asyncio.sleep(0.5)
        return await real(self, *args, **kwargs)

    monkeypatch.setattr(GameService, "act", slow)
    return began


async def test_an_order_in_hand_when_the_bot_stops_is_finished_and_shown(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    slow_orders: asyncio.Event,
) -> None:
    await sandbox.slash(alice, "game new", {"system": "duel", "scenario": "short", "mode": "solo"})
    before = sandbox.messages()[-1].embeds[0]["description"]
    pressed = asyncio.ensure_future(sandbox.click(alice, label="Strike"))
    await slow_orders.wait()
    stopping = asyncio.ensure_future(laager.close())
    await asyncio.sleep(0.1)
    late = await sandbox.slash(bob, "game status")
    assert late.response is not None and late.response.content == draining.RESTARTING
    click = await pressed
    assert click.failure is None and click.completed
    assert sandbox.messages()[-1].embeds[0]["description"] != before, "the order was not shown"
    await stopping
    game = await laager.store.latest_game(sandbox.state.channel(sandbox.default_channel).id)
    assert game is not None and game.version > 1


async def test_without_the_drain_the_order_is_cut_off(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    slow_orders: asyncio.Event,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The fault the drain prevents, planted: no time to finish."""
    monkeypatch.setattr(draining, "DRAIN_SECONDS", 0.0)
    await sandbox.slash(alice, "game new", {"system": "duel", "scenario": "short", "mode": "solo"})
    sandbox.timeout = 3.0
    pressed = asyncio.ensure_future(sandbox.click(alice, label="Strike"))
    await slow_orders.wait()
    await laager.close()
    with pytest.raises(SandboxTimeout, match="deferred but sent no follow-up"):
        await pressed
