"""Every slash command stays well inside Discord's limits, a refused sync stops the bot with
the command and limit named, not a traceback, and unchanged commands are not synced again."""

from __future__ import annotations

import asyncio
import logging
import sys
from pathlib import Path
from types import SimpleNamespace

import discord
import pytest
from discord import app_commands

from bot.operations.settings import Settings
from bot.process.app import LaagerBot, point_at, running_bot
from bot.process.command_sync import CommandsRefused, commands_digest, refusal_message
from bot.sandbox import DiscordSandbox
from bot.sandbox.command_limits import MAX_COMMAND_SIZE, command_size
from tests.e2e.conftest import TEST_SYSTEMS, bot_settings

HEADROOM = 7000
"""Room under Discord's 8,000 for rewording and later options."""
OVERSIZED = "tests.fixtures.oversized:PAIRING"
ROOT = Path(__file__).resolve().parents[2]


async def test_every_command_is_well_inside_discords_size_limit(tmp_path: Path) -> None:
    settings = Settings(
        _env_file=None,
        discord_token="unused",
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'sizes.sqlite3'}",
        extra_systems=TEST_SYSTEMS,
    )
    async with LaagerBot(settings) as bot:
        await bot.load_cogs()
        sent = [command.to_dict(bot.tree) for command in bot.tree.get_commands()]
    sizes = sorted(((command_size(c), f"/{c['name']}") for c in sent), reverse=True)
    print(f"\n{'command':<16} {'characters':>10}   (Discord allows {MAX_COMMAND_SIZE:,})")
    for size, name in sizes:
        print(f"{name:<16} {size:>10,}")
    assert {name for _, name in sizes} >= {"/sotq-fire", "/roster", "/qref", "/game"}
    too_big = [(name, size) for size, name in sizes if size > HEADROOM]
    assert too_big == [], f"over {HEADROOM:,} characters: {too_big}"


async def test_a_refused_sync_stops_the_bot_naming_the_command_and_limit(
    sandbox: DiscordSandbox, sqlite_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    settings = bot_settings(sandbox, sqlite_url, [*TEST_SYSTEMS, OVERSIZED])
    with pytest.raises(CommandsRefused) as refused:
        async with running_bot(settings):
            pass
    message = str(refused.value)
    assert "(HTTP 400, error code 50035), so the bot cannot start" in message
    assert "In group 'oversized'" in message
    assert "  Command exceeds maximum size (8000)" in message
    logged = [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]
    assert any("Command exceeds maximum size (8000)" in m for m in logged), logged
    assert sandbox.registered_commands() == []
    [violation] = sandbox.violations
    assert "/oversized (8001 characters): Command exceeds maximum size (8000)" in violation.error
    sandbox.violations.clear()


async def test_a_description_of_101_characters_is_refused_and_named(
    sandbox: DiscordSandbox, sqlite_url: str
) -> None:
    probe = app_commands.Group(name="probe", description="A test-only command")
    probe.add_command(app_commands.Command(name="roll", description="d" * 101, callback=_nothing))
    point_at(sandbox.api_base, sandbox.gateway_url)
    bot = LaagerBot(bot_settings(sandbox, sqlite_url))
    bot.tree.add_command(probe)
    try:
        with pytest.raises(CommandsRefused) as refused:
            await bot.start(sandbox.token)
    finally:
        await bot.close()
    said = str(refused.value)
    assert "In command 'probe roll' defined in function '_nothing'" in said
    assert "description: Must be between 1 and 100 in length." in said
    [violation] = sandbox.violations
    assert "options.0.description: Must be between 1 and 100 in length." in violation.error
    sandbox.violations.clear()


async def _shoot(interaction: discord.Interaction, weapon: str) -> None:
    """Never run: the command only has to be named in a refusal."""


def test_the_message_names_the_option_discord_points_at() -> None:
    """discord.py's account of the refusal (CommandSyncFailure) names the group, command and
    option Discord's error points at by index; a refusal that names none keeps its words."""
    fire = app_commands.Group(name="sotq-fire", description="Fire")
    fire.add_command(app_commands.Command(name="casualties", description="c", callback=_nothing))
    fire.add_command(app_commands.Command(name="shoot", description="s", callback=_shoot))
    roll = app_commands.Command(name="roll", description="Dice", callback=_nothing)
    errors = {
        "1": {
            "options": {
                "1": {
                    "options": {
                        "0": {"choices": {"_errors": [{"message": "Must be 25 or fewer."}]}}
                    }
                }
            }
        }
    }
    refused = discord.HTTPException(
        SimpleNamespace(status=400, reason="Bad Request"),
        {"code": 50035, "message": "Invalid Form Body", "errors": errors},
    )
    said = refusal_message(app_commands.CommandSyncFailure(refused, [roll, fire])).splitlines()
    assert said[1:5] == [
        "In group 'sotq-fire' defined in module 'tests.e2e.test_command_registration'",
        "  In command 'sotq-fire shoot' defined in function '_shoot'",
        "    In parameter 'weapon'",
        "      choices: Must be 25 or fewer.",
    ]
    too_many = discord.HTTPException(
        SimpleNamespace(status=400, reason="Bad Request"),
        {"code": 30032, "message": "Maximum number of application commands reached (100)"},
    )
    assert "Maximum number of application commands reached (100)" in refusal_message(too_many)


async def _nothing(interaction: discord.Interaction) -> None:
    """Never run: the command only has to be registered."""


async def test_laager_run_exits_with_the_message_and_no_traceback(
    sandbox: DiscordSandbox, tmp_path: Path
) -> None:
    env = {
        "DISCORD_TOKEN": sandbox.token,
        "DISCORD_API_BASE": sandbox.api_base,
        "DISCORD_GATEWAY_URL": sandbox.gateway_url,
        "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'run.sqlite3'}",
        "EXTRA_SYSTEMS": OVERSIZED,
        "PATH": "",
    }
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot.process.cli",
        "run",
        cwd=ROOT,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    stdout, stderr = await asyncio.wait_for(process.communicate(), timeout=120)
    output = (stdout + stderr).decode()
    assert process.returncode == 1, output
    assert "Discord refused the bot's slash commands" in output
    assert "In group 'oversized'" in output and "Command exceeds maximum size (8000)" in output
    assert "Traceback" not in output
    assert len(sandbox.violations) == 1
    sandbox.violations.clear()


async def test_a_restart_with_the_same_commands_does_not_sync_them_again(
    sandbox: DiscordSandbox, sqlite_url: str
) -> None:
    """Discord rate-limits syncs: the digest of the commands last synced is kept in the
    database, and a start with the same commands does not sync them again."""
    for _ in range(2):
        async with running_bot(bot_settings(sandbox, sqlite_url)):
            await sandbox.wait_ready()
    assert sandbox.command_syncs == 1


def test_the_digest_follows_the_commands_the_scope_and_the_application() -> None:
    client = discord.Client(intents=discord.Intents.none())
    tree = app_commands.CommandTree(client)
    tree.add_command(app_commands.Command(name="roll", description="Dice", callback=_nothing))
    first = commands_digest(tree, None, 1)
    assert commands_digest(tree, None, 1) == first
    assert commands_digest(tree, None, 2) != first, "another application"
    tree.get_command("roll").description = "Roll dice"  # type: ignore[union-attr]
    assert commands_digest(tree, None, 1) != first, "a command changed"
