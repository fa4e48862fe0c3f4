"""Every ``/zones`` subcommand refuses a wrong, empty, huge or unicode value in plain words,
privately, saying what is allowed, and stores nothing; a spectator is told he has no seat
and how to join or watch, never that he has "no phase endings to give"."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.play.errors import NoGame
from bot.play.service import Place
from bot.process.app import LaagerBot, running_bot
from bot.sandbox import DiscordSandbox, SandboxUser
from bot.sandbox.models import SandboxError
from bot.systems.zones.cog import ZonesCog
from games.zones.state import BRITISH, ZULU
from tests.e2e.conftest import alice, bob, bot_settings, carol, sandbox, sqlite_url

__all__ = ["alice", "bob", "carol", "sandbox", "sqlite_url"]
"""Discord-in-a-box fixtures shared with tests/e2e."""

ORDER_COMMANDS = sorted(c.name for c in ZonesCog.zones.commands if c.name != "new")
VALUES = {
    "wrong": "fire.Z.99",
    "empty": "",
    "huge": "x" * 5000,
    "unicode": "ⓩ 🛡️ Ισανδλουάνα зулу\u200b",
}
REPLY_LIMIT = 600
"""A refusal fits on a phone screen."""


@pytest.fixture
async def laager(sandbox: DiscordSandbox, sqlite_url: str) -> AsyncIterator[LaagerBot]:
    async with running_bot(bot_settings(sandbox, sqlite_url, [])) as bot:
        await sandbox.wait_ready()
        yield bot


def options(command: str, value: str) -> dict[str, str]:
    return {} if command == "end" else {"order": value}


async def refusals(
    sandbox: DiscordSandbox, user: SandboxUser, commands: list[str]
) -> dict[str, str]:
    """Each subcommand given each bad value by ``user``: its reply, which must be private."""
    found: dict[str, str] = {}
    for command in commands:
        for name, value in VALUES.items():
            if command == "end" and name != "empty":
                continue
            done = await sandbox.slash(user, f"zones {command}", options(command, value))
            reply = done.response
            assert reply is not None and reply.ephemeral, (command, name, reply)
            assert len(reply.content) <= REPLY_LIMIT, (command, name, reply.content)
            assert value[:50] not in reply.content or len(value) < 50, "a huge value is cut"
            found[f"{command} {name}"] = reply.content
    return found


async def test_bad_values_are_refused_privately_saying_what_is_allowed(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser, bob: SandboxUser
) -> None:
    await sandbox.slash(
        alice, "zones new", {"battle": "isandlwana", "mode": "two-player", "side": BRITISH}
    )
    await sandbox.slash(bob, "game join", {"side": ZULU})
    place = Place(sandbox.guild_id, sandbox.default_channel)
    before, _ = await laager.service.latest(place)
    british = await refusals(sandbox, alice, [c for c in ORDER_COMMANDS if c != "end"])
    for what, text in british.items():
        assert "You can choose:" in text or (
            "The orders open to you now are under `/zones end`, `/zones stack`." in text
        ), (what, text)
    assert "not one of your stack orders now" in british["stack huge"]
    zulu = await refusals(sandbox, bob, ORDER_COMMANDS)
    for what, text in zulu.items():
        assert "it is not your turn" in text, (what, text)
    after, _ = await laager.service.latest(place)
    assert after.version == before.version, "nothing was stored"


async def test_a_spectator_is_told_he_has_no_seat_and_how_to_join_or_watch(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    bob: SandboxUser,
    carol: SandboxUser,
) -> None:
    await sandbox.slash(
        alice, "zones new", {"battle": "rorkes-drift", "mode": "two-player", "side": BRITISH}
    )
    open_seat = await sandbox.slash(carol, "zones end")
    text = open_seat.response.content
    assert open_seat.response.ephemeral
    assert "You have no seat in this game" in text and "`/game join side:zulu`" in text
    assert "/game status" in text and "phase endings" not in text
    await sandbox.slash(bob, "game join", {"side": ZULU})
    place = Place(sandbox.guild_id, sandbox.default_channel)
    before, _ = await laager.service.latest(place)
    for what, reply in (await refusals(sandbox, carol, ORDER_COMMANDS)).items():
        assert "You have no seat in this game" in reply, (what, reply)
        assert "every side is taken" in reply and "/game status" in reply, (what, reply)
    assert await sandbox.autocomplete(carol, "zones move", {"order": ""}, focused="order") == []
    after, _ = await laager.service.latest(place)
    assert after.version == before.version, "nothing was stored"


async def test_fixed_choices_and_ranges_never_reach_the_bot(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    """A battle, mode or side outside its choices, and an amount outside 1-200, are refused
    by Discord itself before the bot hears of them, so no game starts."""
    for value in VALUES.values():
        with pytest.raises(SandboxError, match="not one of the choices"):
            await sandbox.slash(alice, "zones new", {"battle": value})
    with pytest.raises(SandboxError):
        await sandbox.slash(alice, "zones melee", {"order": "melee.1.2", "sp": 5000})
    with pytest.raises(NoGame):
        await laager.service.latest(Place(sandbox.guild_id, sandbox.default_channel))
