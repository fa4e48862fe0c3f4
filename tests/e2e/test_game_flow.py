"""Players drive the real bot through Discord-in-a-box: seats, DMs, buttons, refusals, pictures."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.play.service import Place
from bot.process.app import LaagerBot, running_bot
from bot.sandbox import DiscordSandbox, SandboxError, SandboxUser
from bot.sandbox.models import Message
from tests.e2e.conftest import bot_settings


def png_of(message: Message) -> Image.Image:
    [attachment] = [a for a in message.attachments if a.filename.endswith(".png")]
    image = Image.open(io.BytesIO(attachment.data))
    image.load()
    return image


async def test_two_players_dm_refusal_button_and_map(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    carol: SandboxUser,
) -> None:
    started = await sandbox.slash(alice, "game new", {"system": "duel", "mode": "two-player"})
    post = started.response
    assert post is not None and not post.ephemeral
    assert f"<@{alice.id}>" in post.content and "your move" in post.content
    assert png_of(post).size == (320, 120)
    assert "Strike" in post.text()
    [dm] = sandbox.dms(alice)
    assert "hidden reserve" in dm.content and f"<#{sandbox.default_channel}>" in dm.content
    assert "hidden reserve" not in post.text()

    joined = await sandbox.slash(bob, "game join")
    assert "takes the blue side" in joined.response.content
    assert "hidden reserve" in sandbox.dms(bob)[-1].content

    refused = await sandbox.click(bob, post, label="Strike")
    assert refused.response.ephemeral
    assert "not one of your choices" in refused.response.content
    outsider = await sandbox.click(carol, post, label="Strike")
    assert outsider.ephemeral and "no seat" in outsider.response.content

    status = await sandbox.slash(alice, "game status")
    assert status.ephemeral and "Your hidden reserve" in status.response.text()

    struck = await sandbox.click(alice, post, label="Strike")
    assert struck.messages[0].components == []  # the old buttons are taken away
    update = struck.messages[-1]
    assert "red strikes for" in update.text()
    assert f"<@{bob.id}>" in update.content
    assert png_of(update).mode in ("RGB", "RGBA")

    stale = await sandbox.click(alice, status.response, label="Tally")
    assert stale.ephemeral and "moved on" in stale.response.content


async def test_a_bare_system_plays_without_a_picture(
    sandbox: DiscordSandbox, sqlite_url: str, alice: SandboxUser
) -> None:
    """EXTRA_SYSTEMS may name a system with no pairing: it plays, with no map to show."""
    settings = bot_settings(sandbox, sqlite_url, ["tests.fixtures.duel:SYSTEM"])
    async with running_bot(settings):
        await sandbox.wait_ready()
        started = await sandbox.slash(alice, "game new", {"system": "duel", "mode": "solo"})
        assert "Strike" in started.response.text() and started.response.attachments == []
        shown = await sandbox.slash(alice, "game map")
        assert "Duel (test game) has no map to show." in shown.response.content


async def test_the_last_stand_map_shows_the_action_and_the_whole_map_on_request(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    """Issue 11: the posted map is the area of the action, and says how to see it all."""
    started = await sandbox.slash(
        alice, "game new", {"system": "last-stand", "mode": "solo", "side": "british"}
    )
    post = started.response
    assert "/game map whole:True" in post.embeds[0]["footer"]["text"]
    shown = await sandbox.slash(alice, "game map")
    whole = await sandbox.slash(alice, "game map", {"whole": True})
    part, all_of_it = png_of(shown.messages[-1]), png_of(whole.messages[-1])
    assert part.size != all_of_it.size and all_of_it.width == 1216
    assert all_of_it.height > 622, "the whole map with its key under it"


async def test_a_game_against_the_bot_names_its_level_on_every_post(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    """``level:`` picks how well the bot plays; the post says which, the log keeps it, and
    a game between people says nothing of a bot. A level Discord would not offer is refused
    by the stand-in as Discord refuses it."""
    started = await sandbox.slash(
        alice, "game new", {"system": "zones", "scenario": "rorkes-drift", "mode": "solo",
                            "level": "strong"},
    )  # fmt: skip
    assert started.response.embeds[0]["title"].endswith("· bot strong")
    game, _system = await laager.service.latest(Place(sandbox.guild_id, sandbox.default_channel))
    assert game.options["level"] == "strong" and game.state["level"] == "strong"
    assert not game.state["options"]["solitaire"], "the strong Zulus play the two-player rules"
    status = await sandbox.slash(alice, "game status")
    assert "zulu: the bot, strong" in status.response.text()
    await sandbox.slash(alice, "game abort")
    by_default = await sandbox.slash(alice, "game new", {"system": "last-stand", "mode": "solo"})
    assert by_default.response.embeds[0]["title"].endswith("· bot by the book")
    await sandbox.slash(alice, "game abort")
    people = await sandbox.slash(alice, "game new", {"system": "last-stand", "mode": "two-player"})
    assert "bot" not in people.response.embeds[0]["title"]
    await sandbox.slash(alice, "game abort")
    with pytest.raises(SandboxError, match="not one of the choices"):
        await sandbox.slash(alice, "game new", {"system": "last-stand", "level": "expert"})
