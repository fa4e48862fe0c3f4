"""The outbox through the real bot: an order committed but never announced (the process
died in between) is posted by the worker, exactly once even when the send is repeated;
an update overtaken by later posts goes up without buttons or pings; a stale newest post
is refreshed on start; and an order given twice is applied once."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import update

import bot.posting.announce
from bot.cogs.outbox import OutboxWorker
from bot.play.engine_work import EARLIER, REPEATED
from bot.play.service import Place, Update
from bot.posting.outbox_sender import OVERTAKEN, REFRESHED, refresh_stale
from bot.posting.recap_post import CHART_TITLE
from bot.process.app import LaagerBot, running_bot
from bot.sandbox import DiscordSandbox, Message, SandboxInteraction, SandboxUser
from bot.storage.models import Outbox
from bot.storage.outbox import OutboxStore
from tests.e2e.conftest import bot_settings

LEASE = 0.2


@pytest.fixture
async def laager(sandbox: DiscordSandbox, sqlite_url: str) -> AsyncIterator[LaagerBot]:
    """The bot with a short lease, whose worker runs only when a test says so."""
    settings = bot_settings(sandbox, sqlite_url).model_copy(
        update={"outbox_lease_seconds": LEASE, "outbox_check_seconds": 3600}
    )
    async with running_bot(settings) as laager:
        await sandbox.wait_ready()
        yield laager


def worker(laager: LaagerBot) -> OutboxWorker:
    cog = laager.get_cog("OutboxWorker")
    assert cog is not None
    return cog  # type: ignore[return-value]


async def send_due(laager: LaagerBot) -> int:
    await asyncio.sleep(LEASE * 2)
    return await worker(laager).send_due()


def posts_saying(sandbox: DiscordSandbox, text: str) -> list[Message]:
    return [m for m in sandbox.messages() if m.embeds and text in m.text() and not m.deleted]


def crash_once(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """Make ``bot.posting.announce.<name>`` fail once, as a process killed at that moment would."""
    real = getattr(bot.posting.announce, name)
    calls = {"n": 0}

    async def dies(*args: object, **kwargs: object) -> object:
        calls["n"] += 1
        if calls["n"] == 1:
            raise RuntimeError("killed")
        return await real(*args, **kwargs)

    monkeypatch.setattr(bot.posting.announce, name, dies)


def crash_at_the_end(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """Make ``bot.posting.announce.<name>`` fail once, for the update that ends the game,
    however many orders it takes (the dice follow the ids of everything before them)."""
    real = getattr(bot.posting.announce, name)
    calls = {"ended": 0}

    async def dies(bot: LaagerBot, update: Update, *args: object, **kwargs: object) -> object:
        if update.result:
            calls["ended"] += 1
            if calls["ended"] == 1:
                raise RuntimeError("killed")
        return await real(bot, update, *args, **kwargs)

    monkeypatch.setattr(bot.posting.announce, name, dies)


async def strike_to_the_end(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, game_id: int
) -> str:
    """Alice strikes until her solo duel is over; its status then."""
    for _ in range(40):
        await sandbox.click(alice, label="Strike")
        status = (await laager.store.get_game(game_id)).status
        if status != "active":
            return status
    raise AssertionError("the duel did not end")


async def two_player_duel(sandbox: DiscordSandbox, alice: SandboxUser, bob: SandboxUser) -> None:
    await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
    await sandbox.slash(bob, "game join")


async def test_an_order_committed_but_not_posted_is_posted_once_by_the_worker(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    await two_player_duel(sandbox, alice, bob)
    crash_once(monkeypatch, "send_owed_post")
    answer = await sandbox.slash(alice, "game order", {"choice": "strike"})
    assert answer.ephemeral and "went wrong" in answer.response.content
    assert posts_saying(sandbox, "red strikes") == [], "the post was lost with the process"
    assert await laager.outbox.depth() == 1
    assert await send_due(laager) == 1
    [post] = posts_saying(sandbox, "red strikes")
    assert post.components, "the newest news carries the orders"
    assert post.pinged == [bob.id], "the game was handed to bob"
    assert await send_due(laager) == 0
    assert len(posts_saying(sandbox, "red strikes")) == 1
    assert await laager.outbox.depth() == 0
    struck = await sandbox.click(bob, post, label="Strike")
    assert "blue strikes" in struck.messages[-1].text()


@pytest.mark.parametrize("nonce", ["from-the-row", "planted-fault"])
async def test_a_send_repeated_after_a_crash_is_deduplicated_by_its_nonce(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
    nonce: str,
) -> None:
    """Killed after the post went out but before it was noted and marked done (one commit,
    when the post is all the order owed): the worker sends the row again. Planted fault: a
    nonce not drawn from the row, and the post appears twice."""
    if nonce == "planted-fault":
        counter = iter(range(1000))
        monkeypatch.setattr(bot.posting.announce, "outbox_nonce", lambda *_: f"x{next(counter)}")
    await two_player_duel(sandbox, alice, bob)
    crash_once(monkeypatch, "remember_post")
    await sandbox.slash(alice, "game order", {"choice": "strike"})
    assert len(posts_saying(sandbox, "red strikes")) == 1
    assert await send_due(laager) == 1
    posts = posts_saying(sandbox, "red strikes")
    if nonce == "planted-fault":
        assert len(posts) == 2
        return
    [post] = posts
    assert post.components, "the repeat did not retire the buttons of the post it repeats"
    assert await laager.outbox.depth() == 0


async def test_an_update_overtaken_by_later_posts_goes_up_without_buttons_or_pings(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    await two_player_duel(sandbox, alice, bob)
    crash_once(monkeypatch, "send_owed_post")
    await sandbox.slash(alice, "game order", {"choice": "strike"})
    await sandbox.slash(bob, "game status")
    await sandbox.slash(bob, "game order", {"choice": "strike"})
    [live] = posts_saying(sandbox, "blue strikes")
    assert await send_due(laager) == 1
    [held] = posts_saying(sandbox, "red strikes")
    assert held.id > live.id and OVERTAKEN in held.text()
    assert held.components == [] and held.pinged == []
    assert live.components, "the newest post keeps the live buttons"


@pytest.mark.parametrize("refresh", [True, False], ids=["as-built", "planted-fault"])
async def test_on_start_a_post_left_stale_is_replaced_by_a_fresh_one(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
    refresh: bool,
) -> None:
    """An order whose update never went out (left by an older bot, with nothing owed) leaves
    the newest post's buttons stale. Planted fault: no refresh, and pressing them fails."""
    await two_player_duel(sandbox, alice, bob)
    crash_once(monkeypatch, "send_owed_post")
    await sandbox.slash(alice, "game order", {"choice": "strike"})
    await asyncio.sleep(LEASE * 2)
    [row] = await laager.outbox.claim_due(LEASE)
    await laager.outbox.mark_sent(row.id)
    if refresh:
        assert await refresh_stale(laager) == 1
        assert await refresh_stale(laager) == 0, "a fresh post is not refreshed again"
        [post] = posts_saying(sandbox, REFRESHED)
        assert post.pinged == []
    newest = next(m for m in reversed(sandbox.messages()) if m.components)
    struck = await sandbox.click(bob, newest, label="Strike")
    if refresh:
        assert "blue strikes" in struck.messages[-1].text()
    else:
        assert struck.ephemeral and "moved on" in struck.response.content


@pytest.mark.parametrize("checked", [True, False], ids=["as-built", "planted-fault"])
async def test_a_game_order_given_twice_at_once_is_applied_once(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
    checked: bool,
) -> None:
    """A double submission (or a client's retry) of `/game order`. Planted fault: the
    order does not bring the position its giver saw, and it is applied twice."""
    if not checked:

        async def unseen(*_: object) -> None:
            return None

        monkeypatch.setattr(laager.outbox, "last_seen", unseen)
    await two_player_duel(sandbox, alice, bob)
    answers = await asyncio.gather(
        *(sandbox.slash(alice, "game order", {"choice": "tally"}) for _ in range(2))
    )
    game, _ = await laager.service.latest(Place(sandbox.guild_id, sandbox.default_channel))
    if not checked:
        assert game.state["tally"] == 2
        return
    assert game.state["tally"] == 1
    refused = [a for a in answers if REPEATED in a.response.content]
    assert len(refused) == 1 and refused[0].ephemeral
    again = await sandbox.slash(alice, "game order", {"choice": "tally"})
    assert "tallies" in again.response.text(), "an order given after seeing the post counts"


async def test_a_double_pressed_button_is_applied_once(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    await two_player_duel(sandbox, alice, bob)
    post = next(m for m in reversed(sandbox.messages()) if m.components)
    presses = await asyncio.gather(
        *(sandbox.click(alice, post, label="Tally") for _ in range(2)), return_exceptions=True
    )
    game, _ = await laager.service.latest(Place(sandbox.guild_id, sandbox.default_channel))
    assert game.state["tally"] == 1
    assert len(posts_saying(sandbox, "tallies")) == 1
    refused = [p for p in presses if not isinstance(p, BaseException) and told(p, EARLIER)]
    gone = [p for p in presses if isinstance(p, BaseException)]
    assert len(refused) + len(gone) == 1, presses


def told(press: SandboxInteraction, refusal: str) -> bool:
    """Whether the presser alone was told ``refusal``: the press deferred as an update of the
    post it was on, so the post's own edit by the other press may come before it."""
    return any(r.ephemeral and refusal in r.content for r in press.responses)


async def test_what_follows_a_games_last_post_is_sent_by_the_worker_too(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The order that ends the game dies before its post: the worker posts it, then runs what
    follows a game's end (a campaign's next battle, here a recorder), once, with no
    interaction to answer through."""
    ended: list[tuple[int, object]] = []

    async def record(_bot: LaagerBot, update: Update, interaction: object) -> None:
        ended.append((update.game.id, interaction))

    laager.game_ended.append(record)
    await sandbox.slash(alice, "game new", {"system": "duel", "scenario": "short", "mode": "solo"})
    game = await laager.store.active_game(sandbox.default_channel)
    assert game is not None
    crash_at_the_end(monkeypatch, "send_owed_post")
    status = await strike_to_the_end(sandbox, laager, alice, game.id)
    assert status == "finished" and ended == [], "the game ended, its post was lost"
    assert await send_due(laager) == 1
    assert ended == [(game.id, None)]
    assert await send_due(laager) == 0
    assert ended == [(game.id, None)]


async def test_a_recap_sent_before_a_crash_is_not_posted_again_by_the_worker(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The order that ends the game is posted with its recap, and the process dies before it
    marks the row done: the worker repeats everything the row owed, and the repeated recap
    is the first one, not a second post."""
    await sandbox.slash(alice, "game new", {"system": "duel", "scenario": "short", "mode": "solo"})
    game = await laager.store.active_game(sandbox.default_channel)
    assert game is not None
    crash_at_the_end(monkeypatch, "settled")
    assert await strike_to_the_end(sandbox, laager, alice, game.id) == "finished"
    recaps = posts_saying(sandbox, CHART_TITLE)
    assert len(recaps) == 1, "the game's end came with its recap"
    assert await send_due(laager) == 1
    assert posts_saying(sandbox, CHART_TITLE) == recaps


async def test_once_an_orders_post_is_up_the_rest_of_the_command_makes_way(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Retiring the old buttons, the private answer and the outbox's bookkeeping wait for
    the interactions that arrived meanwhile (bot.play.loop_priority), and only after the post
    is in the channel (planted: without the call, no way is made there)."""
    await two_player_duel(sandbox, alice, bob)
    seen: list[int] = []

    async def noted() -> None:
        seen.append(len(posts_saying(sandbox, "red strikes")))

    monkeypatch.setattr(bot.posting.announce, "make_way", noted)
    await sandbox.slash(alice, "game order", {"choice": "strike"})
    assert seen == [1]


@pytest.mark.parametrize("taken_over", [True, False], ids=["taken-over", "planted-fault"])
async def test_a_restart_sends_at_once_what_the_process_before_it_died_holding(
    sandbox: DiscordSandbox,
    sqlite_url: str,
    alice: SandboxUser,
    bob: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
    taken_over: bool,
) -> None:
    """The process that committed an order dies before posting it, its claim on the row good
    for ten minutes; the next process on the database posts it within seconds of its start.
    Planted fault: without the take-over, the row waits out the dead process's lease."""
    settings = bot_settings(sandbox, sqlite_url).model_copy(
        update={"outbox_lease_seconds": 600, "outbox_check_seconds": 0.2}
    )
    idle = settings.model_copy(update={"outbox_check_seconds": 3600})  # its worker stays out
    async with running_bot(idle) as first:
        await sandbox.wait_ready()
        await two_player_duel(sandbox, alice, bob)
        crash_once(monkeypatch, "send_owed_post")
        await sandbox.slash(alice, "game order", {"choice": "strike"})
        assert await first.outbox.depth() == 1 and not posts_saying(sandbox, "red strikes")
        # a killed process keeps its claim: nothing of it is left to give the row back
        held = datetime.now(UTC) + timedelta(seconds=500)
        async with first.sessions.begin() as session:
            await session.execute(update(Outbox).values(claimed_until=held))
    if not taken_over:
        monkeypatch.setattr(OutboxStore, "take_over", lambda *_: asyncio.sleep(0, 0))
    async with running_bot(settings) as second:
        await sandbox.wait_ready()
        for _ in range(50):
            if not await second.outbox.depth():
                break
            await asyncio.sleep(0.1)
        assert len(posts_saying(sandbox, "red strikes")) == (1 if taken_over else 0)
        assert await second.outbox.depth() == (0 if taken_over else 1)
