"""Issue 11: every failing slash command, button or menu is answered. A player-facing error
is a refusal in words; anything else is an apology whose error id is in the log with the
traceback. Each test plants a fault and shows the answer and the log line."""

from __future__ import annotations

import re
import sys

import pytest

from bot.app import LaagerBot
from bot.sandbox import DiscordSandbox, SandboxUser

ERROR_ID = re.compile(r"error `([0-9a-f]{8})`")


def planted(*args: object, **kwargs: object) -> None:
    raise RuntimeError("planted fault")


def logged_with_traceback(caplog: pytest.LogCaptureFixture, error_id: str) -> bool:
    return any(
        error_id in record.getMessage() and record.exc_info and "planted fault" in caplog.text
        for record in caplog.records
    )


async def test_a_failing_slash_command_apologises_with_an_error_id_in_the_log(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the bot loads its cogs afresh, so the module to plant in is the one it loaded
    monkeypatch.setattr(sys.modules["bot.cogs.roll"], "roll_expression", planted)
    answer = await sandbox.slash(alice, "roll", {"expression": "2d6"})
    assert answer.ephemeral
    found = ERROR_ID.search(answer.response.content)
    assert found and "went wrong" in answer.response.content
    assert logged_with_traceback(caplog, found[1])


async def test_a_refusal_is_in_words_without_an_error_id(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    answer = await sandbox.slash(alice, "roll", {"expression": "1d6/0"})
    assert answer.ephemeral and "divide by zero" in answer.response.content
    assert not ERROR_ID.search(answer.response.content)


async def test_a_failing_button_is_answered(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """discord.py only logs a failing dynamic button; the player used to get no reply."""
    started = await sandbox.slash(alice, "game new", {"system": "duel", "mode": "solo"})
    monkeypatch.setattr(laager.service, "act", planted)
    pressed = await sandbox.click(alice, started.response, label="Strike")
    assert pressed.ephemeral
    found = ERROR_ID.search(pressed.response.content)
    assert found and logged_with_traceback(caplog, found[1])


async def test_a_failing_panel_button_is_answered(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    started = await sandbox.slash(alice, "game new", {"system": "duel", "mode": "solo"})
    monkeypatch.setattr(laager.service, "current", planted)
    pressed = await sandbox.click(alice, started.response, label="My orders (private)")
    found = ERROR_ID.search(pressed.response.content)
    assert pressed.ephemeral and found and logged_with_traceback(caplog, found[1])
