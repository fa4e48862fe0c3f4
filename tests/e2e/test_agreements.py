"""Aborting a two-player game and giving it a deadline through Discord-in-a-box: a request
in the channel that only the other player can answer, refused or agreed, and a referee who
decides alone (bot.play.agreements)."""

from __future__ import annotations

from bot.process.app import LaagerBot
from bot.sandbox import DiscordSandbox, SandboxUser
from bot.sandbox.models import Message
from bot.storage.records import GameRecord
from tests.e2e.conftest import alice, bob, carol, laager, sandbox, sqlite_url

__all__ = ["alice", "bob", "carol", "laager", "sandbox", "sqlite_url"]
AGREE, REFUSE = "Agree", "Refuse"


async def game_of(laager: LaagerBot, sandbox: DiscordSandbox) -> GameRecord:
    game = await laager.store.latest_game(sandbox.default_channel)
    assert game is not None
    return game


def labels(message: Message) -> list[str]:
    return [b.get("label", "") for row in message.components for b in row.get("components", [])]


async def test_an_abort_and_a_deadline_take_the_other_players_agreement(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    carol: SandboxUser,
) -> None:
    await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
    await sandbox.slash(bob, "game join")
    asked = await sandbox.slash(alice, "game abort")
    request = asked.response
    assert not request.ephemeral and labels(request) == [AGREE, REFUSE]
    assert f"<@{bob.id}>" in request.content and "to abort this game" in request.content
    own = await sandbox.click(alice, request, label=AGREE)
    assert own.ephemeral and "your own request" in own.response.content
    stranger = await sandbox.click(carol, request, label=AGREE)
    assert stranger.ephemeral and f"Only <@{bob.id}> can answer" in stranger.response.content
    await sandbox.click(bob, request, label=REFUSE)
    assert request.components == [] and "refuses; nothing changes" in request.content
    assert (await game_of(laager, sandbox)).status == "active"

    proposed = await sandbox.slash(bob, "game settings", {"deadline_hours": 6})
    assert "asks for a turn deadline of 6 hours" in proposed.response.content
    assert await laager.store.deadline((await game_of(laager, sandbox)).id) is None
    agreed = await sandbox.click(alice, proposed.response, label=AGREE)
    assert (
        proposed.response.components == []
        and "agrees; the deadline is set" in proposed.response.content
    )
    assert any("(with <@" in m.text() and "agreement)" in m.text() for m in agreed.messages)
    found = await laager.store.deadline((await game_of(laager, sandbox)).id)
    assert found is not None and found.hours == 6

    again = await sandbox.slash(alice, "game abort")
    await sandbox.click(bob, again.response, label=AGREE)
    assert (await game_of(laager, sandbox)).status == "aborted"
    verified = await sandbox.slash(bob, "game verify")
    assert "verified" in verified.response.content


async def test_a_referee_aborts_at_once_and_a_creator_who_left_cannot(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
    await sandbox.slash(bob, "game join")
    await sandbox.slash(alice, "game leave")
    refused = await sandbox.slash(alice, "game abort")
    assert refused.ephemeral and "Only the players seated" in refused.response.content
    await sandbox.slash(alice, "game join")
    umpire = sandbox.add_user("umpire")
    sandbox.set_permissions(umpire, manage_channels=True)
    done = await sandbox.slash(umpire, "game abort")
    assert not done.ephemeral and "aborted the game" in done.response.text()
