"""Issue 11: every failing slash command, button or menu is answered. A player-facing error
is a refusal in words; anything else is an apology whose error id is in the log with the
traceback. Each test plants a fault and shows the answer and the log line."""

from __future__ import annotations

import re
import sys

import pytest

from bot.process.app import LaagerBot
from bot.sandbox import DiscordSandbox, SandboxUser
from bot.sandbox import command_options as sandbox_options

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


async def test_options_outside_their_declared_bounds_are_refused_before_the_command_runs(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    alice: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Found by the command fuzz: discord.py passes on values outside a command's declared
    ranges and choices (a stale or hostile client sends them); 2,909,604,354 figures hung
    /sotq-fire casualties and an undeclared choice crashed /events new."""
    monkeypatch.setattr(sandbox_options, "_pick_choice", lambda choices, raw, where: raw)
    monkeypatch.setattr(sandbox_options, "_check_range", lambda *args: None)
    monkeypatch.setattr(sandbox_options, "_check_length", lambda *args: None)
    sandbox.set_permissions(alice, manage_channels=True)
    cases = [
        ("sotq-fire casualties", {"factor": 40, "figures": 2_909_604_354}, "from 1 to 1000"),
        ("events new", {"others": "-1"}, "`others` must be one of `remove`"),
        ("game map", {"zoom": "1" * 30}, "`zoom` takes from 1 to 20 characters"),
    ]
    for command, options, words in cases:
        answer = await sandbox.slash(alice, command, options)
        assert answer.ephemeral and words in answer.response.content, answer.response.content
