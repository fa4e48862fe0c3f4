"""Following a game through Discord-in-a-box: a member who watches hears by DM at most once a
phase and when it ends, from the public view alone; a player sees who follows; pings off,
closed DMs and `/game watch stop:True` each stop the DMs without a word in the channel."""

from __future__ import annotations

from bot.process.app import LaagerBot
from bot.sandbox import DiscordSandbox, SandboxUser

FOLLOW = "which you follow"


def follower_dms(sandbox: DiscordSandbox, user: SandboxUser) -> list[str]:
    return [m.content for m in sandbox.dms(user) if FOLLOW in m.content]


async def test_a_follower_hears_once_a_phase_and_at_the_end(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    carol: SandboxUser,
) -> None:
    dave, erin, frank = (sandbox.add_user(name) for name in ("dave", "erin", "frank"))
    nothing = await sandbox.slash(carol, "game watch")
    assert nothing.ephemeral and "no game" in nothing.response.content.lower()
    await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
    for watcher in (carol, dave, erin, frank):
        said = await sandbox.slash(watcher, "game watch")
        assert said.ephemeral and "You follow Duel" in said.response.content
    await sandbox.slash(dave, "game pings", {"choice": "off"})
    sandbox.close_dms(erin)
    gone = await sandbox.slash(frank, "game watch", {"stop": True})
    assert "no longer follow" in gone.response.content
    await sandbox.slash(bob, "game join")
    listed = await sandbox.slash(alice, "game watch")
    assert listed.ephemeral
    for watcher in (carol, dave, erin):
        assert f"<@{watcher.id}>" in listed.response.content
    assert f"<@{frank.id}>" not in listed.response.content

    players = {alice.id: alice, bob.id: bob}
    for _ in range(60):
        game = await laager.store.latest_game(sandbox.default_channel)
        assert game is not None
        if game.status != "active":
            break
        [side] = laager.registry.get("duel").to_act(game.state)
        seats = {s.side: s.user_id for s in await laager.store.seats(game.id)}
        await sandbox.slash(players[seats[side]], "game order", {"choice": "strike"})
    assert await sandbox.wait_for(
        lambda: any("has ended" in d for d in follower_dms(sandbox, carol))
    )

    told = follower_dms(sandbox, carol)
    assert len(told) >= 2, told
    phases = [d.splitlines()[1] for d in told]
    assert len(phases) == len(set(phases)), "at most one DM a phase"
    assert "The game has ended" in told[-1]
    assert all("reserve" not in d.lower() for d in told), "nothing of a player's secret"
    assert follower_dms(sandbox, dave) == [], "pings off: no DMs"
    assert follower_dms(sandbox, erin) == [] and follower_dms(sandbox, frank) == []
    assert follower_dms(sandbox, alice) == [] and follower_dms(sandbox, bob) == []
    assert not any("went wrong" in m.text() for m in sandbox.messages())
