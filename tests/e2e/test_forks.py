"""What-if games through Discord-in-a-box: `/game fork` in the channel of a finished game opens
a thread with the new game at the position named, the forker seated and pinged there, the
rest free to join; it plays on with its own dice, shows as a fork in history, and a refusal
opens no thread."""

from __future__ import annotations

from bot.process.app import LaagerBot
from bot.sandbox import DiscordSandbox, SandboxUser
from tests.e2e.conftest import strike_to_the_end


async def finished_duel(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> int:
    await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
    await sandbox.slash(bob, "game join")
    await strike_to_the_end(
        sandbox, laager, sandbox.default_channel, {alice.id: alice, bob.id: bob}
    )
    game = await laager.store.latest_game(sandbox.default_channel)
    assert game is not None
    return game.id


def threads(sandbox: DiscordSandbox) -> set[int]:
    return {m.channel_id for m in sandbox.transcript if m.where.startswith("thread")}


async def test_a_fork_opens_a_thread_and_plays_on_from_the_position(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    carol: SandboxUser,
) -> None:
    early = await sandbox.slash(carol, "game fork")
    assert early.ephemeral and "No game has finished" in early.response.content
    parent_id = await finished_duel(sandbox, laager, alice, bob)
    wrong = await sandbox.slash(carol, "game fork", {"turn": 40})
    assert wrong.ephemeral and "no numbered turns" in wrong.response.content
    offered = await sandbox.autocomplete(carol, "game fork", {"phase": ""}, focused="phase")
    assert [c["value"] for c in offered] == ["Duel"]
    bot_side = await sandbox.slash(carol, "game fork", {"side": "green"})
    assert bot_side.ephemeral and "no side `green`" in bot_side.response.content
    assert threads(sandbox) == set(), "a refused fork opens no thread"

    said = await sandbox.slash(bob, "game fork", {"phase": "Duel"})
    assert not said.ephemeral and "what-if game from game" in said.response.content
    [thread] = threads(sandbox)
    fork = await laager.store.latest_game(thread)
    assert fork is not None and fork.id != parent_id and fork.status == "active"
    [post] = sandbox.public_in(thread)
    assert f"A what-if game from game {parent_id}, at Duel" in post.text()
    assert "not rated. Free: red; `/game join` here" in post.text()
    seats = {s.side: s.user_id for s in await laager.store.seats(fork.id)}
    assert list(seats.values()) == [bob.id], "the forker takes the side he played"
    joined = await sandbox.slash(alice, "game join", channel=thread)
    assert not joined.ephemeral

    await strike_to_the_end(sandbox, laager, thread, {alice.id: alice, bob.id: bob})
    verified = await sandbox.slash(carol, "game verify", channel=thread)
    assert "verified" in verified.response.text().lower()
    listed = await sandbox.slash(bob, "game history")
    assert f"what-if of #{parent_id}" in listed.response.text()
    assert not any("went wrong" in m.text() for m in sandbox.messages())


async def test_a_fork_of_a_game_in_a_thread_opens_beside_it(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    """A thread cannot hold a thread: the fork's opens in the channel the game's thread is in.
    Where Laager is no member it cannot open one at all, and says so."""
    table = sandbox.add_thread(sandbox.default_channel, "table")
    await sandbox.slash(alice, "game new", {"system": "duel", "mode": "solo"}, channel=table)
    await strike_to_the_end(sandbox, laager, table, {alice.id: alice})
    said = await sandbox.slash(alice, "game fork", channel=table)
    assert not said.ephemeral, said.response.content
    [opened] = threads(sandbox) - {table}
    assert sandbox.state.channel(opened).parent_id == sandbox.default_channel

    sandbox.install_app(bob)
    elsewhere = sandbox.add_group_dm("friends", bob, alice)
    refused = await sandbox.slash(bob, "game fork", channel=elsewhere)
    assert refused.ephemeral and "not a member here" in refused.response.content
