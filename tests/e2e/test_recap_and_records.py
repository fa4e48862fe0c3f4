"""Recaps and records through Discord-in-a-box: the recap posted when a game ends and again by
`/game recap`, `/game history` and `/stats games` paging with buttons only their asker may press."""

from __future__ import annotations

import asyncio
import io
from datetime import UTC, datetime, timedelta

import pytest
from PIL import Image

import bot.posting.pages
import bot.posting.recap_post
from bot.process.app import LaagerBot
from bot.sandbox import DiscordSandbox, SandboxError, SandboxUser
from bot.sandbox.interactions import ANSWER_WITHIN
from bot.sandbox.models import Message
from bot.storage.history import History
from bot.storage.records import NewGame, NewSeat
from games.core.dice import commitment

SEED = "ab" * 32


def recap_posts(sandbox: DiscordSandbox) -> list[Message]:
    return [
        m
        for m in sandbox.messages()
        if any(a.filename.startswith("recap-game-") for a in m.attachments)
    ]


def gif_frames(message: Message) -> int:
    [gif] = [a for a in message.attachments if a.filename.endswith(".gif")]
    with Image.open(io.BytesIO(gif.data)) as image:
        return image.n_frames


async def test_a_finished_game_is_recapped_and_recapped_again_on_request(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    empty = await sandbox.slash(alice, "game recap")
    assert empty.ephemeral and "No game has finished in this channel" in empty.response.content

    await sandbox.slash(alice, "game new", {"system": "zones", "mode": "bots"})
    assert await sandbox.wait_for(lambda: bool(recap_posts(sandbox)))
    [posted] = recap_posts(sandbox)
    game = await laager.store.latest_game(sandbox.default_channel)
    assert game is not None and game.status == "finished"
    names = sorted(a.filename for a in posted.attachments)
    assert names == [
        f"game-{game.id}.html",
        f"recap-game-{game.id}-chart.png",
        f"recap-game-{game.id}.gif",
    ]
    [page] = [a for a in posted.attachments if a.filename.endswith(".html")]
    assert page.content_type.startswith("text/html") and b"<canvas" in page.data
    assert game.seed in posted.text() and "Decisive moments" in posted.text()
    assert sum(a.size for a in posted.attachments) < 10 * 1024 * 1024
    said = {a.filename: a.description or "" for a in posted.attachments}
    assert said[f"recap-game-{game.id}.gif"].startswith("Animation of ")
    assert said[f"recap-game-{game.id}-chart.png"].startswith("Chart: strength and victory")
    assert "steps through the game phase by phase" in said[f"game-{game.id}.html"]
    assert all(len(words) <= 1024 for words in said.values())
    frames = gif_frames(posted)
    assert frames > 10

    again = await sandbox.slash(bob, "game recap")
    assert not again.ephemeral
    assert await sandbox.wait_for(lambda: len(recap_posts(sandbox)) == 2)
    [_, repeated] = recap_posts(sandbox)
    assert gif_frames(repeated) == frames and game.seed in repeated.text()

    by_number = await sandbox.slash(bob, "game recap", {"game": game.id})
    assert not by_number.ephemeral
    assert await sandbox.wait_for(lambda: len(recap_posts(sandbox)) == 3)

    wrong = await sandbox.slash(bob, "game recap", {"game": game.id + 50})
    assert wrong.ephemeral
    assert f"Game {game.id + 50} is not a finished game of this channel" in wrong.response.content
    assert f"Finished here: {game.id}" in wrong.response.content
    assert len(recap_posts(sandbox)) == 3, "a refusal posts nothing"


async def test_a_running_game_is_not_recapped(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
    refused = await sandbox.slash(alice, "game recap")
    assert refused.ephemeral and "No game has finished" in refused.response.content
    assert recap_posts(sandbox) == []


async def store_finished(
    bot: LaagerBot,
    guild_id: int,
    count: int,
    seats: dict[str, int],
    system: str = "duel",
    winners: tuple[str | None, ...] = ("red", "blue", "blue"),
) -> list[int]:
    """``count`` finished games a minute apart, won in turn by ``winners`` (None: a draw)."""
    start = datetime(2026, 1, 1, tzinfo=UTC)
    made = []
    for n in range(count):
        winner = winners[n % len(winners)]
        record = NewGame(
            guild_id=guild_id,
            channel_id=5000 + n,
            system=system,
            scenario="standard",
            mode="two-player",
            creator_id=next(iter(seats.values())),
            state={},
            seed=SEED,
            seed_commitment=commitment(SEED),
            status="finished",
            result={"winner": winner, "summary": f"{winner or 'nobody'} wins."},
        )
        placed = [NewSeat(side, user) for side, user in seats.items()]
        game = await bot.store.create_game(record, placed, [], now=start + timedelta(minutes=n))
        made.append(game.id)
    return made


async def test_history_pages_for_its_asker_only_and_retires_its_buttons(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    carol: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made = await store_finished(laager, sandbox.guild_id, 23, {"red": alice.id, "blue": bob.id})
    await store_finished(laager, sandbox.guild_id + 1, 4, {"red": alice.id})  # another server

    asked = await sandbox.slash(alice, "game history")
    first = asked.messages[-1]
    text = first.text()
    assert "23 finished games" in text and "Page 1 of 3" in text
    assert f"`#{made[-1]}`" in text and f"`#{made[-11]}`" not in text, "newest first, ten a page"
    assert f"<#{5000 + 22}>" in text and "Duel (test game) · red · **won**" in text
    assert len(first.embeds[0]["description"]) <= 4096

    stranger = await sandbox.click(carol, first, label="Next")
    assert stranger.ephemeral and "Only the person who asked" in stranger.response.content
    assert "Page 1 of 3" in next(m for m in sandbox.transcript if m.id == first.id).text()

    turned = await sandbox.click(alice, first, label="Next")
    page = turned.messages[-1]
    assert page.id == first.id and "Page 2 of 3" in page.text()
    assert f"`#{made[-11]}`" in page.text()
    await sandbox.click(alice, page, label="Next")
    last = next(m for m in sandbox.transcript if m.id == first.id)
    assert "Page 3 of 3" in last.text() and f"`#{made[0]}`" in last.text()

    theirs = await sandbox.slash(carol, "game history", {"member": bob})
    shown = theirs.messages[-1].text()
    assert f"<@{bob.id}>: 23 finished games" in shown and "blue" in shown
    nobody = await sandbox.slash(alice, "game history", {"member": carol})
    assert "has no finished games in this server" in nobody.messages[-1].text()
    assert nobody.messages[-1].components == [], "one page needs no buttons"

    monkeypatch.setattr(bot.posting.pages, "PAGER_SECONDS", 0.2)
    brief = await sandbox.slash(alice, "game history")
    message = brief.messages[-1]
    assert message.components
    retired = await sandbox.wait_for(
        lambda: not next(m for m in sandbox.transcript if m.id == message.id).components
    )
    assert retired, "the page buttons are taken off once they stop working"


async def test_stats_show_each_system_and_side_a_page_at_a_time(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    carol: SandboxUser,
) -> None:
    empty = await sandbox.slash(alice, "stats games")
    assert "No game has been played in this server yet" in empty.messages[-1].text()

    await store_finished(laager, sandbox.guild_id, 9, {"red": alice.id, "blue": bob.id})
    await store_finished(
        laager, sandbox.guild_id, 3, {"british": alice.id}, "ramparts", ("zulus", "british", None)
    )
    asked = await sandbox.slash(carol, "stats games")
    first = asked.messages[-1]
    assert "Duel (test game): games in this server" in first.text()
    assert "9 finished" in first.text() and "red: 3 (33%)" in first.text()
    assert "blue: 6 (67%)" in first.text() and "System 1 of 2" in first.text()

    refused = await sandbox.click(alice, first, label="Next")
    assert refused.ephemeral
    await sandbox.click(carol, first, label="Next")
    second = next(m for m in sandbox.transcript if m.id == first.id)
    assert "Zulus on the Ramparts!" in second.text() and "System 2 of 2" in second.text()
    assert "british: 1 (33%)" in second.text() and "zulus: 1 (33%)" in second.text()
    assert "drawn: 1" in second.text()


async def test_records_outside_a_server_are_refused_in_words_or_not_offered(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    dm = sandbox.dm_channel(alice)
    refused = await sandbox.slash(alice, "game history", channel=dm)
    assert refused.ephemeral and "server" in refused.response.content
    with pytest.raises(SandboxError, match="contexts leave it out"):
        await sandbox.slash(alice, "stats games", channel=dm)  # Discord offers it in servers only


async def test_a_recap_that_fails_leaves_the_ending_order_answered(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    def broken(*args: object) -> None:
        raise RuntimeError("planted")

    monkeypatch.setattr(bot.posting.recap_post, "build", broken)
    started = await sandbox.slash(alice, "game new", {"system": "duel", "mode": "bots"})
    assert await sandbox.wait_for(lambda: "the recap of game" in caplog.text)
    assert "Game over" in started.response.text()
    assert not any("Something went wrong" in m.text() for m in sandbox.visible_to(alice))
    assert recap_posts(sandbox) == []


@pytest.mark.parametrize("command", ["game recap", "game history"])
async def test_a_slow_database_still_gets_records_answered_in_time(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
    command: str,
) -> None:
    """ "Thinking" is shown before the first query, so a database slower than Discord's three
    seconds still gets its answer (here, the refusal: nothing has finished yet)."""
    for name in ("finished_here", "played_count"):
        real = getattr(History, name)

        async def slow(*args: object, real: object = real) -> object:
            await asyncio.sleep(ANSWER_WITHIN + 0.3)
            return await real(*args)  # type: ignore[operator]

        monkeypatch.setattr(History, name, slow)
    answered = await sandbox.slash(alice, command)
    assert answered.response is not None and answered.ephemeral == (command == "game recap")
