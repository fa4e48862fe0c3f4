"""The bot's log is one JSON object per line, naming the guild, channel, shard and game; a
careless log call that carries the token, a seed or a DM body shows ``[redacted]`` instead,
and each source of known secrets is shown to be needed."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator

import pytest
from structlog.contextvars import bind_contextvars, clear_contextvars

import bot.operations.logs
import bot.posting.announce
import bot.process.app
import bot.storage.conversions
from bot.operations.log_guard import REDACTED, known
from bot.process.app import running_bot
from bot.sandbox import DiscordSandbox
from tests.e2e.conftest import bot_settings

FAULTS = [None, "token", "seeds", "DM bodies", "redaction"]
"""Which protection is removed: the token, seeds or DM bodies never remembered, or the
redaction step left out of the formatter."""


class Forgetful:
    """Stands in for the known secrets at one place that feeds them: remembers nothing."""

    def remember(self, *texts: str | None) -> None:
        pass


@pytest.fixture
def json_log() -> Iterator[logging.StreamHandler[io.StringIO]]:
    """A handler of the root logger writing to a buffer with the bot's JSON formatter."""
    known.forget_all()  # earlier tests ran the same seeds; each case starts knowing nothing
    handler = logging.StreamHandler(io.StringIO())
    handler.setFormatter(bot.operations.logs.formatter("json"))
    root = logging.getLogger()
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    try:
        yield handler
    finally:
        root.removeHandler(handler)
        root.setLevel(level)
        clear_contextvars()


def lines(handler: logging.StreamHandler[io.StringIO]) -> list[dict]:
    return [json.loads(line) for line in handler.stream.getvalue().splitlines() if line.strip()]


async def test_each_command_line_names_guild_channel_shard_and_game(
    sandbox: DiscordSandbox, sqlite_url: str, json_log: logging.StreamHandler[io.StringIO]
) -> None:
    alice = sandbox.add_user("alice")
    async with running_bot(bot_settings(sandbox, sqlite_url)) as laager:
        await sandbox.wait_ready()
        await sandbox.slash(alice, "game new", {"system": "duel", "mode": "solo"})
        await sandbox.click(alice, label="Strike")
        game = await laager.store.latest_game(sandbox.state.channel(sandbox.default_channel).id)
    assert game is not None
    answered = [line for line in lines(json_log) if line.get("event", "").startswith("command ")]
    assert [(line["command"], line["outcome"]) for line in answered] == [
        ("game new", "ok"),
        ("component:choose", "ok"),
    ]
    for line in answered:
        assert line["guild_id"] == game.guild_id and line["channel_id"] == game.channel_id
        assert line["shard_id"] == 0 and line["game_id"] == game.id
        assert line["user_id"] == alice.id and line["level"] == "info" and line["timestamp"]
        assert line["logger"] == "bot.posting.interactions" and line["ms"] > 0


@pytest.mark.parametrize("fault", FAULTS, ids=[fault or "guarded" for fault in FAULTS])
async def test_a_careless_log_call_shows_no_token_seed_or_dm_body(
    sandbox: DiscordSandbox,
    sqlite_url: str,
    json_log: logging.StreamHandler[io.StringIO],
    monkeypatch: pytest.MonkeyPatch,
    fault: str | None,
) -> None:
    where = {
        "token": bot.process.app,
        "seeds": bot.storage.conversions,
        "DM bodies": bot.posting.announce,
    }
    if fault in where:
        monkeypatch.setattr(where[fault], "known", Forgetful())
    if fault == "redaction":
        monkeypatch.setattr(bot.operations.logs, "redact", lambda _logger, _method, event: event)
    json_log.setFormatter(bot.operations.logs.formatter("json"))

    alice = sandbox.add_user("alice")
    settings = bot_settings(sandbox, sqlite_url)
    async with running_bot(settings) as laager:
        await sandbox.wait_ready()
        await sandbox.slash(alice, "game new", {"system": "duel", "mode": "solo"})
        await sandbox.click(alice, label="Strike")
        game = await laager.store.latest_game(sandbox.state.channel(sandbox.default_channel).id)
    assert game is not None
    dm_lines = [line for dm in sandbox.dms(alice) for line in dm.content.splitlines()[1:]]
    assert dm_lines, "the game sent no DM to test with"
    secrets = {"token": [settings.discord_token], "seeds": [game.seed], "DM bodies": dm_lines}

    careless = logging.getLogger("bot.careless")
    careless.info("connecting with token %s", settings.discord_token)
    careless.warning("game %s rolls from %s", game.id, game.seed, extra={"note": game.seed})
    careless.error("sent a DM: %r", "\n".join(dm_lines))
    bind_contextvars(last_dm=dm_lines[0])
    careless.info("after the DM")
    try:
        raise ValueError(f"bad dice from seed {game.seed}")
    except ValueError:
        careless.exception("a failure quoting the seed")

    text = json_log.stream.getvalue()
    leaked = {kind for kind, values in secrets.items() if any(v in text for v in values)}
    expected = set(secrets) if fault == "redaction" else {fault} - {None}
    assert leaked == expected
    if fault is None:
        said = [line for line in lines(json_log) if line["logger"] == "bot.careless"]
        assert len(said) == 5 and all(REDACTED in json.dumps(line) for line in said)
        assert "Traceback" in said[-1]["exception"]
