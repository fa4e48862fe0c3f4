"""User-installable apps in the sandbox: command contexts and installs, the interaction's
context and authorizing owners, places where the bot is no member, and the 15-minute token."""

from __future__ import annotations

import discord
import pytest

from bot.sandbox import DiscordSandbox, SandboxUser
from bot.sandbox.installs import BOT_DM_PERMISSIONS, REPLY_PERMISSIONS
from bot.sandbox.models import SandboxError
from tests.sandbox.demo_bot import DemoBot, GameView
from tests.sandbox.test_command_limits import chat, register


def seen(bot: DemoBot) -> list[discord.Interaction]:
    """Make the probe answer with what the interaction says of its place, and keep it."""
    kept: list[discord.Interaction] = []

    async def probe(interaction: discord.Interaction) -> None:
        kept.append(interaction)
        where = interaction.context
        await interaction.response.send_message(
            f"guild={where.guild} dm={where.dm_channel} private={where.private_channel} "
            f"server-install={interaction.is_guild_integration()} "
            f"user-install={interaction.is_user_integration()} "
            f"app={interaction.app_permissions.value} "
            f"channel={type(interaction.channel).__name__}",
            view=GameView(),
        )

    bot.probe = probe
    return kept


async def test_registration_refuses_unknown_installs_and_contexts(
    sandbox: DiscordSandbox,
) -> None:
    status, body = await register(sandbox, "POST", chat("odd", integration_types=[0, 2]))
    assert status == 400 and body["code"] == 50035
    problem = body["errors"]["integration_types"]["1"]["_errors"][0]
    assert problem["message"] == 'Value "2" is not a valid enum value.'
    status, body = await register(sandbox, "POST", chat("odd", contexts=[0, 3]))
    assert status == 400 and "contexts" in body["errors"]
    status, _ = await register(sandbox, "POST", chat("fine", integration_types=[0, 1]))
    assert status in (200, 201)
    sandbox.violations.clear()  # the two refusals were meant


async def test_each_place_names_its_context_owners_and_permissions(
    sandbox: DiscordSandbox, bot: DemoBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    seen(bot)
    in_guild = await sandbox.slash(alice, "anywhere")
    assert (in_guild.context, in_guild.owners) == (0, {"0": str(sandbox.guild_id)})
    assert "guild=True dm=False" in in_guild.response.content
    assert "server-install=True user-install=False" in in_guild.response.content
    in_dm = await sandbox.slash(alice, "anywhere", channel=sandbox.dm_channel(alice))
    assert (in_dm.context, in_dm.owners) == (1, {"0": "0"})
    assert "guild=False dm=True" in in_dm.response.content
    assert f"app={BOT_DM_PERMISSIONS}" in in_dm.response.content
    sandbox.install_app(alice)
    both = await sandbox.slash(alice, "anywhere")
    assert both.owners == {"0": str(sandbox.guild_id), "1": str(alice.id)}
    assert "server-install=True user-install=True" in both.response.content
    group = sandbox.add_group_dm("friends", alice, bob)
    in_group = await sandbox.slash(alice, "anywhere", channel=group)
    assert (in_group.context, in_group.owners) == (2, {"1": str(alice.id)})
    text = in_group.response.content
    assert "private=True server-install=False user-install=True" in text
    assert f"app={REPLY_PERMISSIONS} channel=GroupChannel" in text
    elsewhere = sandbox.add_outside_channel("tavern", server="Other Server")
    outside = await sandbox.slash(alice, "anywhere", channel=elsewhere)
    assert (outside.context, outside.owners) == (0, {"1": str(alice.id)})
    text = outside.response.content
    assert "guild=True" in text and "server-install=False user-install=True" in text
    assert f"app={REPLY_PERMISSIONS}" in text
    assert sandbox.public_in(elsewhere) == [outside.response]
    assert outside.response.where == "channel #tavern in Other Server"
    clicked = await sandbox.click(bob, outside.response, label="Fire")
    assert clicked.owners == {"1": str(alice.id)}  # a click keeps its message's installs


async def test_commands_are_offered_only_where_contexts_and_installs_allow(
    sandbox: DiscordSandbox, bot: DemoBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    seen(bot)
    group = sandbox.add_group_dm("friends", alice, bob)
    elsewhere = sandbox.add_outside_channel("tavern")
    with pytest.raises(SandboxError, match="alice has not installed the app"):
        await sandbox.slash(alice, "anywhere", channel=group)
    sandbox.install_app(alice)
    with pytest.raises(SandboxError, match="needs the app installed in a server"):
        await sandbox.slash(alice, "ping", channel=elsewhere)  # a server install only
    with pytest.raises(SandboxError, match="cannot be used in a group DM"):
        await sandbox.slash(alice, "ping", channel=group)  # contexts null: guild and bot DM
    with pytest.raises(SandboxError, match="bob has not installed"):
        await sandbox.slash(bob, "anywhere", channel=group)
    status, _ = await register(sandbox, "POST", chat("serveronly", contexts=[0]))
    assert status in (200, 201)
    with pytest.raises(SandboxError, match="cannot be used in the bot's DMs"):
        await sandbox.slash(alice, "serveronly", channel=sandbox.dm_channel(alice))
    assert (await sandbox.slash(alice, "anywhere", channel=group)).response is not None


async def test_where_the_bot_is_no_member_only_interaction_replies_get_through(
    sandbox: DiscordSandbox, bot: DemoBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    sandbox.install_app(alice)
    group = sandbox.add_group_dm("friends", alice, bob)

    async def probe(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("reply")
        await interaction.followup.send("hidden", ephemeral=True)
        channel = bot.get_partial_messageable(group)
        await channel.send("posted by itself")

    bot.probe = probe
    done = await sandbox.slash(alice, "anywhere", channel=group)
    assert [m.content for m in sandbox.public_in(group)] == ["reply"]
    assert [m.content for m in sandbox.ephemerals(alice)] == ["hidden"]
    assert done.response is not None
    refusal = bot.refusals[-1]
    assert isinstance(refusal, discord.Forbidden) and refusal.code == 50001

    elsewhere = sandbox.add_outside_channel("tavern")

    async def read_and_edit(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("answer")
        answer = await interaction.original_response()
        channel = bot.get_partial_messageable(elsewhere)
        for attempt in (
            channel.fetch_message(answer.id),
            channel.get_partial_message(answer.id).edit(content="by REST"),
            channel.get_partial_message(answer.id).delete(),
        ):
            try:
                await attempt
            except discord.HTTPException as error:
                bot.refusals.append(error)

    bot.probe = read_and_edit
    await sandbox.slash(alice, "anywhere", channel=elsewhere)
    assert [m.content for m in sandbox.public_in(elsewhere)] == ["answer"]
    assert [(e.status, e.code) for e in bot.refusals[-3:]] == [(403, 50001)] * 3
    refused = [v.error.split(":")[0] for v in sandbox.violations]
    assert refused == ["403 Missing Access (50001)"] * 4
    sandbox.violations.clear()  # each of these requests was meant to be refused


async def test_an_interaction_token_answers_for_fifteen_minutes(
    sandbox: DiscordSandbox, bot: DemoBot, alice: SandboxUser
) -> None:
    kept = seen(bot)
    await sandbox.slash(alice, "anywhere")
    first = kept[0]

    async def follow_up_the_first(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("trying the first token")
        await first.followup.send("late word")

    bot.probe = follow_up_the_first
    sandbox.pass_time(14 * 60)
    await sandbox.slash(alice, "anywhere")
    assert sandbox.messages()[-1].content == "late word"
    sandbox.pass_time(61)
    await sandbox.slash(alice, "anywhere")
    refusal = bot.refusals[-1]
    assert refusal.status == 401 and refusal.code == 50027
    assert refusal.text == "Invalid Webhook Token"
    assert [v.error.split(":")[0] for v in sandbox.violations] == [
        "401 Invalid Webhook Token (50027)"
    ]
    sandbox.violations.clear()  # the late follow-up was meant to be refused
