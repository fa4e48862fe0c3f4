"""A bot process killed (SIGKILL) at random moments while players give orders, on SQLite and
PostgreSQL. After each restart, once the outbox is drained: the stored game equals the
replay of its log, and every committed order has been announced in the channel exactly
once (its post carries the nonce of its outbox row, and no other post repeats it), as has
the recap of a game that ended; and it was announced within seconds of the restart, though
the process killed holding it had claimed it for minutes."""

from __future__ import annotations

import asyncio
import random
import signal
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
FAST_OUTBOX = {"OUTBOX_LEASE_SECONDS": "120", "OUTBOX_CHECK_SECONDS": "0.3"}
"""A lease far longer than the wait for the outbox to drain (OWED_WITHIN): what a killed
process claimed goes out because the next one takes its claims over, not because they ran out."""
CATCH_TRIES = 50
OWED_WITHIN = 20
"""Seconds after a restart by which every owed post is sent."""


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
    held = 0
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
            held += await kill_holding(child, database, chance)
            sandbox.process_killed()
            await child.wait()
            orders.cancel()
            await asyncio.gather(orders, return_exceptions=True)
        await wait_disconnected(sandbox)
    async with bot_process(sandbox, database, **FAST_OUTBOX):
        await sandbox.wait_ready(timeout=60)
        committed = await settled(sandbox, database)
    assert committed > 0, "no order got through between the kills"
    assert held > 0, "no kill left a post owed, so none was sent by the process after it"


async def kill_holding(child: asyncio.subprocess.Process, url: str, chance: random.Random) -> int:
    """Kill the bot, caught (frozen, then looked at) holding a claim on an owed post if it
    can be within a few tries; returns how many posts were owed as it died."""
    engine = create_engine(url)
    try:
        outbox = OutboxStore(session_factory(engine))
        for _ in range(CATCH_TRIES):
            child.send_signal(signal.SIGSTOP)
            owed = await outbox.depth()
            if owed:
                break
            child.send_signal(signal.SIGCONT)
            await asyncio.sleep(chance.uniform(0.01, 0.1))
        child.kill()
        return owed
    finally:
        await engine.dispose()


async def give_orders(
    sandbox: DiscordSandbox, chance: random.Random, alice: SandboxUser, bob: SandboxUser
) -> None:
    """Orders from both players until the bot is killed, some at once, some struck and more
    tallied (which never ends the duel, so later rounds still have orders to give)."""
    while True:
        batch = [
            sandbox.slash(
                player,
                "game order",
                {"choice": chance.choice(["strike", "tally", "tally", "tally"])},
            )
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
        deadline = time.monotonic() + OWED_WITHIN
        while await outbox.depth():
            assert time.monotonic() < deadline, f"owed posts were left after {OWED_WITHIN} s"
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
