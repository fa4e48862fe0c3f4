"""Layers point one way: the import contracts in pyproject.toml hold and are able to fail, and
games/ names no slash command (commands belong to the bot, which pairs them with systems)."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "games", "renderers")
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")
CONTRACTS: dict[str, str] = {
    contract["id"]: contract["name"]
    for contract in tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"][
        "contracts"
    ]
}
COMMANDS = ("game", "ramparts", "laststand", "sotq-fire", "qref", "roster")
"""Commands the search must cover even if reading them from the cogs went wrong."""


def lint_imports(where: Path) -> subprocess.CompletedProcess[str]:
    """Run the contract checker as CI does, on the packages found in ``where``."""
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--no-logo"],
        cwd=where,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def broken(output: str) -> set[str]:
    return {key for key, name in CONTRACTS.items() if f"{name} BROKEN" in output}


def copy_code(to: Path) -> None:
    """The three packages' Python files and the configuration, without data or caches."""

    def not_code(folder: str, names: list[str]) -> list[str]:
        return [
            name
            for name in names
            if name == "__pycache__" or not (name.endswith(".py") or Path(folder, name).is_dir())
        ]

    for package in PACKAGES:
        shutil.copytree(ROOT / package, to / package, ignore=not_code)
    shutil.copy(ROOT / "pyproject.toml", to)


def test_the_code_keeps_every_contract() -> None:
    run = lint_imports(ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    assert f"Contracts: {len(CONTRACTS)} kept, 0 broken." in run.stdout


LATER = "\n\ndef later() -> None:\n    {}\n"
# An import up the rooms also closes a circle between two rooms (the lower is imported by the
# upper), so it breaks "acyclic" as well as "rooms".
"""A function-level import, the form the old bot/posting/ui.py -> bot/cogs/game.py cycle took."""


@pytest.mark.parametrize(
    ("path", "text", "contracts"),
    [
        pytest.param(
            "games/leak.py", "import bot.play.service\n", {"layers", "pure-games"}, id="games>bot"
        ),
        pytest.param(
            "games/leak.py",
            "from renderers import theme\n",
            {"layers", "pure-games"},
            id="games>renderers",
        ),
        pytest.param("games/leak.py", "import discord\n", {"pure-games"}, id="games>discord"),
        pytest.param(
            "games/leak.py",
            "from typing import TYPE_CHECKING\n\n"
            "if TYPE_CHECKING:\n    from bot.process.app import X\n",
            {"layers", "pure-games"},
            id="games>bot-type",
        ),
        pytest.param(
            "games/last_stand/system.py",
            LATER.format("from renderers.last_stand import render_map"),
            {"layers", "pure-games"},
            id="system-renders",
        ),
        pytest.param(
            "renderers/leak.py",
            "from bot.posting import ui\n",
            {"layers", "pure-renderers"},
            id="renderers>bot",
        ),
        pytest.param(
            "renderers/leak.py", "import discord.ui\n", {"pure-renderers"}, id="renderers>discord"
        ),
        pytest.param(
            "bot/posting/leak.py",
            "from bot.cogs import game\n",
            {"rooms", "acyclic"},
            id="posting>cogs",
        ),
        pytest.param(
            "bot/posting/ui.py",
            LATER.format("from bot.cogs.game import GameCog"),
            {"rooms", "acyclic"},
            id="ui>cog-cycle",
        ),
        pytest.param(
            "bot/play/service.py",
            LATER.format("import bot.posting.announce"),
            {"rooms", "acyclic"},
            id="play>posting-cycle",
        ),
        pytest.param(
            "bot/posting/text_fit.py",
            LATER.format("import bot.posting.announce"),
            {"acyclic"},
            id="cycle-in-a-room",
        ),
        pytest.param(
            "bot/storage/records.py",
            LATER.format("from bot.play.errors import BadInput"),
            {"rooms", "acyclic"},
            id="storage>play",
        ),
        pytest.param(
            "bot/cogs/roll.py",
            "from typing import TYPE_CHECKING\n\n"
            "if TYPE_CHECKING:\n    from bot.process.app import LaagerBot\n",
            {"rooms", "acyclic"},
            id="cog>process-type",
        ),
        pytest.param(
            "bot/operations/metrics.py",
            LATER.format("from bot.storage.models import Game"),
            {"rooms", "acyclic"},
            id="operations>storage",
        ),
        pytest.param(
            "bot/systems/zones/cog.py",
            LATER.format("from bot.systems.ramparts import cog"),
            {"one-folder-per-system"},
            id="system>system",
        ),
        pytest.param("bot/loose.py", "ROOMLESS = 1\n", {"rooms"}, id="outside-the-rooms"),
        pytest.param(
            "bot/process/cli.py",
            LATER.format("from bot.sandbox import DiscordSandbox"),
            {"stand-in-apart", "acyclic"},
            id="bot>sandbox",
        ),
        pytest.param(
            "games/core/dice.py",
            LATER.format("import games.core.engine"),
            {"acyclic"},
            id="games-cycle",
        ),
    ],
)
def test_a_planted_import_breaks_its_contract(
    tmp_path: Path, path: str, text: str, contracts: set[str]
) -> None:
    copy_code(tmp_path)
    with (tmp_path / path).open("a") as planted:
        planted.write(text)
    run = lint_imports(tmp_path)
    assert run.returncode == 1, run.stdout + run.stderr
    assert broken(run.stdout) == contracts, run.stdout


# -- slash commands ---------------------------------------------------------------------------


def declared_commands() -> set[str]:
    """Top-level slash commands and groups the cogs declare (``app_commands.Group`` or
    ``app_commands.command`` with a name and no parent)."""
    names = set()
    for path in [*(ROOT / "bot" / "cogs").rglob("*.py"), *(ROOT / "bot" / "systems").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text())):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("Group", "command")
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "app_commands"
            ):
                continue
            keywords = {keyword.arg: keyword.value for keyword in node.keywords}
            name = keywords.get("name")
            if "parent" not in keywords and isinstance(name, ast.Constant):
                names.add(name.value)
    return names


def command_pattern(names: Iterable[str]) -> re.Pattern[str]:
    """``/name`` as a command: not part of a path (``games/roster.py``) or of a longer word."""
    alternatives = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<![\w/.-])/(?:{alternatives})(?![\w-])")


def mentions(root: Path, pattern: re.Pattern[str]) -> list[str]:
    """Every line of a text file under ``root`` (code or data) that names a command."""
    found = []
    for path in sorted(root.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if pattern.search(line):
                found.append(f"{path.relative_to(root)}:{number}: {line.strip()}")
    return found


def test_the_search_covers_every_command_the_cogs_declare() -> None:
    declared = declared_commands()
    assert set(COMMANDS) <= declared
    assert {"events", "house-rules", "roll"} <= declared


def test_the_command_pattern_finds_commands_and_not_paths() -> None:
    pattern = command_pattern({*COMMANDS, "house-rules"})
    for text in (
        "start another with `/ramparts new`.",
        "see /game verify",
        "(/laststand move)",
        "a referee can run `/house-rules list`",
    ):
        assert pattern.search(text), text
    for text in ("games/referee/roster.py", "1/2 of /gamers", "/house-rules-x", "a /rosters b"):
        assert not pattern.search(text), text


def test_games_names_no_slash_command() -> None:
    pattern = command_pattern({*COMMANDS, *declared_commands()})
    assert mentions(ROOT / "games", pattern) == []


def test_a_planted_command_in_games_code_or_data_is_found(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "games", tmp_path / "games")
    (tmp_path / "games" / "leak.py").write_text('TEXT = "Start another with `/game new`."\n')
    (tmp_path / "games" / "ramparts" / "data" / "leak.json").write_text(
        '{"hint": "/sotq-fire shoot"}'
    )
    found = mentions(tmp_path / "games", command_pattern(COMMANDS))
    assert found == [
        'leak.py:1: TEXT = "Start another with `/game new`."',
        'ramparts/data/leak.json:1: {"hint": "/sotq-fire shoot"}',
    ]
