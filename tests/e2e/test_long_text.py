"""Long text through Discord-in-a-box: a bot-against-bot Last Stand game's reports, log and
export are never cut; what does not fit a post goes in an attached file."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator

import pytest

from bot.process.app import LaagerBot, running_bot
from bot.sandbox import DiscordSandbox, SandboxUser
from bot.sandbox.models import Message
from games.last_stand.report import moves_told
from tests.e2e.conftest import bot_settings


@pytest.fixture
async def laager(sandbox: DiscordSandbox, sqlite_url: str) -> AsyncIterator[LaagerBot]:
    async with running_bot(bot_settings(sandbox, sqlite_url, [])) as bot:
        await sandbox.wait_ready()
        yield bot


def attached(message: Message, suffix: str) -> str:
    [found] = [a for a in message.attachments if a.filename.endswith(suffix)]
    return found.data.decode()


def every_move_named(text: str) -> None:
    for count, moves in re.findall(r"(\d+) Zulu units? move: ([^.]*)\.", text):
        assert len(moves_told(moves)) == int(count)


async def test_a_whole_bot_game_is_never_cut(
    sandbox: DiscordSandbox, laager: LaagerBot, alice: SandboxUser
) -> None:
    started = await sandbox.slash(alice, "game new", {"system": "last-stand", "mode": "bots"})
    post = started.response
    description = post.embeds[0]["description"]
    assert len(description) <= 4096
    report = attached(post, "report.txt")
    assert "Zulu attack" in description and "attached" in description
    assert len(report) > 4096 and "Game over" in post.text()
    every_move_named(report)

    log = await sandbox.slash(alice, "game log", {"count": 50})
    shown = log.response
    assert len(shown.embeds[0]["description"]) <= 4096
    whole = attached(shown, "log.txt")
    assert len(whole) > 4096 and "…" not in whole
    assert len(whole.splitlines()) >= 50 and "all of them are in the attached" in shown.text()
    every_move_named(whole)

    export = await sandbox.slash(alice, "game export")
    text = attached(export.response, ".txt")
    data = json.loads(attached(export.response, ".json"))
    every_move_named(text)
    assert "more." not in text and data["events"]
