"""Ratings through Discord-in-a-box: a server turns them on, two members choose to be rated,
their game's end posts how both ratings moved (pinging nobody), the standings and each
member's history show them; a game with someone who has not chosen moves nothing."""

from __future__ import annotations

from bot.process.app import LaagerBot
from bot.sandbox import DiscordSandbox, SandboxInteraction, SandboxUser
from bot.sandbox.models import Message


def said(interaction: SandboxInteraction) -> str:
    """Everything the answer showed, reply and follow-ups."""
    return "\n".join(m.text() for m in interaction.messages)


def rating_posts(sandbox: DiscordSandbox, channel: int) -> list[Message]:
    return [m for m in sandbox.public_in(channel) if m.content.startswith("**Ratings**")]


async def duel_to_its_end(
    sandbox: DiscordSandbox, channel: int, red: SandboxUser, blue: SandboxUser
) -> None:
    await sandbox.slash(
        red,
        "game new",
        {"system": "duel", "mode": "two-player", "scenario": "short"},
        channel=channel,
    )
    await sandbox.slash(blue, "game join", channel=channel)
    for _ in range(20):
        for player in (red, blue):
            answer = await sandbox.slash(
                player, "game order", {"choice": "strike"}, channel=channel
            )
            if "over" in answer.response.content.lower() or "no game" in answer.response.content:
                return
        if any("Recap" in m.text() for m in sandbox.public_in(channel)):
            return


async def test_a_rated_game_moves_both_ratings_and_the_standings_show_them(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    carol: SandboxUser,
) -> None:
    refused = await sandbox.slash(alice, "game settings", {"ratings": True})
    assert refused.ephemeral and "Manage Server" in refused.response.content
    sandbox.set_permissions(alice, manage_guild=True)
    turned = await sandbox.slash(alice, "game settings", {"ratings": True})
    assert "Ratings: on" in said(turned)
    for person in (alice, bob):
        chose = await sandbox.slash(person, "stats rated on")
        assert chose.ephemeral and "now count toward your ratings" in chose.response.content

    rated = sandbox.add_channel("rated")
    await duel_to_its_end(sandbox, rated, alice, bob)
    assert await sandbox.wait_for(lambda: bool(rating_posts(sandbox, rated)))
    [post] = rating_posts(sandbox, rated)
    assert post.pinged == [], "the ratings post pings nobody"
    assert f"<@{alice.id}> as red: 0.0 →" in post.content
    assert f"<@{bob.id}> as blue: 0.0 →" in post.content

    standings = await sandbox.slash(carol, "stats leaderboard", {"system": "duel"})
    board = said(standings)
    assert f"<@{alice.id}> · red" in board and f"<@{bob.id}> · blue" in board
    history = await sandbox.slash(bob, "game history")
    assert "Ratings here" in said(history) and "blue:" in said(history)

    unrated = sandbox.add_channel("unrated")
    await duel_to_its_end(sandbox, unrated, alice, carol)
    assert await sandbox.wait_for(
        lambda: any("Recap" in m.text() for m in sandbox.public_in(unrated))
    )
    assert rating_posts(sandbox, unrated) == [], "carol never chose to be rated"
    board = await sandbox.slash(carol, "stats leaderboard", {"system": "duel", "side": "RED"})
    assert "(1 game)" in said(board), "the unrated game moved nothing"
