"""Solo campaigns through Discord-in-a-box: a campaign's first battle played to its end by
buttons, its result in the ledger and the second battle posted in the same thread; a
campaign from the Zulu side; abandoning; and every refusal answered privately, storing
nothing."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from bot.posting.announce import post_unprompted
from bot.process.app import LaagerBot
from bot.sandbox import DiscordSandbox, SandboxUser
from bot.sandbox import command_options as sandbox_options
from bot.sandbox.models import Message
from bot.storage.campaigns import Campaigns
from bot.storage.models import Campaign, CampaignBattle, Game
from games.core.engine import Result
from tests.e2e.leak_audit import Player, bots_order

MOST_ORDERS = 400
"""A defence of Rorke's Drift takes a few dozen orders; more means the game is stuck."""
RECAP_WAIT = 60.0


class ThreadPlayer(Player):
    """Presses the bot's own choices on the newest post of one thread."""

    def __init__(self, sandbox: DiscordSandbox, bot: LaagerBot, channel: int) -> None:
        super().__init__(sandbox, bot, {})
        self.channel = channel

    def latest_post(self) -> Message:
        return next(m for m in reversed(self.sandbox.messages(self.channel)) if m.components)


def ledger_posts(sandbox: DiscordSandbox, channel: int) -> list[Message]:
    return [
        m
        for m in sandbox.messages(channel)
        if any(e.get("title", "").startswith("Campaign: ") for e in m.embeds)
    ]


def words_of(message: Message) -> str:
    """The message's content and its embeds' descriptions and footers, unabridged."""
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.get("description", ""), embed.get("footer", {}).get("text", "")]
    return "\n".join(parts)


async def stored_rows(bot: LaagerBot) -> tuple[int, int, int]:
    async with bot.sessions() as session:
        return (
            await session.scalar(select(func.count()).select_from(Campaign)),
            await session.scalar(select(func.count()).select_from(CampaignBattle)),
            await session.scalar(select(func.count()).select_from(Game)),
        )


@pytest.mark.slow
async def test_a_won_or_lost_battle_goes_into_the_ledger_and_the_next_one_starts_there(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    thread = sandbox.add_thread(sandbox.default_channel, "rising odds")
    started = await sandbox.slash(
        alice, "campaign start", {"preset": "rising-odds"}, channel=thread
    )
    assert not started.ephemeral
    [first] = sandbox.messages(thread)
    assert "Campaign Rorke's Drift, rising odds**, battle 1 of 5" in first.text()
    assert "the standard game" in first.text()
    game = await laager.store.active_game(thread)
    assert game is not None and game.system == "ramparts"
    seats = await laager.store.seats(game.id)
    assert [(s.side, s.user_id) for s in seats] == [("british", alice.id)]

    player = ThreadPlayer(sandbox, laager, thread)
    system = laager.registry.get("ramparts")
    for step in range(MOST_ORDERS):
        now = await laager.store.get_game(game.id)
        if now.status != "active":
            break
        await player.give(alice, bots_order(system, now.state, "british", step))
    assert now.status == "finished", "the first battle was played to its end"

    # the recap of the battle is drawn first, which takes a while on a busy machine
    assert await sandbox.wait_for(lambda: bool(ledger_posts(sandbox, thread)), within=RECAP_WAIT)
    [ledger] = ledger_posts(sandbox, thread)
    words = words_of(ledger)
    assert "Battle 1 is over; battle 2 follows." in words
    result = now.result or {}
    outcome = "won" if result["winner"] == "british" else "lost" if result["winner"] else "drawn"
    assert f"(game {game.id}): **{outcome}**" in words and result["summary"] in words
    assert "2. Rorke's Drift 2: + Stronger iButhos (12.1): to come" in words
    assert "Points: 2 for a battle won" in words

    def next_battle_posted() -> bool:
        return any("battle 2 of 5" in m.text() and m.components for m in sandbox.messages(thread))

    assert await sandbox.wait_for(next_battle_posted, within=RECAP_WAIT)
    second = await laager.store.active_game(thread)
    assert second is not None and second.id != game.id and second.system == "ramparts"
    rules = second.state["options"]
    assert rules["stronger"] and not rules["melee"], "battle 2 adds Stronger iButhos alone"
    assert await laager.store.active_game(sandbox.default_channel) is None, "in the same thread"
    posted = [m for m in sandbox.messages(thread) if "battle 2 of 5" in m.text()]
    assert posted and posted[-1].components, "the next battle is posted with its buttons"
    assert sandbox.messages(thread).index(ledger) < sandbox.messages(thread).index(posted[-1])

    shown = await sandbox.slash(bob, "campaign ledger", channel=thread)
    assert shown.ephemeral
    assert (
        f"**{outcome}**" in shown.response.text() and "3. Rorke's Drift 3" in shown.response.text()
    )
    [campaign] = [c for c in [await Campaigns(laager.sessions).active_in(thread)] if c]
    assert campaign.user_id == alice.id and campaign.status == "active"


async def test_a_campaign_from_the_zulu_side_seats_the_bot_as_the_british(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    started = await sandbox.slash(
        alice, "campaign start", {"preset": "22-january-1879", "side": "zulu"}
    )
    assert not started.ephemeral
    assert "battle 1 of 2: Isandlwana" in sandbox.messages()[-1].text()
    game = await laager.store.active_game(sandbox.default_channel)
    assert game is not None and (game.system, game.scenario) == ("zones", "isandlwana")
    seats = {s.side: (s.user_id, s.is_bot) for s in await laager.store.seats(game.id)}
    assert seats == {"british": (None, True), "zulu": (alice.id, False)}


async def test_refusals_are_private_and_store_nothing(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    carol: SandboxUser,
) -> None:
    async def refused(user: SandboxUser, command: str, options: dict, words: str) -> None:
        before = await stored_rows(laager)
        answer = await sandbox.slash(user, command, options)
        assert answer.ephemeral, (command, answer.response)
        assert words in answer.response.content, (command, answer.response.content)
        assert await stored_rows(laager) == before, command

    await refused(alice, "campaign ledger", {}, "No campaign has been played in this channel")
    await refused(alice, "campaign abandon", {}, "No campaign is running in this channel")
    await refused(alice, "campaign continue", {}, "No campaign is running in this channel")
    await refused(
        alice, "campaign start", {"preset": "rising-odds", "side": "zulu"}, "british side only"
    )

    await sandbox.slash(carol, "game new", {"system": "duel", "mode": "two-player"})
    await refused(
        alice,
        "campaign start",
        {"preset": "rising-odds"},
        "A game is already running in this channel",
    )
    await sandbox.slash(carol, "game abort")

    await sandbox.slash(alice, "campaign start", {"preset": "rising-odds"})
    await refused(
        bob, "campaign start", {"preset": "22-january-1879"}, "A campaign is already running"
    )
    await refused(bob, "campaign abandon", {}, f"Only <@{alice.id}>, who plays this campaign")
    await refused(bob, "campaign continue", {}, "only they can start its next battle")
    await refused(alice, "campaign continue", {}, "still being fought")
    await refused(bob, "game new", {"system": "duel"}, "already running")


async def test_abandoning_aborts_the_battle_and_ends_the_campaign(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    await sandbox.slash(alice, "campaign start", {"preset": "22-january-1879"})
    game = await laager.store.active_game(sandbox.default_channel)
    assert game is not None

    abandoned = await sandbox.slash(alice, "campaign abandon")
    assert not abandoned.ephemeral
    assert await sandbox.wait_for(lambda: bool(ledger_posts(sandbox, sandbox.default_channel)))
    [ledger] = ledger_posts(sandbox, sandbox.default_channel)
    assert "Battle 1 was aborted, so the campaign ends here." in ledger.text()
    assert (
        "**aborted**, 0 points" in ledger.text() and "2. Rorke's Drift: not fought" in ledger.text()
    )
    assert (await laager.store.get_game(game.id)).status == "aborted"
    assert await laager.store.active_game(sandbox.default_channel) is None, "no next battle"

    shown = await sandbox.slash(bob, "campaign ledger")
    assert shown.ephemeral and "abandoned" in words_of(shown.response)
    again = await sandbox.slash(bob, "campaign start", {"preset": "rising-odds"})
    assert not again.ephemeral, "the channel is free for another campaign"


async def test_continue_writes_a_battle_whose_end_was_not_written_then_starts_the_next(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    await sandbox.slash(alice, "campaign start", {"preset": "rising-odds"})
    game = await laager.store.active_game(sandbox.default_channel)
    assert game is not None
    # the bot stopped right after committing the battle's last order, before its hooks ran
    await laager.store.commit_action(
        game.id,
        game.version,
        state=game.state,
        events=[],
        dice_cursor=game.dice_cursor,
        status="finished",
        result={"winner": "british", "summary": "Relief: 61 VP: Epic Victory."},
        now=game.updated_at,
    )

    resumed = await sandbox.slash(alice, "campaign continue")
    assert not resumed.ephemeral
    second = await laager.store.active_game(sandbox.default_channel)
    assert second is not None and second.id != game.id
    assert "battle 2 of 5" in sandbox.messages()[-1].text()
    assert "Score 2 of 2 · 1 won, 0 drawn, 0 lost" in sandbox.messages()[-1].text()
    shown = await sandbox.slash(alice, "campaign ledger")
    assert "**won**, 2 points. Relief: 61 VP: Epic Victory." in words_of(shown.response)


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"preset": "waterloo"}, "`preset` must be one of `22-january-1879`"),
        ({"preset": ""}, "`preset` must be one of"),
        ({"preset": "Z\u0301\u200b\u202e🙂" * 300}, "`preset` must be one of"),
        ({"preset": "rising-odds", "side": "boer"}, "`side` must be one of `british`"),
        ({"preset": "rising-odds", "side": "<@1> @everyone"}, "`side` must be one of"),
    ],
)
async def test_values_outside_the_choices_are_refused_in_words(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
    options: dict,
    words: str,
) -> None:
    """What a stale or hostile client may send beyond the declared choices."""
    monkeypatch.setattr(sandbox_options, "_pick_choice", lambda choices, raw, where: raw)
    answer = await sandbox.slash(alice, "campaign start", options)
    assert answer.ephemeral and words in answer.response.content
    assert len(answer.response.content) <= 2000
    assert await stored_rows(laager) == (0, 0, 0)


async def test_a_battle_ended_with_no_command_behind_it_still_moves_the_campaign_on(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    """The bot posts a battle's last position of its own accord (standing in after a
    deadline, or the outbox after a restart): the ledger and the next battle follow as the
    bot's own posts, with no interaction to answer through."""
    await sandbox.slash(alice, "campaign start", {"preset": "rising-odds"})
    channel = sandbox.default_channel
    game = await laager.store.active_game(channel)
    assert game is not None
    result = {"winner": "british", "summary": "Relief: 61 VP: Epic Victory."}
    finished = await laager.store.commit_action(
        game.id,
        game.version,
        state=game.state,
        events=[],
        dice_cursor=game.dice_cursor,
        status="finished",
        result=result,
        now=game.updated_at,
    )
    system = laager.registry.get(finished.system)
    update = await laager.service.update_of(finished, system, [], Result(**result))
    await post_unprompted(laager, update)

    def next_battle_posted() -> bool:
        return any("battle 2 of 5" in m.text() and m.components for m in sandbox.messages())

    assert await sandbox.wait_for(next_battle_posted, within=RECAP_WAIT)
    [ledger] = ledger_posts(sandbox, channel)
    assert "Battle 1 is over; battle 2 follows." in words_of(ledger)
    assert ledger.author_id == sandbox.state.application_id
    second = await laager.store.active_game(channel)
    assert second is not None and second.id != game.id
    shown = await sandbox.slash(alice, "campaign ledger")
    assert "**won**, 2 points. Relief: 61 VP: Epic Victory." in words_of(shown.response)
