"""Commands beyond the process's work slots wait their turn, in order, already answered: a
burst of commands cannot keep a newcomer's first answer past Discord's 3 seconds."""

from __future__ import annotations

import asyncio

import pytest

from bot.play.service import WORK_SLOTS, GameService
from bot.process.app import LaagerBot
from bot.sandbox import DiscordSandbox, SandboxUser

pytestmark = pytest.mark.usefixtures("laager")


class Busy:
    """Other channels' commands holding every work slot until released."""

    def __init__(self, service: GameService, count: int = WORK_SLOTS) -> None:
        self.inside = 0
        self.entered = asyncio.Condition()
        self.release = asyncio.Event()
        self.holders = [asyncio.ensure_future(self._hold(service, -1 - n)) for n in range(count)]

    async def _hold(self, service: GameService, channel_id: int) -> None:
        async with service.lock(channel_id):
            async with self.entered:
                self.inside += 1
                self.entered.notify_all()
            await self.release.wait()

    async def held(self, count: int = WORK_SLOTS) -> None:
        async with self.entered:
            await self.entered.wait_for(lambda: self.inside >= count)

    async def done(self) -> None:
        self.release.set()
        await asyncio.gather(*self.holders)


async def test_a_press_waiting_for_a_slot_is_answered_at_once_and_done_in_its_turn(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    await sandbox.slash(alice, "game new", {"system": "duel", "scenario": "short", "mode": "solo"})
    channel = sandbox.state.channel(sandbox.default_channel).id
    before = await laager.store.active_game(channel)
    assert before is not None
    busy = Busy(laager.service)
    await busy.held()
    pressed = asyncio.ensure_future(sandbox.click(alice, label="Strike"))
    await asyncio.sleep(0.5)
    waiting = await laager.store.active_game(channel)
    assert waiting is not None and waiting.version == before.version, "it did not wait"
    released_at = asyncio.get_running_loop().time()
    await busy.done()
    click = await pressed
    assert click.failure is None and click.completed
    assert click.answered_at is not None and click.answered_at < released_at
    after = await laager.store.latest_game(channel)
    assert after is not None and after.version > before.version


async def test_no_more_than_the_slots_work_at_once_and_the_rest_go_in_order(
    laager: LaagerBot,
) -> None:
    """Twice as many channels as slots ask at once: half get in, the rest in the order
    they asked as the first ones finish."""
    service = laager.service
    busy = Busy(service, 2 * WORK_SLOTS)
    await busy.held(WORK_SLOTS)
    await asyncio.sleep(0.1)
    assert busy.inside == WORK_SLOTS
    order: list[int] = []

    async def late(channel_id: int) -> None:
        async with service.lock(channel_id):
            order.append(channel_id)

    latecomers = [asyncio.ensure_future(late(100 + n)) for n in range(3)]
    await asyncio.sleep(0.05)
    await busy.done()
    await asyncio.gather(*latecomers)
    assert order == [100, 101, 102]
