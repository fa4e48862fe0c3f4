"""``/game undo`` through Discord-in-a-box: at once in solo, by the opponent's consent in a
two-player game, refusals in words, and dice that never come round again."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import pytest

from bot.play import undo
from bot.play.service import Place
from bot.process.app import LaagerBot
from bot.sandbox import DiscordSandbox, SandboxUser
from bot.sandbox.interactions import ANSWER_WITHIN
from bot.sandbox.models import Message
from bot.storage.records import GameRecord
from tests.e2e.leak_audit import Audit, Player, bots_order, exempt, read, watching

ALLOW, REFUSE = "Allow undo", "Refuse"
T = TypeVar("T")


async def game_of(laager: LaagerBot, sandbox: DiscordSandbox) -> GameRecord:
    game = await laager.store.latest_game(sandbox.default_channel)
    assert game is not None
    return game


def buttons(message: Message) -> list[str]:
    return [b.get("label", "") for row in message.components for b in row.get("components", [])]


async def test_a_solo_order_is_taken_back_at_once_and_only_once(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, carol: SandboxUser
) -> None:
    started = await sandbox.slash(
        alice, "game new", {"system": "last-stand", "mode": "solo", "side": "british"}
    )
    before = await game_of(laager, sandbox)
    placed = await sandbox.click(alice, started.response, label="Place for me")
    assert not placed.ephemeral
    assert (await game_of(laager, sandbox)).state != before.state

    taken = await sandbox.slash(alice, "game undo")
    post = taken.messages[-1]
    assert not post.ephemeral and "taken back" in post.text()
    assert "Place for me" in post.text()  # the position's orders are offered again
    after = await game_of(laager, sandbox)
    assert after.state == before.state and after.dice_cursor == before.dice_cursor
    assert placed.messages[-1].components == []  # the undone position's buttons are retired

    again = await sandbox.slash(alice, "game undo")
    assert again.ephemeral and "already been taken back" in again.response.content
    outsider = await sandbox.slash(carol, "game undo")
    assert outsider.ephemeral and "no seat" in outsider.response.content
    elsewhere = sandbox.add_channel("elsewhere")
    empty = await sandbox.slash(alice, "game undo", channel=elsewhere)
    assert empty.ephemeral and "no game in this channel" in empty.response.content
    assert (await game_of(laager, sandbox)).version == after.version


async def test_a_solo_roll_stands(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    started = await sandbox.slash(alice, "game new", {"system": "duel", "mode": "solo"})
    fresh = await sandbox.slash(alice, "game undo")
    assert fresh.ephemeral and "nothing to take back" in fresh.response.content
    await sandbox.click(alice, started.response, label="Strike")
    before = await game_of(laager, sandbox)
    refused = await sandbox.slash(alice, "game undo")
    assert refused.ephemeral and "rolled dice" in refused.response.content
    assert "free second try" in refused.response.content
    assert (await game_of(laager, sandbox)).version == before.version


async def test_consent_refused_then_granted_and_the_undone_die_never_returns(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    carol: SandboxUser,
) -> None:
    started = await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
    await sandbox.slash(bob, "game join")
    before = await game_of(laager, sandbox)
    await sandbox.click(alice, started.response, label="Strike")
    struck = await game_of(laager, sandbox)

    asked = await sandbox.slash(alice, "game undo")
    request = asked.response
    assert not request.ephemeral and buttons(request) == [ALLOW, REFUSE]
    assert bob.id in request.pinged and "rolled dice" in request.content
    for stranger, words in ((carol, "Only <@"), (alice, "not yours to answer")):
        pressed = await sandbox.click(stranger, request, label=ALLOW)
        assert pressed.ephemeral and words in pressed.response.content
    twice = await sandbox.slash(alice, "game undo")
    assert twice.ephemeral and "already asked" in twice.response.content

    await sandbox.click(bob, request, label=REFUSE)
    assert request.components == [] and "order stands" in request.content
    assert (await game_of(laager, sandbox)).state == struck.state

    asked = await sandbox.slash(alice, "game undo")
    granted = await sandbox.click(bob, asked.response, label=ALLOW)
    assert asked.response.components == [] and "allows it" in asked.response.content
    assert "taken back" in granted.messages[-1].text()
    undone = await game_of(laager, sandbox)
    assert undone.state == before.state
    assert undone.dice_cursor == struck.dice_cursor > before.dice_cursor

    await sandbox.click(alice, granted.messages[-1], label="Strike")
    again = await game_of(laager, sandbox)
    events = await laager.store.events(again.id)
    [undo_event] = [e for e in events if e.kind == "undo"]
    new_die_at = again.dice_cursor - len(events[-1].dice)
    assert undo_event.action["cursor"] == struck.dice_cursor
    assert new_die_at >= struck.dice_cursor  # a later place in the stream than the undone die

    asked = await sandbox.slash(alice, "game abort")
    await sandbox.click(bob, asked.response, label="Agree")
    verified = await sandbox.slash(bob, "game verify")
    assert "verified" in verified.response.content, verified.response.content
    assert "reproduced all 4 dice and the final position" in verified.response.content


async def test_hidden_information_that_changed_is_sent_again_by_dm(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    started = await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
    await sandbox.slash(bob, "game join")
    await sandbox.click(alice, started.response, label="Rally")
    asked = await sandbox.slash(alice, "game undo")
    dms_before = len(sandbox.dms(alice))
    granted = await sandbox.click(bob, asked.response, label=ALLOW)
    assert await sandbox.wait_for(lambda: len(sandbox.dms(alice)) > dms_before)
    assert "After the undo" in sandbox.dms(alice)[-1].content
    public = [m for m in (asked.response, *granted.messages) if m.recipient is None]
    assert len(public) >= 2
    for message in public:
        assert "hidden reserve" not in message.text() and "reserve is" not in message.text()


async def test_a_slow_undo_in_a_long_game_is_still_answered(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rebuilding the position replays the whole log; slowed past Discord's three seconds, the
    request and the consent are still answered (thinking, then the edit and the new post)."""
    for name in ("ask", "answer"):
        monkeypatch.setattr(undo, name, slowed(getattr(undo, name)))
    started = await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
    await sandbox.slash(bob, "game join")
    await sandbox.click(alice, started.response, label="Tally")
    asked = await sandbox.slash(alice, "game undo")
    request = asked.messages[-1]
    assert asked.failure is None and buttons(request) == [ALLOW, REFUSE]
    granted = await sandbox.click(bob, request, label=ALLOW)
    assert granted.failure is None, granted.failure
    assert request.components == [] and "allows it" in request.content
    assert "taken back" in granted.messages[-1].text()
    assert not any(m.loading for m in sandbox.transcript)


def slowed(work: Callable[..., Awaitable[T]]) -> Callable[..., Awaitable[T]]:
    async def slow(*args: Any, **kwargs: Any) -> T:
        await asyncio.sleep(ANSWER_WITHIN + 0.3)
        return await work(*args, **kwargs)

    return slow


UNDO_AUDIT_ORDERS = 14
"""Orders of the zone game given, each taken back with consent and given again, under audit."""


async def test_undos_in_the_zone_game_leak_nothing(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each order of a two-player zone game is taken back with the opponent's consent and given
    again; the leak audit reads every request, answer, post and DM against the position."""
    system = laager.registry.get("zones")
    seats = {"british": alice, "zulu": bob}
    audit = Audit(system)
    player = Player(sandbox, laager, {})
    place = Place(sandbox.guild_id, sandbox.default_channel)
    with watching(audit, monkeypatch):
        cursor = len(sandbox.events)
        await sandbox.slash(alice, "game new", {"system": "zones", "mode": "two-player"})
        await sandbox.slash(bob, "game join")
        game, _ = await laager.service.latest(place)
        cursor = read(audit, sandbox, game.state, seats, cursor, set())
        undone = 0
        for step in range(UNDO_AUDIT_ORDERS):
            before = game.state
            side = system.to_act(before)[0]
            order = bots_order(system, before, side, step)
            await player.give(seats[side], order)
            game, _ = await laager.service.latest(place)
            cursor = read(
                audit, sandbox, game.state, seats, cursor, exempt(system, before, game.state)
            )
            if game.status != "active":
                break
            given = game.state
            asked = await sandbox.slash(seats[side], "game undo")
            other = bob if seats[side] is alice else alice
            await sandbox.click(other, asked.response, label=ALLOW)
            game, _ = await laager.service.latest(place)
            assert game.state == before
            undone += 1
            gone = exempt(system, given, game.state)
            audit.revealed |= gone
            cursor = read(audit, sandbox, game.state, seats, cursor, gone)
            await player.give(seats[side], order)
            game, _ = await laager.service.latest(place)
            cursor = read(
                audit, sandbox, game.state, seats, cursor, exempt(system, before, game.state)
            )
    assert undone >= 10 and audit.findings == []
    asked = await sandbox.slash(alice, "game abort")
    await sandbox.click(bob, asked.response, label="Agree")
    verified = await sandbox.slash(alice, "game verify")
    assert "verified" in verified.response.content, verified.response.content


async def test_a_request_the_game_moved_past_lapses(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    started = await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
    await sandbox.slash(bob, "game join")
    struck = await sandbox.click(alice, started.response, label="Strike")
    asked = await sandbox.slash(alice, "game undo")
    await sandbox.click(bob, struck.messages[-1], label="Tally")
    late = await sandbox.click(bob, asked.response, label=ALLOW)
    [told] = [m for m in late.responses if m.ephemeral]
    assert "no longer open" in told.content
    assert asked.response.components == [] and "lapsed" in asked.response.content
    assert [e.kind for e in await laager.store.events((await game_of(laager, sandbox)).id)][
        -3:
    ] == ["action", "undo_ask", "action"]
