"""A bot process killed (SIGKILL) at random moments while players give orders, on SQLite and
PostgreSQL. After each restart, once the outbox is drained: the stored game equals the
replay of its log, and every committed order has been announced in the channel exactly
once (its post carries the nonce of its outbox row, and no other post repeats it), as has
the recap of a game that ended."""

from __future__ import annotations

import asyncio
import random
import time

import pytest

from bot.play.service import audit
from bot.posting.outbox_sender import REFRESHED
from bot.posting.recap_post import CHART_TITLE
from bot.sandbox import DiscordSandbox, SandboxUser
from bot.storage.db import create_engine, session_factory
from bot.storage.outbox import OutboxStore
from bot.storage.repository import Store
from tests.e2e.processes import bot_process, wait_disconnected
from tests.fixtures.duel import SYSTEM as DUEL

ROUNDS = 3
ORDERS = 6
FAST_OUTBOX = {"OUTBOX_LEASE_SECONDS": "1", "OUTBOX_CHECK_SECONDS": "0.3"}


@pytest.fixture(params=["sqlite", "postgres"])
def database(request: pytest.FixtureRequest) -> str:
    name = "sqlite_url" if request.param == "sqlite" else "postgres_database_url"
    url: str = request.getfixturevalue(name)
    return url


@pytest.mark.slow
async def test_random_kills_lose_no_order_and_announce_each_once(
    sandbox: DiscordSandbox, database: str, alice: SandboxUser, bob: SandboxUser
) -> None:
    chance = random.Random(1879)
    for round_number in range(ROUNDS):
        async with bot_process(sandbox, database, **FAST_OUTBOX) as child:
            await sandbox.wait_ready(timeout=60)
            if round_number == 0:
                await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
                await sandbox.slash(bob, "game join")
            await settled(sandbox, database)
            for player in (alice, bob):
                await sandbox.slash(player, "game status")
            orders = asyncio.ensure_future(give_orders(sandbox, chance, alice, bob))
            await asyncio.sleep(chance.uniform(0.2, 2.5))
            child.kill()
            sandbox.process_killed()
            await child.wait()
            orders.cancel()
            await asyncio.gather(orders, return_exceptions=True)
        await wait_disconnected(sandbox)
    async with bot_process(sandbox, database, **FAST_OUTBOX):
        await sandbox.wait_ready(timeout=60)
        committed = await settled(sandbox, database)
    assert committed > 0, "no order got through between the kills"


async def give_orders(
    sandbox: DiscordSandbox, chance: random.Random, alice: SandboxUser, bob: SandboxUser
) -> None:
    """Orders from both players, some at once, some struck and some tallied."""
    for _ in range(ORDERS):
        batch = [
            sandbox.slash(player, "game order", {"choice": chance.choice(["strike", "tally"])})
            for player in chance.sample([alice, bob], chance.randint(1, 2))
        ]
        await asyncio.gather(*batch, return_exceptions=True)
        for player in (alice, bob):
            await sandbox.slash(player, "game status")


async def settled(sandbox: DiscordSandbox, url: str) -> int:
    """Wait for the outbox to drain, then check the game; returns the orders committed."""
    engine = create_engine(url)
    try:
        store, outbox = Store(session_factory(engine)), OutboxStore(session_factory(engine))
        deadline = time.monotonic() + 20
        while await outbox.depth():
            assert time.monotonic() < deadline, "the outbox was not drained"
            await asyncio.sleep(0.2)
        game = await store.latest_game(sandbox.default_channel)
        assert game is not None
        events = await store.events(game.id)
        report = audit(DUEL, game, events)
        assert report.ok, report.problem
        assert [e.seq for e in events] == list(range(len(events)))
        rows = await outbox.all_rows(game.id)
        actions = [e for e in events if e.kind == "action"]
        assert len(rows) == len(actions), "an order was committed without its outbox row"
        posts = [m for m in sandbox.messages() if m.embeds and not m.deleted]
        for row in rows:
            carrying = [m for m in posts if m.nonce == f"laager-{row.id}"]
            assert len(carrying) == 1, f"order {row.id} was announced {len(carrying)} times"
            assert all(line in carrying[0].text() for line in row.lines)
        refreshed = [m for m in posts if REFRESHED in m.text()]
        recaps = [m for m in posts if CHART_TITLE in m.text()]
        assert len(recaps) == (game.status == "finished"), "the recap was lost or repeated"
        assert len(posts) == 1 + len(rows) + len(refreshed) + len(recaps), "a post was repeated"
        return len(rows)
    finally:
        await engine.dispose()
