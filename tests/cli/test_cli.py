"""The ``laager`` command line: database revisions and a scripted, reproducible sandbox run."""

from __future__ import annotations

import asyncio
import gc
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from bot.operations.settings import Settings
from bot.process.app import InsecureSeed, LaagerBot
from bot.process.collector import freeze_when_ready

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """\
# two players and a free roll
alice: /game new system:duel mode:two-player
bob: /game join
bob: !click Strike
alice: !click Strike
alice: /roll expression:2d6+1 reason:"river crossing"
carol: /game new system:chess
"""


def laager(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.process.cli", *args],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_db_upgrade_and_current(tmp_path: Path) -> None:
    env = {"DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'cli.sqlite3'}"}
    assert laager("db", "current", env=env).stdout.strip() == "revision: none"
    upgraded = laager("db", "upgrade", env=env)
    assert upgraded.returncode == 0, upgraded.stderr
    assert upgraded.stdout.strip().startswith("revision: 0")
    assert laager("db", "downgrade", "base", env=env).stdout.strip() == "revision: none"


def test_sandbox_script_transcript_is_reproducible(tmp_path: Path) -> None:
    script = tmp_path / "tour.txt"
    script.write_text(SCRIPT)
    env = {"EXTRA_SYSTEMS": "tests.fixtures.duel_pairing:PAIRING"}
    runs = [
        laager(
            "sandbox", "--script", str(script), "--seed", "7", "--out", str(tmp_path / n), env=env
        )
        for n in ("one", "two")
    ]
    first, second = runs
    assert first.returncode == 0, first.stdout + first.stderr
    out = first.stdout
    assert "[#general] Laager:" in out and "[DM to alice]" in out and "[DM to bob]" in out
    assert "[ephemeral to bob]" in out and "not one of your choices" in out
    assert "[ephemeral to carol]" in out and "no game system called `chess`" in out
    assert "rolls for *river crossing*" in out
    assert first.stdout.replace("/one/", "/two/") == second.stdout
    maps = sorted((tmp_path / "one").glob("*.png"))
    assert len(maps) == 2
    assert Image.open(maps[0]).size == (320, 120)


def test_run_refuses_a_master_seed_without_the_insecure_flag(tmp_path: Path) -> None:
    env = {
        "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'run.sqlite3'}",
        "DISCORD_TOKEN": "",
        "SEED": "demo",
    }
    refused = laager("run", env=env)
    assert refused.returncode == 2
    assert "SEED is set, so every game's dice would follow from it" in refused.stdout
    assert "ALLOW_INSECURE_SEED=1" in refused.stdout
    allowed = laager("run", env={**env, "ALLOW_INSECURE_SEED": "1"})
    assert allowed.returncode == 2 and "SEED" not in allowed.stdout
    assert "Set DISCORD_TOKEN" in allowed.stdout


def test_the_bot_itself_refuses_a_master_seed_without_the_flag() -> None:
    with pytest.raises(InsecureSeed, match="ALLOW_INSECURE_SEED=1"):
        LaagerBot(Settings(_env_file=None, seed="demo"))
    assert Settings(_env_file=None, seed="  ").seed is None


def test_sandbox_run_fails_where_discord_would_refuse_the_commands(tmp_path: Path) -> None:
    """A system whose command is over Discord's size stops the run at start, plainly."""
    script = tmp_path / "one.txt"
    script.write_text("alice: /roll expression:d6\n")
    run = laager(
        "sandbox",
        "--script",
        str(script),
        env={"EXTRA_SYSTEMS": "tests.fixtures.oversized:PAIRING"},
    )
    assert run.returncode == 1, run.stdout + run.stderr
    assert "error: Discord refused the bot's slash commands (HTTP 400" in run.stdout
    assert "In group 'oversized'" in run.stdout
    assert "Command exceeds maximum size (8000)" in run.stdout
    assert "/oversized (8001 characters)" in run.stdout
    assert "Command exceeds maximum size (8000)" in run.stderr
    assert "Traceback" not in run.stdout + run.stderr


async def test_the_bot_freezes_what_it_built_once_it_is_ready() -> None:
    """Commands, cogs and the guilds' state last as long as the process: once the bot is
    ready they leave the collector's sight, so a full collection does not walk them."""

    class Starting:
        def __init__(self) -> None:
            self.ready = asyncio.Event()

        async def wait_until_ready(self) -> None:
            await self.ready.wait()

    bot = Starting()
    built = [[n] for n in range(20_000)]
    freezing = asyncio.ensure_future(freeze_when_ready(bot))  # type: ignore[arg-type]
    await asyncio.sleep(0.05)
    before = gc.get_freeze_count()
    assert not freezing.done(), "it froze before the bot was ready"
    bot.ready.set()
    await freezing
    assert gc.get_freeze_count() >= before + len(built)
