"""Interactions that Discord would show as unanswered, and autocomplete Discord never sends.

Discord gives a bot three seconds for the initial response; after that the token is dead
(10062 "Unknown interaction") and the player reads "The application did not respond". A
"thinking" deferral is an answer only once the original response is edited or the first
follow-up arrives: a channel post or a DM leaves the placeholder thinking. Both are
recorded as violations, so every test and `laager sandbox` run fails on them.
"""

from __future__ import annotations

import asyncio

import discord
import pytest

from bot.sandbox import DiscordSandbox, SandboxError, SandboxTimeout, SandboxUser
from bot.sandbox.interactions import ANSWER_WITHIN, NOT_ANSWERED
from tests.sandbox.demo_bot import DemoBot, ProbeView


def take_violations(sandbox: DiscordSandbox) -> list[str]:
    found = [f"{v.source}: {v.error}" for v in sandbox.violations]
    sandbox.violations.clear()
    return found


async def test_no_answer_within_three_seconds_is_what_the_player_sees(
    sandbox: DiscordSandbox, bot: DemoBot, alice: SandboxUser
) -> None:
    with pytest.raises(SandboxTimeout, match="/ignore by alice: The application did not respond"):
        await sandbox.slash(alice, "ignore")
    [violation] = take_violations(sandbox)
    assert violation.startswith("interaction: no interaction response within 3 s")


@pytest.mark.parametrize("shards", [None, {0}, {1}])
async def test_what_a_killed_process_left_unanswered_is_not_its_violation(
    sandbox: DiscordSandbox, bot: DemoBot, alice: SandboxUser, shards: set[int] | None
) -> None:
    """The player sees the failure either way; only the process the driver said it killed
    (every process, or the one holding shard 0) is excused. Shard 1 is nobody's here."""
    held = asyncio.Event()

    async def dies(interaction: discord.Interaction) -> None:
        held.set()
        await asyncio.sleep(ANSWER_WITHIN + 1)

    bot.probe = dies
    pending = asyncio.ensure_future(sandbox.slash(alice, "probe"))
    await held.wait()
    sandbox.process_killed(shards)
    with pytest.raises(SandboxTimeout, match=NOT_ANSWERED):
        await pending
    expected = 1 if shards == {1} else 0
    assert len(take_violations(sandbox)) == expected


async def test_a_late_answer_is_refused_as_an_unknown_interaction(
    sandbox: DiscordSandbox, bot: DemoBot, alice: SandboxUser
) -> None:
    async def late(interaction: discord.Interaction) -> None:
        await asyncio.sleep(ANSWER_WITHIN + 0.3)
        await interaction.response.send_message("too late")

    bot.probe = late
    with pytest.raises(SandboxTimeout, match=NOT_ANSWERED):
        await sandbox.slash(alice, "probe")
    for _ in range(50):
        if bot.refusals:
            break
        await asyncio.sleep(0.05)
    [refused] = bot.refusals
    assert isinstance(refused, discord.NotFound) and refused.code == 10062
    assert [m.content for m in sandbox.transcript] == []
    assert len(take_violations(sandbox)) == 1


async def test_an_answer_inside_the_three_seconds_is_accepted(
    sandbox: DiscordSandbox, bot: DemoBot, alice: SandboxUser
) -> None:
    async def slow(interaction: discord.Interaction) -> None:
        await asyncio.sleep(ANSWER_WITHIN - 1.5)
        await interaction.response.send_message("in time")

    bot.probe = slow
    answered = await sandbox.slash(alice, "probe")
    assert answered.response is not None and answered.response.content == "in time"
    assert answered.failure is None


async def test_thinking_then_only_a_channel_post_has_not_answered(
    sandbox: DiscordSandbox, bot: DemoBot, alice: SandboxUser
) -> None:
    async def posts_instead(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.channel.send("the report, but not as the answer")
        await interaction.user.send("and a DM")

    bot.probe = posts_instead
    sandbox.timeout = 1.0
    with pytest.raises(SandboxTimeout, match="deferred but sent no follow-up"):
        await sandbox.slash(alice, "probe")
    [violation] = take_violations(sandbox)
    assert "never edited the original response or sent a follow-up" in violation
    [placeholder] = [m for m in sandbox.messages() if m.loading]
    assert placeholder.content == ""


@pytest.mark.parametrize("how", ["follow-up", "original edit"])
async def test_thinking_then_the_answer_completes_it(
    sandbox: DiscordSandbox, bot: DemoBot, alice: SandboxUser, how: str
) -> None:
    async def answers(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.channel.send("a post first does not count")
        if how == "follow-up":
            await interaction.followup.send("the answer")
        else:
            await interaction.edit_original_response(content="the answer")

    bot.probe = answers
    interaction = await sandbox.slash(alice, "probe")
    assert interaction.completed and interaction.response is not None
    assert interaction.response.content == "the answer"
    assert not any(m.loading for m in sandbox.messages())


async def test_a_deferred_click_is_completed_by_anything_visible(
    sandbox: DiscordSandbox, bot: DemoBot, alice: SandboxUser
) -> None:
    """A deferred update shows no placeholder, so a post after it is all the player needs."""

    async def post(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("press it", view=ProbeView())

    async def defer_then_post(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.channel.send("the position changed")

    bot.probe = post
    await sandbox.slash(alice, "probe")
    bot.probe = defer_then_post
    clicked = await sandbox.click(alice, label="Probe")
    assert clicked.completed


async def test_a_deferred_click_is_not_completed_by_what_another_channel_sees(
    sandbox: DiscordSandbox, bot: DemoBot, alice: SandboxUser
) -> None:
    """With many channels busy at once, a post elsewhere tells this player nothing: their
    click waits for something in their own channel (or their DMs)."""
    elsewhere = sandbox.add_channel("elsewhere")
    posted_elsewhere = asyncio.Event()
    go_on = asyncio.Event()

    async def post(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("press it", view=ProbeView())

    async def elsewhere_first(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        other = bot.get_channel(elsewhere)
        assert isinstance(other, discord.TextChannel)
        await other.send("another channel's news")
        posted_elsewhere.set()
        await go_on.wait()
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.channel.send("the position changed")

    bot.probe = post
    await sandbox.slash(alice, "probe")
    bot.probe = elsewhere_first
    pending = asyncio.ensure_future(sandbox.click(alice, label="Probe"))
    await posted_elsewhere.wait()
    await asyncio.sleep(0.2)
    assert not pending.done()
    go_on.set()
    clicked = await pending
    assert clicked.completed
    assert clicked.messages[-1].content == "the position changed"


async def test_fixed_choices_are_filtered_by_the_client_without_asking_the_bot(
    sandbox: DiscordSandbox, bot: DemoBot, alice: SandboxUser
) -> None:
    """The demo bot registers no autocomplete for `mode`: a request would go unanswered."""
    offered = await sandbox.autocomplete(alice, "game new", {"mode": "so"}, focused="mode")
    assert offered == [{"name": "Solo", "value": "solo"}]
    everything = await sandbox.autocomplete(alice, "game new", {}, focused="mode")
    assert [c["value"] for c in everything] == ["solo", "versus"]
    with pytest.raises(SandboxError, match="neither choices nor autocomplete"):
        await sandbox.autocomplete(alice, "game new", {"turns": "3"}, focused="turns")


async def test_after_the_placeholder_is_deleted_a_follow_up_is_a_new_message(
    sandbox: DiscordSandbox, bot: DemoBot, alice: SandboxUser
) -> None:
    async def withdraws(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.delete_original_response()
        await interaction.followup.send("only for you", ephemeral=True)

    bot.probe = withdraws
    answered = await sandbox.slash(alice, "probe")
    assert sandbox.messages() == []
    assert [m.content for m in sandbox.ephemerals(alice)] == ["only for you"]
    assert answered.failure is None
