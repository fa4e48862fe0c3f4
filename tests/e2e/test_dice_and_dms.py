"""Free rolls kept in the channel log, closed DMs, a solo game to its end, verify and export."""

from __future__ import annotations

import json
from datetime import timedelta

from sqlalchemy import update as sql_update

from bot.process.app import LaagerBot
from bot.sandbox import DiscordSandbox, SandboxUser
from bot.storage.models import Game


async def test_roll_shows_working_and_is_logged(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    rolled = await sandbox.slash(alice, "roll", {"expression": "2d6+1", "reason": "charge"})
    assert not rolled.ephemeral
    assert "rolls for *charge*: 2d6 (" in rolled.response.content
    average = await sandbox.slash(alice, "roll", {"expression": "pm-1"})
    assert "plus die" in average.response.content
    history = await sandbox.slash(alice, "rolls")
    assert history.ephemeral
    assert "2d6+1 (charge)" in history.response.text() and "pm-1" in history.response.text()
    suggestions = await sandbox.autocomplete(
        alice, "roll", {"expression": "3d"}, focused="expression"
    )
    assert suggestions[0]["value"] == "3d" and {"name": "avg", "value": "avg"} in suggestions


async def test_closed_dms_fall_back_to_an_ephemeral_message(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    sandbox.close_dms(alice)
    started = await sandbox.slash(alice, "game new", {"system": "duel"})
    assert sandbox.dms(alice) == []
    [private] = [m for m in started.messages if m.ephemeral]
    assert "DMs are closed" in private.content and "hidden reserve" in private.content
    assert "hidden reserve" not in started.response.text()


async def test_solo_game_to_the_end_then_verify_and_export(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    channel = sandbox.add_channel("solo")
    await sandbox.slash(
        alice, "game new", {"system": "duel", "scenario": "short", "mode": "solo"}, channel=channel
    )
    for _ in range(30):
        turn = await sandbox.slash(alice, "game order", {"choice": "strike"}, channel=channel)
        over = [m for m in turn.messages if not m.ephemeral and "Game over" in m.text()]
        if over:
            post = over[0]
            break
    else:
        raise AssertionError("the duel did not end")
    assert "Dice seed (revealed)" in post.text()
    verified = await sandbox.slash(alice, "game verify", channel=channel)
    assert "verified" in verified.response.content and "reproduced all" in verified.response.content
    exported = await sandbox.slash(alice, "game export", channel=channel)
    files = {a.filename: a.data for a in exported.response.attachments}
    data = json.loads(files[next(n for n in files if n.endswith(".json"))])
    assert data["status"] == "finished" and data["seed"]
    text = files[next(n for n in files if n.endswith(".txt"))].decode()
    assert "rolled d6 =" in text
    log = await sandbox.slash(alice, "game log", {"count": 5}, channel=channel)
    assert log.ephemeral and "finished" in log.response.text()


async def test_an_idle_game_pings_the_player_to_move(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
    real_clock = laager.service.clock
    laager.service.clock = lambda: real_clock() + timedelta(hours=25)
    reminders = laager.get_cog("Reminders")
    assert await reminders.remind_idle() == 1
    reminder = sandbox.messages()[-1]
    assert f"<@{alice.id}>" in reminder.content and "waiting for your move" in reminder.content
    assert "<t:" in reminder.content and ":R>" in reminder.content
    assert await reminders.remind_idle() == 0


async def test_players_entropy_then_verify_green_and_red_on_a_tampered_commitment(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    channel = sandbox.add_channel("fair")
    started = await sandbox.slash(
        alice, "game new", {"system": "duel", "scenario": "short", "mode": "solo"}, channel=channel
    )
    game = await laager.store.active_game(sandbox.state.channel(channel).id)
    assert game is not None and len(game.seed_commitment) == 64
    assert f"Dice commitment (SHA-256 of the secret seed): {game.seed_commitment}" in (
        started.response.text()
    )
    refused = await sandbox.slash(bob, "game entropy", {"value": "let me"}, channel=channel)
    assert refused.ephemeral and "Only the players seated" in refused.response.content
    added = await sandbox.slash(alice, "game entropy", {"value": "alice's 7"}, channel=channel)
    assert not added.ephemeral and "adds `alice's 7` to the dice" in added.response.content
    orders = 0
    for _ in range(30):
        await sandbox.click(alice, label="Strike")
        orders += 1
        if any("Game over" in m.text() for m in sandbox.messages(channel)[-2:]):
            break  # the game's last post, perhaps followed by its recap
    else:
        raise AssertionError("the duel did not end")
    verified = await sandbox.slash(alice, "game verify", channel=channel)
    text = verified.response.content
    assert f"Game {game.id} verified." in text and "Commitment matches" in text
    assert f"{2 + orders} player contributions from the log were used in the dice" in text
    assert "reproduced all" in text

    async with laager.engine.begin() as connection:
        await connection.execute(
            sql_update(Game).where(Game.id == game.id).values(seed_commitment="0" * 64)
        )
    tampered = await sandbox.slash(alice, "game verify", channel=channel)
    assert f"Game {game.id} did NOT verify. The commitment does not match" in (
        tampered.response.content
    )
    assert f"the commitment published at the start is `{'0' * 64}`" in tampered.response.content


async def test_verify_words_for_a_running_game_and_one_without_contributions(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
    game = await laager.store.active_game(sandbox.state.channel(sandbox.default_channel).id)
    assert game is not None
    running = await sandbox.slash(alice, "game verify")
    assert "still running. Its dice commitment (SHA-256 of the secret seed) is " in (
        running.response.content
    )
    assert f"`{game.seed_commitment}`" in running.response.content
    bots = sandbox.add_channel("bots")
    await sandbox.slash(alice, "game new", {"system": "duel", "mode": "bots"}, channel=bots)
    verified = await sandbox.slash(alice, "game verify", channel=bots)
    assert "verified" in verified.response.content
    assert "no player contributions, so the dice came from the seed alone" in (
        verified.response.content
    )
