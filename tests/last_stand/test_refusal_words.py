"""Refusals in the players' words: no internal order names, the right side named, and no
free side offered where there is none."""

from __future__ import annotations

from bot.process.app import LaagerBot
from bot.sandbox import DiscordSandbox, SandboxUser
from tests.last_stand.test_e2e import laager  # noqa: F401 (the fixture with the built-ins)

INTERNAL = ("aim", "confirm", "cancel", "displace", "Orders now")


async def test_refusals_say_what_to_do(
    sandbox: DiscordSandbox,
    laager: LaagerBot,  # noqa: F811
    alice: SandboxUser,
    bob: SandboxUser,
    carol: SandboxUser,
) -> None:
    garbled = await sandbox.slash(
        alice, "game new", {"system": "last-stand", "mode": "solo", "side": "zulu"}
    )
    said = garbled.response.content
    assert garbled.ephemeral and "`solo-zulu`" in said and "mode mode" not in said
    assert "Solo: you command" not in said

    await sandbox.slash(
        alice, "game new", {"system": "last-stand", "mode": "two-player", "side": "british"}
    )
    await sandbox.slash(bob, "game join", {"side": "zulu"})
    zulu_fires = await sandbox.slash(bob, "laststand fire", {"target": "1601", "unit": "all"})
    said = zulu_fires.response.content
    assert "your units" not in said and "Only the British fire" in said

    early = await sandbox.slash(alice, "laststand fire", {"target": "1601", "unit": "a"})
    said = early.response.content
    assert early.ephemeral and not any(f"`{word}`" in said for word in INTERNAL), said
    assert "Firing is not open" in said and "`/laststand move`" in said

    watcher = await sandbox.slash(carol, "laststand end")
    said = watcher.response.content
    assert "free side" not in said and "Every side is taken" in said


async def test_a_spectator_at_a_solitaire_game_is_not_offered_a_side(
    sandbox: DiscordSandbox,
    laager: LaagerBot,  # noqa: F811
    alice: SandboxUser,
    carol: SandboxUser,
) -> None:
    await sandbox.slash(
        alice, "game new", {"system": "last-stand", "mode": "solo", "side": "british"}
    )
    for command, options in (("laststand end", {}), ("game entropy", {"value": "x"})):
        answer = await sandbox.slash(carol, command, options)
        assert "free side" not in answer.response.content, answer.response.content


def test_every_phase_the_engine_names_has_its_commands_in_the_bot() -> None:
    """The engine says what a phase allows in players' words; the cog says how, for each."""
    from bot.systems.last_stand.cog import HOW_NOW
    from games.last_stand.flow import OPEN_NOW

    assert HOW_NOW.keys() == OPEN_NOW.keys()
    assert not any("/" in words for words in OPEN_NOW.values())
