"""Driving a real discord.py bot through the sandbox the way players do."""

from __future__ import annotations

import asyncio
import io

import discord
import pytest
from PIL import Image

from bot.sandbox import DiscordSandbox, SandboxError, SandboxUser
from tests.sandbox.demo_bot import DemoBot


async def test_login_ready_and_command_sync(sandbox: DiscordSandbox, bot: DemoBot) -> None:
    await asyncio.wait_for(bot.ready_event.wait(), 5)
    assert bot.user is not None and bot.user.id == sandbox.bot_user_id
    assert bot.application_id == sandbox.application_id
    guild = bot.get_guild(sandbox.guild_id)
    assert guild is not None
    assert [c.name for c in guild.text_channels] == ["general"]
    assert sandbox.command_paths() == [
        "/admin config set",
        "/anywhere",
        "/feedback",
        "/game new",
        "/ignore",
        "/local",
        "/map",
        "/ping",
        "/poke",
        "/probe",
        "/revise",
        "/secret",
        "/where",
    ]
    assert [c["name"] for c in sandbox.registered_commands(guild=True)] == ["local"]
    game = next(c for c in sandbox.registered_commands() if c["name"] == "game")
    system = game["options"][0]["options"][0]
    assert system["name"] == "system" and system["autocomplete"] is True


async def test_slash_command_reply(
    sandbox: DiscordSandbox, bot: DemoBot, alice: SandboxUser
) -> None:
    inter = await sandbox.slash(alice, "ping")
    assert inter.response is not None
    assert inter.response.content == "pong from bot"
    assert inter.response.where == "channel #general"
    assert not inter.ephemeral
    assert sandbox.messages() == [inter.response]
    local = await sandbox.slash(alice, "local", {"note": "works"})
    assert local.response is not None and local.response.content == "guild command works"


async def test_options_are_converted_and_checked(
    sandbox: DiscordSandbox, bot: DemoBot, alice: SandboxUser
) -> None:
    role = sandbox.add_role("Generals", manage_channels=True)
    sandbox.give_role(alice, role)
    inter = await sandbox.slash(
        alice,
        "admin config set",
        {"channel": "#general", "role": "Generals", "ratio": "0.5", "loud": "yes"},
    )
    assert inter.response is not None
    assert inter.response.content == "general Generals 0.5 True manage_channels=True"
    with pytest.raises(SandboxError, match="unknown command /gmae"):
        await sandbox.slash(alice, "gmae new")
    with pytest.raises(SandboxError, match="has no option 'sytem'"):
        await sandbox.slash(alice, "game new", {"sytem": "duel", "mode": "solo"})
    with pytest.raises(SandboxError, match="not one of the choices"):
        await sandbox.slash(alice, "game new", {"system": "duel", "mode": "coop"})
    with pytest.raises(SandboxError, match="needs option 'mode'"):
        await sandbox.slash(alice, "game new", {"system": "duel"})


async def test_deferred_then_followup_with_png(
    sandbox: DiscordSandbox, bot: DemoBot, alice: SandboxUser
) -> None:
    inter = await sandbox.slash(alice, "map")
    assert inter.callback_type == 5
    response = inter.response
    assert response is not None and response.content == "The map"
    assert inter.messages == [response]
    [attachment] = response.attachments
    assert attachment.filename == "map.png"
    assert attachment.content_type == "image/png"
    assert Image.open(io.BytesIO(attachment.data)).size == (32, 16)


async def test_ephemeral_reply(
    sandbox: DiscordSandbox, bot: DemoBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    inter = await sandbox.slash(alice, "secret")
    assert inter.response is not None and inter.ephemeral
    assert inter.response.where == "ephemeral to alice"
    assert sandbox.ephemerals(alice) == [inter.response]
    assert sandbox.ephemerals(bob) == []
    assert sandbox.messages() == []


async def test_buttons_and_select_on_a_persistent_view(
    sandbox: DiscordSandbox, bot: DemoBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    new = await sandbox.slash(
        alice, "game new", {"system": "duel", "mode": "Versus", "opponent": bob}
    )
    board = new.response
    assert board is not None
    assert board.embeds[0]["description"] == "Mode: versus against bob"
    assert "[Fire] [Retreat]" in board.text()

    fired = await sandbox.click(bob, board, label="Fire")
    assert fired.callback_type == 7
    assert fired.response is board
    assert board.content == "Volley fired!"
    assert board.history[0].content == ""
    assert "[Fire (disabled)] [Retreat]" in board.text()
    with pytest.raises(SandboxError, match="no enabled button \\[Fire\\]"):
        await sandbox.click(bob, board, label="Fire")

    retreat = await sandbox.click(alice, custom_id="game:retreat")
    assert retreat.callback_type == 6
    assert retreat.response is not None and retreat.response.where == "ephemeral to alice"
    assert retreat.response.content == "You fall back."

    played = await sandbox.select(alice, board, ["Rally"], placeholder="Card")
    assert played.response is board
    assert board.content == "Card played: rally"


async def test_autocomplete(sandbox: DiscordSandbox, bot: DemoBot, alice: SandboxUser) -> None:
    choices = await sandbox.autocomplete(alice, "game new", {"system": "du"}, focused="system")
    assert choices == [{"name": "Duel", "value": "duel"}]


async def test_modal(sandbox: DiscordSandbox, bot: DemoBot, alice: SandboxUser) -> None:
    opened = await sandbox.slash(alice, "feedback")
    assert opened.callback_type == 9 and opened.modal is not None
    assert opened.response is None
    submitted = await sandbox.submit_modal(alice, {"Comment": "well played"})
    assert submitted.response is not None
    assert submitted.response.content == "Thanks: well played"


async def test_dms_open_and_closed(
    sandbox: DiscordSandbox, bot: DemoBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    poked = await sandbox.slash(alice, "poke", {"user": "bob"})
    dm = sandbox.dms(bob)
    assert [m.content for m in dm] == ["alice pokes you"]
    assert dm[0].where == "DM to bob"
    assert poked.messages == [dm[0], poked.response]

    carol = sandbox.add_user("carol")
    sandbox.close_dms(carol)
    refused = await sandbox.slash(alice, "poke", {"user": carol})
    assert refused.response is not None
    assert refused.response.content == "cannot DM carol: 50007"
    assert refused.ephemeral
    assert sandbox.dms(carol) == []


async def test_bot_sees_spec_violations_as_http_errors(
    sandbox: DiscordSandbox, bot: DemoBot
) -> None:
    channel = bot.get_channel(sandbox.default_channel)
    assert isinstance(channel, discord.TextChannel)
    with pytest.raises(discord.HTTPException) as raised:
        await channel.send(embed=discord.Embed(title="x", url="https://example.com/" + "x" * 2100))
    assert raised.value.status == 400 and raised.value.code == 50035
    [violation] = sandbox.violations
    assert violation.path == f"/channels/{sandbox.default_channel}/messages"
    assert "$.embeds[0].url" in violation.error
    sandbox.violations.clear()


async def test_threads_and_dms_as_interaction_channels(
    sandbox: DiscordSandbox, bot: DemoBot, alice: SandboxUser
) -> None:
    thread = sandbox.add_thread(sandbox.default_channel, "battle-1")
    in_thread = await sandbox.slash(alice, "where", channel=thread)
    assert in_thread.response is not None
    assert (in_thread.response.content, in_thread.response.where) == ("Thread", "thread #battle-1")
    assert sandbox.messages(thread) == [in_thread.response]

    in_dm = await sandbox.slash(alice, "where", channel=sandbox.dm_channel(alice))
    assert in_dm.response is not None
    assert (in_dm.response.content, in_dm.response.where) == ("DMChannel", "DM to alice")
    clicked = await sandbox.click(alice, in_dm.response, label="Fire")
    assert clicked.response is in_dm.response and in_dm.response.content == "Volley fired!"


async def test_the_bot_using_channels_directly(sandbox: DiscordSandbox, bot: DemoBot) -> None:
    channel = bot.get_channel(sandbox.default_channel)
    assert isinstance(channel, discord.TextChannel)
    async with channel.typing():
        sent = await channel.send("draft", file=discord.File(io.BytesIO(b"turn 1"), "log.txt"))
    edited = await sent.edit(content="final", attachments=[])
    [message] = sandbox.messages()
    assert (message.content, message.attachments) == ("final", [])
    assert message.history[0].content == "draft"
    assert message.history[0].attachments[0].data == b"turn 1"
    fetched = await channel.fetch_message(sent.id)
    assert fetched.content == edited.content == "final"
    await fetched.delete()
    assert sandbox.messages() == []


async def test_editing_and_deleting_interaction_messages(
    sandbox: DiscordSandbox, bot: DemoBot, alice: SandboxUser
) -> None:
    inter = await sandbox.slash(alice, "revise")
    [first, extra] = inter.messages
    assert first.deleted and first.content == "second"
    assert [v.content for v in first.history] == ["first"]
    assert extra.content == "extra, revised"
    assert sandbox.messages() == [extra]


async def test_the_bot_managing_the_guild(
    sandbox: DiscordSandbox, bot: DemoBot, alice: SandboxUser
) -> None:
    guild = bot.get_guild(sandbox.guild_id)
    assert guild is not None
    room = await guild.create_text_channel("war-room")
    thread = await room.create_thread(name="turn-1", type=discord.ChannelType.public_thread)
    posted = await thread.send("orders")
    await posted.add_reaction("\N{THUMBS UP SIGN}")
    assert [m.content async for m in thread.history(limit=5)] == ["orders"]
    assert sandbox.messages("turn-1")[0].where == "thread #turn-1"

    role = sandbox.add_role("Zulu")
    member = await guild.fetch_member(alice.id)
    await member.add_roles(discord.Object(role.id))
    assert sandbox.roles_of(alice) == [role]
    user = await bot.fetch_user(alice.id)
    assert user.name == "alice"
