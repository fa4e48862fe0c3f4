"""Turn deadlines through Discord-in-a-box: the reminder with its relative timestamp, the bot
standing in when a turn runs out and the player taking the seat back, a restart in between
that loses no timer, and a seat handed to a member by consent."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.cogs.reminders import Reminders
from bot.play import deadlines
from bot.play.service import audit
from bot.posting import substitutes
from bot.process.app import LaagerBot, running_bot
from bot.sandbox import DiscordSandbox, SandboxUser
from bot.storage.records import GameRecord
from tests.e2e.conftest import bot_settings


def later(laager: LaagerBot, hours: float) -> datetime:
    """Move the bot's clock on: the timers read it, so no test waits for hours. The cog's own
    loop is stopped first, so only the test's calls act on the timers."""
    reminders(laager).check.cancel()
    moment = datetime.now(UTC) + timedelta(hours=hours)
    laager.service.clock = lambda: moment
    return moment


def reminders(laager: LaagerBot) -> Reminders:
    """The loaded cog (an extension is loaded as its own module, so no isinstance check)."""
    cog = laager.get_cog("Reminders")
    assert cog is not None
    return cog  # type: ignore[return-value]


async def game_of(laager: LaagerBot, sandbox: DiscordSandbox) -> GameRecord:
    game = await laager.store.latest_game(sandbox.default_channel)
    assert game is not None
    return game


async def duel(sandbox: DiscordSandbox, alice: SandboxUser, bob: SandboxUser, hours: int) -> None:
    await sandbox.slash(
        alice, "game new", {"system": "duel", "mode": "two-player", "deadline_hours": hours}
    )
    await sandbox.slash(bob, "game join")


async def test_reminder_then_the_bot_stands_in_and_the_player_takes_the_seat_back(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    await duel(sandbox, alice, bob, 4)
    deadline = await laager.store.deadline((await game_of(laager, sandbox)).id)
    assert deadline is not None and deadline.hours == 4 and deadline.due_at is not None
    due = int(deadline.due_at.timestamp())

    later(laager, 2)
    assert await reminders(laager).check_deadlines() == (0, 0)
    later(laager, 3.5)
    assert await reminders(laager).check_deadlines() == (1, 0)
    reminder = sandbox.dms(alice)[-1]
    assert f"<t:{due}:R>" in reminder.content and "runs out" in reminder.content
    assert sandbox.dms(bob) == [] or f"<t:{due}:R>" not in sandbox.dms(bob)[-1].content
    assert await reminders(laager).check_deadlines() == (0, 0)  # reminded once

    before = await game_of(laager, sandbox)
    later(laager, 4.1)
    assert await reminders(laager).check_deadlines() == (0, 1)
    assert await reminders(laager).check_deadlines() == (0, 0)  # fired once
    post = sandbox.messages()[-1]
    assert "deadline ran out" in post.text() and "bot plays red" in post.text()
    assert "red strikes for" in post.text()
    assert post.pinged == [bob.id]  # only the one the game now waits for
    after = await game_of(laager, sandbox)
    assert after.version == before.version + 1 and after.state["next"] == "blue"
    assert await laager.store.stood_in(after.id) == ["red"]

    seen = await sandbox.slash(bob, "game status")  # someone else's command hands nothing back
    assert seen.ephemeral and "the bot stood in when the deadline ran out" in seen.response.text()
    assert "each turn may take 4 hours" in seen.response.text()
    assert await laager.store.stood_in(after.id) == ["red"]
    shown = await sandbox.slash(alice, "game status")
    assert shown.ephemeral
    assert await sandbox.wait_for(lambda: "is back" in sandbox.messages()[-1].content)
    back = sandbox.messages()[-1]
    assert f"<@{alice.id}> is back" in back.content and back.pinged == []
    assert await laager.store.stood_in(after.id) == []

    struck = await sandbox.slash(bob, "game order", {"choice": "strike"})
    assert struck.ephemeral and "posted in the channel" in struck.response.text()
    assert "blue strikes for" in sandbox.messages()[-1].text()
    events = await laager.store.events(after.id)
    assert [e.kind for e in events].count("bot") == 1
    report = audit(laager.registry.get("duel"), await game_of(laager, sandbox), events)
    assert report.ok, report.problem


async def test_a_restart_between_the_deadline_and_its_expiry_loses_no_timer(
    sandbox: DiscordSandbox, sqlite_url: str, alice: SandboxUser, bob: SandboxUser
) -> None:
    async with running_bot(bot_settings(sandbox, sqlite_url)):
        await sandbox.wait_ready()
        await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
        await sandbox.slash(bob, "game join")
        asked = await sandbox.slash(alice, "game settings", {"deadline_hours": 2})
        assert "turn deadline of 2 hours" in asked.response.content
        assert not asked.response.ephemeral, "the other player is asked in the channel"
        await sandbox.click(bob, asked.response, label="Agree")
    sandbox.close_dms(alice)
    async with running_bot(bot_settings(sandbox, sqlite_url)) as restarted:
        await sandbox.wait_ready()
        later(restarted, 2.2)
        assert await reminders(restarted).check_deadlines() == (1, 1)
        reminded, stood_in = sandbox.messages()[-2:]
        assert "runs out <t:" in reminded.content and "could not DM you" in reminded.content
        assert reminded.pinged == [alice.id]
        assert "deadline ran out" in stood_in.text()
        game = await game_of(restarted, sandbox)
        assert game.state["next"] == "blue"


async def test_deadline_settings_are_checked_and_refused_in_words(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    carol: SandboxUser,
) -> None:
    none_here = await sandbox.slash(alice, "game settings", {"deadline_hours": 5})
    assert none_here.ephemeral and "no game in this channel" in none_here.response.content
    await duel(sandbox, alice, bob, 3)
    outsider = await sandbox.slash(carol, "game settings", {"deadline_hours": 1})
    assert outsider.ephemeral and "Only the players seated" in outsider.response.content
    server = await sandbox.slash(alice, "game settings", {"reminder_hours": 2})
    assert server.ephemeral and "Manage Server" in server.response.content
    looked = await sandbox.slash(carol, "game settings")
    assert looked.ephemeral and "each turn may take 3 hours" in looked.response.content
    off = await sandbox.slash(bob, "game settings", {"deadline_hours": 0})
    assert not off.ephemeral and "asks to take the turn deadline away" in off.response.content
    await sandbox.click(alice, off.response, label="Agree")
    assert await laager.store.deadline((await game_of(laager, sandbox)).id) is None


async def test_a_substitute_refused_then_granted(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    carol: SandboxUser,
) -> None:
    elsewhere = sandbox.add_channel("elsewhere")
    empty = await sandbox.slash(alice, "game substitute", {"member": bob}, channel=elsewhere)
    assert empty.ephemeral and "no game in this channel" in empty.response.content
    await duel(sandbox, alice, bob, 6)
    drifter = SandboxUser(sandbox.state.clock.next_id(), "drifter")
    sandbox.state.users[drifter.id] = drifter  # known to Discord, but not in this server
    for member, why in [
        (alice, "name another member"),
        (bob, "already plays `blue`"),
        (sandbox.state.bot_user, "A bot cannot take a seat"),
        (drifter, "not a member of this server"),
    ]:
        refused = await sandbox.slash(alice, "game substitute", {"member": member})
        assert refused.ephemeral and why in refused.response.content
    outsider = await sandbox.slash(carol, "game substitute", {"member": alice})
    assert outsider.ephemeral and "no seat" in outsider.response.content

    asked = await sandbox.slash(alice, "game substitute", {"member": carol})
    assert asked.response.pinged == [carol.id]
    wrong = await sandbox.click(bob, asked.response, label="Take the seat")
    assert wrong.ephemeral and f"Only <@{carol.id}>" in wrong.response.content
    await sandbox.click(carol, asked.response, label="Decline")
    assert "declined" in sandbox.state.messages[asked.response.id].content
    assert sandbox.state.messages[asked.response.id].components == []

    again = await sandbox.slash(alice, "game substitute", {"member": carol})
    await sandbox.click(carol, again.response, label="Take the seat")
    settled = sandbox.state.messages[again.response.id]
    assert f"<@{carol.id}> takes over `red`" in settled.content and settled.components == []
    held = {
        s.side: s.user_id for s in await laager.store.seats((await game_of(laager, sandbox)).id)
    }
    assert held == {"red": carol.id, "blue": bob.id}
    assert await sandbox.wait_for(lambda: bool(sandbox.dms(carol)))
    assert "Your hidden reserve" in sandbox.dms(carol)[-1].content


async def test_an_unanswered_request_lapses_and_its_buttons_go(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    carol: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(substitutes, "SUBSTITUTE_MINUTES", 0.02)
    await duel(sandbox, alice, bob, 6)
    asked = await sandbox.slash(alice, "game substitute", {"member": carol})
    request = sandbox.state.messages[asked.response.id]
    assert await sandbox.wait_for(lambda: request.components == [], within=10)
    assert "lapsed" in request.content
    monkeypatch.setattr(substitutes, "SUBSTITUTE_MINUTES", 15)
    late = await sandbox.slash(alice, "game substitute", {"member": carol})
    later(laager, 1)  # a press after the time is up, as after a restart, lapses too
    pressed = await sandbox.click(carol, late.response, label="Take the seat")
    assert "lapsed" in sandbox.state.messages[late.response.id].content
    assert not pressed.ephemeral or "lapsed" in pressed.response.content
    held = {
        s.side: s.user_id for s in await laager.store.seats((await game_of(laager, sandbox)).id)
    }
    assert held["red"] == alice.id


async def test_commands_where_nobody_is_stood_in_for_ask_the_database_nothing_about_it(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every command and press may hand a seat back, so where no seat is stood in for (nearly
    everywhere) that must cost no query. A stand-in made by another process is learnt at the
    next reading of the stand-ins, and its player's next command then hands the seat back."""
    await duel(sandbox, alice, bob, 4)
    asked: list[int] = []
    hand_back = laager.store.hand_back

    async def counted(channel_id: int, user_id: int) -> list[str]:
        asked.append(user_id)
        return await hand_back(channel_id, user_id)

    monkeypatch.setattr(laager.store, "hand_back", counted)
    cog = reminders(laager)
    cog.read_stand_ins.cancel()  # the readings are the test's to make
    await sandbox.slash(alice, "game help")
    await sandbox.slash(bob, "game status")
    assert asked == []

    game = await game_of(laager, sandbox)
    deadline = await laager.store.deadline(game.id)
    assert deadline is not None
    later(laager, 4.1)
    # Another process stands in: this one's cog does not see it happen.
    assert await deadlines.stand_in(laager.service, deadline) is not None
    await sandbox.slash(alice, "game help")
    assert asked == [] and await laager.store.stood_in(game.id) == ["red"], "not learnt yet"
    await cog.stand_ins.refresh(laager.service)
    await sandbox.slash(alice, "game help")
    assert asked == [alice.id] and await laager.store.stood_in(game.id) == []
    assert await sandbox.wait_for(lambda: "is back" in sandbox.messages()[-1].content)
