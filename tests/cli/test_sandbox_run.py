"""What a ``laager sandbox`` run reports: mentions by name, marked where they notified, and
failure where the bot apologised, though every line ran."""

from __future__ import annotations

import pytest

from bot.operations.settings import Settings
from bot.play.service import GameService
from bot.sandbox.laager_offline import play_offline
from tests.e2e.conftest import DRIVER_TIMEOUT

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
