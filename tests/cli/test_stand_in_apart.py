"""Discord-in-a-box is a development tool installed apart: the bot runs without its packages,
and ``laager sandbox`` without them says how to install them."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from bot.process.cli import SANDBOX_MISSING

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
SANDBOX_PACKAGES = {"openapi_core", "jsonschema", "werkzeug", "regex"}
"""What the sandbox alone imports (its extra's packages, by module name)."""


def python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def requirement_names(requirements: list[str]) -> set[str]:
    return {Requirement(r).name for r in requirements}


def test_the_runtime_install_carries_none_of_the_sandboxs_packages() -> None:
    sandbox = requirement_names(PROJECT["optional-dependencies"]["sandbox"])
    assert sandbox == {"openapi-core", "jsonschema", "werkzeug", "regex"}
    assert not sandbox & requirement_names(PROJECT["dependencies"])
    assert "laager[sandbox]" in PROJECT["optional-dependencies"]["dev"]


def test_what_laager_run_imports_loads_none_of_them() -> None:
    ran = python(
        "import sys, bot.process.cli, bot.process.app, bot.cogs.game, bot.process.status_server\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        f"{sorted(SANDBOX_PACKAGES)!r} or m.startswith('bot.sandbox')))"
    )
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.strip() == "[]"


@pytest.mark.parametrize("missing", ["openapi_core", "bot.sandbox"])
def test_laager_sandbox_without_it_says_how_to_install_it(tmp_path: Path, missing: str) -> None:
    script = tmp_path / "script.txt"
    script.write_text("alice: /game help\n")
    ran = python(
        f"import sys; sys.modules[{missing!r}] = None\n"
        "from bot.process.cli import main\n"
        f"sys.exit(main(['sandbox', '--script', {str(script)!r}]))"
    )
    assert ran.returncode == 2, ran.stdout + ran.stderr
    assert SANDBOX_MISSING in ran.stdout
    assert "Traceback" not in ran.stderr


@pytest.mark.parametrize("missing", [None, "openapi_core"])
def test_laager_sandbox_help_shows_the_script_lines(missing: str | None) -> None:
    hide = f"sys.modules[{missing!r}] = None\n" if missing else ""
    ran = python(
        f"import sys\n{hide}from bot.process.cli import main\nsys.exit(main(['sandbox', '-h']))"
    )
    assert ran.returncode == 0, ran.stderr
    assert "--script" in ran.stdout
    if missing:
        assert SANDBOX_MISSING in ran.stdout
    else:
        assert "alice: !click Place for me" in ran.stdout and "server-owner" in ran.stdout
