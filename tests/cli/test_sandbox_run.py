"""What a ``laager sandbox`` run reports: mentions by name, marked where they notified, and
failure where the bot apologised, though every line ran; and that a server's webhook works
there, to a receiver on the same machine."""

from __future__ import annotations

import asyncio
import re

import pytest

from bot.operations.settings import Settings
from bot.play.service import GameService
from bot.sandbox import laager_offline
from bot.sandbox.laager_offline import play_offline
from tests.e2e.conftest import DRIVER_TIMEOUT
from tests.webhooks.receiver import Receiver

SCRIPT = [
    "alice: /game new system:duel mode:two-player",
    "bob: /game join",
    "alice: !click Strike",
]


def settings() -> Settings:
    return Settings(_env_file=None, extra_systems=["tests.fixtures.duel_pairing:PAIRING"])


async def test_a_clean_run_exits_0_and_marks_who_was_pinged(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert await play_offline(settings(), SCRIPT, "7", None, DRIVER_TIMEOUT) == 0
    said = capsys.readouterr().out
    assert "apologised" not in said
    assert "[#general] Laager: @alice - your move" in said, "she started it: no ping"
    assert "@bob takes the blue side.\n  @alice (pinged) - your move" in said, "a hand-over"
    assert "Laager (edited): @alice - your move" in said, "an edit never pings"
    assert "\n  alt: Map: " in said, "each picture's alt text is told once, under its message"


async def test_a_run_where_the_bot_apologised_exits_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("planted")

    monkeypatch.setattr(GameService, "act", broken)
    assert await play_offline(settings(), SCRIPT, "7", None, DRIVER_TIMEOUT) == 1
    said = capsys.readouterr().out
    assert "Something went wrong on my side" in said
    assert "the bot apologised in 1 message(s)" in said


async def test_a_servers_webhook_posts_to_a_receiver_on_this_machine(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """By hand, as at the prompt: the sandbox lets a hook reach 127.0.0.1 over http."""
    receiver = Receiver()
    url = await receiver.start()
    typed = iter(
        [f"server-owner: /webhook set url:{url}", "server-owner: /webhook test", "ping sent"]
    )

    async def prompt() -> str | None:
        line = next(typed, None)
        if line == "ping sent":
            for _ in range(200):
                if receiver.received:
                    break
                await asyncio.sleep(0.05)
            return "server-owner: /webhook show"
        return line

    monkeypatch.setattr(laager_offline, "_prompt", prompt)
    try:
        assert await play_offline(settings(), None, "7", None, DRIVER_TIMEOUT) == 0
    finally:
        await receiver.stop()
    said = capsys.readouterr().out
    [secret] = re.findall(r"`([0-9a-f]{64})`", said)
    [ping] = receiver.received
    assert ping.event["type"] == "ping" and ping.signed_with(secret)
    assert "[ephemeral to server-owner] Laager: This server's game events now go to" in said
    assert "- ping: delivered" in said
