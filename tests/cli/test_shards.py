"""``laager run --shards``: which shards a process holds, what it refuses, and the lock
that keeps a second process off a SQLite database."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from prometheus_client import REGISTRY

from bot.operations import metrics
from bot.operations.logs import shard_of
from bot.operations.settings import Settings
from bot.operations.sharding import ShardSpecError, check_shards, parse_shard_ids, syncs_commands
from bot.storage.single_process import DatabaseInUse, hold_database, lock_path
from tests.cli.test_cli import laager


@pytest.mark.parametrize(
    ("text", "ids"),
    [("0-3", [0, 1, 2, 3]), ("5", [5]), ("0,2,5", [0, 2, 5]), ("0-1,4,1", [0, 1, 4])],
)
def test_shard_ids_are_ranges_and_lists(text: str, ids: list[int]) -> None:
    assert parse_shard_ids(text) == ids


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "not a list of shard ids"),
        ("a-b", "not a list of shard ids"),
        ("-1", "not a list of shard ids"),
        ("0-", "not a list of shard ids"),
        ("٣", "not a list of shard ids"),
        ("3-1", "runs backwards; write 1-3"),
        ("0-99999999999999", "goes past shard 65535"),
    ],
)
def test_bad_shard_ids_are_refused_in_words(text: str, says: str) -> None:
    with pytest.raises(ShardSpecError, match=says):
        parse_shard_ids(text)


@pytest.mark.parametrize(
    ("ids", "count", "says"),
    [
        ([0, 1], None, "--shards needs --shard-count"),
        ([0, 8], 8, "shard 8 does not exist with --shard-count 8: shard ids run from 0 to 7"),
        (None, 0, "--shard-count must be at least 1"),
    ],
)
def test_shards_outside_the_count_are_refused(
    ids: list[int] | None, count: int | None, says: str
) -> None:
    with pytest.raises(ShardSpecError, match=says):
        check_shards(ids, count)


def test_shards_within_the_count_pass() -> None:
    check_shards([0, 1, 2, 3], 8)
    check_shards(None, None)
    check_shards(None, 4)


def test_only_the_holder_of_shard_zero_syncs_commands() -> None:
    assert syncs_commands(None)
    assert syncs_commands([0, 1])
    assert not syncs_commands([2, 3])


def test_settings_read_shards_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHARD_IDS", "2-3")
    monkeypatch.setenv("SHARD_COUNT", "4")
    settings = Settings(_env_file=None)
    assert settings.shard_ids == [2, 3] and settings.shard_count == 4


def test_run_refuses_a_shard_beyond_the_count_before_connecting() -> None:
    run = laager("run", "--shards", "0-3", "--shard-count", "2", env={"DISCORD_TOKEN": "x"})
    assert run.returncode == 2
    assert "shard 2 does not exist with --shard-count 2" in run.stdout


def test_one_process_per_sqlite_database(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path / 'games.sqlite3'}"
    first = hold_database(url)
    assert first is not None
    with pytest.raises(DatabaseInUse, match="SQLite serves one process") as refused:
        hold_database(url)
    assert str(tmp_path / "games.sqlite3") in str(refused.value)
    first.close()
    again = hold_database(url)  # the lock goes with the process (here, the open file)
    assert again is not None
    again.close()


def test_postgres_and_memory_databases_need_no_lock() -> None:
    assert lock_path("postgresql+asyncpg://laager@localhost/laager") is None
    assert lock_path("sqlite+aiosqlite://") is None
    assert lock_path("sqlite+aiosqlite:///:memory:") is None
    assert hold_database("postgresql+asyncpg://laager@localhost/laager") is None


def test_logs_and_metrics_name_the_shard_discord_routes_a_guild_to() -> None:
    sharded = SimpleNamespace(shard_count=4)
    assert shard_of(sharded, 1234 << 22) == 1234 % 4 == 2
    assert shard_of(sharded, (1235 << 22) + 77) == 3
    assert shard_of(sharded, None) == 0  # DMs come on shard 0
    extras: dict[str, object] = {}
    labels = {"command": "game new", "outcome": "ok", "shard": "3"}
    before = REGISTRY.get_sample_value("laager_commands_total", labels) or 0.0
    metrics.command_started(extras, "game new", 3)
    metrics.command_finished(extras, "ok")
    assert REGISTRY.get_sample_value("laager_commands_total", labels) == before + 1
