"""Every picture carries its alt text: the position in words, from what its viewer may see."""

from __future__ import annotations

from bot.posting.alt_text import ALT_LIMIT
from bot.process.app import LaagerBot
from bot.sandbox import DiscordSandbox, SandboxUser


async def test_a_map_says_the_position_in_words(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    started = await sandbox.slash(alice, "game new", {"system": "last-stand", "mode": "solo"})
    [picture] = started.response.attachments
    assert picture.filename == "map.png"
    assert picture.description is not None
    assert picture.description.startswith("Map: Turn 1 · ")
    assert "Wagon: 1008" in picture.description and len(picture.description) <= ALT_LIMIT


async def test_a_hand_says_its_cards_to_its_holder_alone(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    await sandbox.slash(alice, "ramparts new", {})
    [opening] = sandbox.dms(alice)
    [hand] = opening.attachments
    assert hand.filename == "hand.png" and hand.description is not None
    assert hand.description.startswith("Your own view: ")
    assert "Your hand: #3 Lieutenant Chard" in hand.description
