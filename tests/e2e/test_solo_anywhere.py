"""Solo anywhere: a game against the bot in its DMs, and, through a user's install, in a group
DM and in a server that has not added the bot, where only its interaction answers get through.

The sandbox fixture fails any test whose bot sent a request Discord refuses, such as a
channel post where the bot is no member (403 Missing Access) or a follow-up through a token
older than 15 minutes (401 Invalid Webhook Token).
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.play.service import NOT_A_MEMBER, Place
from bot.posting import announce
from bot.posting.places import SERVER_ONLY
from bot.posting.reply_windows import CLOSED, ReplyWindows
from bot.process.app import LaagerBot
from bot.process.command_places import places
from bot.sandbox import DiscordSandbox, SandboxUser
from bot.sandbox.models import Message, SandboxError
from tests.e2e.leak_audit import bots_order, press

ALL_INSTALLS, ALL_CONTEXTS = [0, 1], [0, 1, 2]
PRIVATE = "(only you see this)"


def game_posts(sandbox: DiscordSandbox, channel: int) -> list[Message]:
    """The game's public posts in a channel, oldest first."""
    return [m for m in sandbox.public_in(channel) if m.embeds]


async def play(
    sandbox: DiscordSandbox,
    bot: LaagerBot,
    user: SandboxUser,
    channel: int,
    orders: int,
    *,
    presses: bool = True,
) -> int:
    """Give ``orders`` of the system bot's orders, alternating a press on the newest post with
    `/game order` (only the command without ``presses``); returns the game's version after."""
    for step in range(orders):
        game, system = await bot.service.latest(Place(None, channel))
        sides = system.to_act(game.state) if game.status == "active" else ()
        if not sides:
            break
        order = bots_order(system, game.state, sides[0], step)
        posts = [m for m in sandbox.public_in(channel) if m.components]
        if presses and order.button and not order.private and posts and step % 2 == 0:
            await press(sandbox, user, posts[-1], order.key)
        else:
            await sandbox.slash(user, "game order", {"choice": order.key}, channel=channel)
    game, _ = await bot.service.latest(Place(None, channel))
    return game.version


def assert_only_answers(sandbox: DiscordSandbox, channel: int) -> None:
    """Everything public in the channel is an interaction's answer, and nothing private."""
    public = sandbox.public_in(channel)
    assert public and all(m.interaction is not None for m in public)
    assert not any(PRIVATE in m.text() for m in public)


async def test_each_command_says_where_it_works(sandbox: DiscordSandbox, laager: LaagerBot) -> None:
    registered = {c["name"]: c for c in sandbox.registered_commands()}
    decided = places(laager.pairings)
    assert set(registered) <= set(decided), "every command's places are decided where it is paired"
    for name in ("game", "ramparts", "laststand", "zones", "roll"):
        assert registered[name]["integration_types"] == ALL_INSTALLS
        assert registered[name]["contexts"] == ALL_CONTEXTS
    for name in ("stats", "roster", "house-rules"):
        assert decided[name] == SERVER_ONLY
        assert (registered[name]["integration_types"], registered[name]["contexts"]) == ([0], [0])


async def test_a_solo_ramparts_game_in_the_bots_dms(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    dm = sandbox.dm_channel(alice)
    started = await sandbox.slash(alice, "ramparts new", channel=dm)
    assert started.response is not None and started.context == 1
    assert await play(sandbox, laager, alice, dm, 6) > 1
    assert sandbox.messages() == []  # nothing in the server's channel
    assert game_posts(sandbox, dm)


async def test_a_solo_ramparts_game_in_a_group_dm_through_a_user_install(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    group = sandbox.add_group_dm("evening", alice, bob)
    with pytest.raises(SandboxError, match="alice has not installed the app"):
        await sandbox.slash(alice, "ramparts new", channel=group)
    sandbox.install_app(alice)
    started = await sandbox.slash(alice, "ramparts new", channel=group)
    assert started.owners == {"1": str(alice.id)} and started.context == 2
    assert await play(sandbox, laager, alice, group, 8) > 1
    assert_only_answers(sandbox, group)
    hand = [m for m in sandbox.ephemerals(alice) if PRIVATE in m.text()]
    assert hand, "the hidden hand went to its owner alone"
    assert sandbox.dms(alice) == []
    live = [m for m in game_posts(sandbox, group) if m.components]
    assert len(live) <= 1, "each older post had its buttons taken off within the window"
    with pytest.raises(SandboxError, match="bob has not installed the app"):
        await sandbox.slash(bob, "game status", channel=group)


async def test_last_stand_in_a_server_that_has_not_added_the_bot(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    tavern = sandbox.add_outside_channel("tavern", server="Other Server")
    sandbox.install_app(alice)
    new = {"system": "last-stand", "mode": "solo", "side": "british"}
    started = await sandbox.slash(alice, "game new", new, channel=tavern)
    assert started.owners == {"1": str(alice.id)} and started.context == 0
    assert await play(sandbox, laager, alice, tavern, 8) > 1
    assert_only_answers(sandbox, tavern)
    with pytest.raises(SandboxError, match="needs the app installed in a server"):
        await sandbox.slash(alice, "stats games", channel=tavern)


async def test_games_for_two_are_refused_where_the_bot_cannot_speak(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    sandbox.install_app(alice)
    sandbox.install_app(bob)
    tavern = sandbox.add_outside_channel("tavern")
    refused = await sandbox.slash(
        alice, "game new", {"system": "duel", "mode": "two-player"}, channel=tavern
    )
    assert refused.ephemeral and NOT_A_MEMBER in refused.response.content
    assert "Mode `two-player` needs more than one player" in refused.response.content
    assert "Here, choose mode `solo` or `bots`" in refused.response.content
    assert sandbox.public_in(tavern) == []
    await sandbox.slash(alice, "game new", {"system": "duel", "mode": "solo"}, channel=tavern)
    joined = await sandbox.slash(bob, "game join", channel=tavern)
    assert joined.ephemeral and "Nobody can join a game here" in joined.response.content
    # in the bot's own server the same two-player game starts as before
    started = await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
    assert not started.ephemeral


async def shift_clock(sandbox: DiscordSandbox, bot: LaagerBot, by: timedelta) -> None:
    """Let ``by`` pass for Discord's interaction tokens and for the bot's clock alike."""
    real = bot.service.clock
    bot.service.clock = lambda: real() + by
    sandbox.pass_time(by.total_seconds())


async def test_the_closed_follow_up_window_is_told_and_never_used(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    group = sandbox.add_group_dm("evening", alice, bob)
    sandbox.install_app(alice)
    await sandbox.slash(alice, "ramparts new", channel=group)
    await play(sandbox, laager, alice, group, 1)
    before = game_posts(sandbox, group)[-1]
    await shift_clock(sandbox, laager, timedelta(minutes=16))
    await play(sandbox, laager, alice, group, 1, presses=False)
    newest = game_posts(sandbox, group)[-1]
    assert newest is not before and newest.content.startswith(CLOSED)
    assert before.components, "the old post could not be touched, so it keeps its buttons"
    assert_only_answers(sandbox, group)


async def test_a_bot_that_ignores_the_window_is_caught(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Planted fault: the windows never close, so the bot edits an old post through an expired
    token; the sandbox refuses it as Discord does and records it."""
    monkeypatch.setattr(
        ReplyWindows, "webhook", lambda self, game_id: self._by_game[game_id].webhook
    )
    group = sandbox.add_group_dm("evening", alice, bob)
    sandbox.install_app(alice)
    await sandbox.slash(alice, "ramparts new", channel=group)
    await shift_clock(sandbox, laager, timedelta(minutes=16))
    await play(sandbox, laager, alice, group, 1, presses=False)
    refused = [v.error for v in sandbox.violations]
    assert refused and all("401 Invalid Webhook Token (50027)" in e for e in refused)
    sandbox.violations.clear()


async def test_reminders_go_by_dm_where_the_bot_cannot_post(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    group = sandbox.add_group_dm("evening", alice, bob)
    sandbox.install_app(alice)
    await sandbox.slash(alice, "ramparts new", channel=group)
    posted = len(sandbox.public_in(group))
    await shift_clock(sandbox, laager, timedelta(hours=25))
    assert await laager.get_cog("Reminders").remind_idle() == 1  # type: ignore[union-attr]
    assert len(sandbox.public_in(group)) == posted
    reminder = sandbox.dms(alice)[-1]
    assert "waiting for your move" in reminder.content and f"<#{group}>" in reminder.content


async def test_a_bot_that_posts_where_it_is_no_member_is_caught(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Planted fault: the posts take every place for one the bot belongs to, so they retire
    old buttons by REST; the sandbox answers 403 Missing Access and records it."""
    monkeypatch.setattr(announce, "speaks_here", lambda interaction: True)
    group = sandbox.add_group_dm("evening", alice, bob)
    sandbox.install_app(alice)
    await sandbox.slash(alice, "ramparts new", channel=group)
    await play(sandbox, laager, alice, group, 1, presses=False)
    refused = [v.error for v in sandbox.violations]
    assert refused and all("403 Missing Access (50001)" in e for e in refused)
    sandbox.violations.clear()
