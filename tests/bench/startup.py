"""Start-up benchmark: what a start costs, for one checkout or several in alternation.

Run: ``.venv/bin/python -m tests.bench.startup [--bot-root DIR ...] [--rounds 5]``.

For each checkout (this tree by default), in turns, ``--rounds`` times:

- **import CPU**: the CPU seconds a fresh interpreter spends loading what ``laager run``
  loads (the command line, the bot's client and every cog, the way the command line loads
  them, and the full collection that follows), beside those of importing discord.py alone,
  and their ratio;
- **health**: the wall time of ``laager health`` against a port where nothing answers;
- **sandbox**: the wall time of ``laager sandbox`` running a one-line script (``/game
  help``), from the command to the first line of the bot's answer, and to its exit;
- **the libraries alone**, once a round with this tree: the import CPU of what the bot cannot
  start without (Discord, SQLAlchemy's asyncio layer, pydantic-settings, structlog, the
  metrics) and its ratio to discord.py's, and the wall time of a process that only loads what
  the sandbox cannot answer without (those, the stand-in's libraries, Alembic and Discord's
  parsed OpenAPI description): the least a start can cost with these libraries.

Each checkout's modules are compiled first, as the image does. Medians are printed per
checkout and, with two or more, each one's ratio to the first. Every checkout runs with this
interpreter and its packages (``--python`` loads the bot with another for the import figures,
such as a runtime install without the development tools, as the image has); a checkout from
before the bot's rooms (``bot/cli.py`` rather than ``bot/process/cli.py``) is measured under
its own module names.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LOAD = """\
import contextlib, gc, importlib, time
t = time.process_time()
cli = importlib.import_module("{cli}")
try:
    from bot.process.collector import loading
except ImportError:  # a checkout from before the collector was paused while loading
    loading = contextlib.nullcontext
with loading():
    app = importlib.import_module("{app}")
    {cogs}
    for cog in cogs:
        importlib.import_module(cog)
gc.collect()
print(time.process_time() - t)
"""
"""The load ends with the full collection a run makes before it freezes what it loaded, so
that a collection put off while loading is counted too."""
DISCORD = "import time\nt = time.process_time()\nimport discord\nprint(time.process_time() - t)\n"
LIBRARIES = (
    "import time\nt = time.process_time()\n"
    "import discord, discord.ext.commands, sqlalchemy.ext.asyncio, aiosqlite\n"
    "import pydantic_settings, structlog, prometheus_client\n"
    "print(time.process_time() - t)\n"
)
"""What the bot cannot start without, before a line of its own: Discord, the database layer,
its settings, logs and metrics."""
SANDBOX_LIBRARIES = (
    "import discord, discord.ext.commands, sqlalchemy.ext.asyncio, aiosqlite\n"
    "import pydantic_settings, structlog, prometheus_client\n"
    "import openapi_core, werkzeug, alembic.command, alembic.runtime.migration\n"
    "from bot.sandbox.spec_validation import load_openapi\n"
    "load_openapi()\n"
)
"""What ``laager sandbox`` cannot answer without, before a line of the bot's own: those
libraries, the stand-in's, the migrations' and Discord's published description, parsed."""
COGS = (
    "from bot.systems import installed\n"
    "    cogs = (*app.COGS, *installed.cogs(installed.pairings()))"
)
COGS_BEFORE_ROOMS = (
    "from bot.systems import pairings\n"
    "    cogs = (*app.COGS, *(p.cog for p in pairings().values() if p.cog))"
)


def modules_of(root: Path) -> tuple[str, str]:
    """The command line's and the client's module names in this checkout."""
    if (root / "bot" / "process" / "cli.py").exists():
        return "bot.process.cli", "bot.process.app"
    return "bot.cli", "bot.app"


def load_script(root: Path) -> str:
    """What ``laager run`` loads in this checkout, timed."""
    cli, app = modules_of(root)
    cogs = COGS if cli == "bot.process.cli" else COGS_BEFORE_ROOMS
    return LOAD.format(cli=cli, app=app, cogs=cogs)


def clean_env(root: Path) -> dict[str, str]:
    """No settings from the shell or a .env, and the checkout first on the path."""
    keep = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_"))}
    return {**keep, "PYTHONPATH": str(root)}


def import_cpu(root: Path, python: str, script: str) -> float:
    run = subprocess.run(
        [python, "-c", script],
        cwd=root,
        env=clean_env(root),
        capture_output=True,
        text=True,
        check=True,
    )
    return float(run.stdout.strip())


def wall(root: Path, *args: str, **env: str) -> float:
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", *args],
        cwd=root,
        env={**clean_env(root), **env},
        capture_output=True,
        check=False,
    )
    return time.perf_counter() - started


def sandbox_times(root: Path, cli: str, script: Path) -> tuple[float, float]:
    """The wall time of ``laager sandbox`` running ``script``: to the first line of the bot's
    answer in its transcript, and to its exit."""
    started = time.perf_counter()
    answered = None
    with subprocess.Popen(
        [sys.executable, "-m", cli, "sandbox", "--script", str(script)],
        cwd=root,
        env=clean_env(root),
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    ) as run:
        assert run.stdout is not None
        for line in run.stdout:
            if answered is None and line.startswith("[") and "Laager" in line:
                answered = time.perf_counter() - started
    finished = time.perf_counter() - started
    if answered is None:
        raise RuntimeError(f"the sandbox in {root} never answered")
    return answered, finished


def one_round(root: Path, script: Path, python: str) -> dict[str, float]:
    cli, _ = modules_of(root)
    bot = import_cpu(root, python, load_script(root))
    discord = import_cpu(root, python, DISCORD)
    answered, finished = sandbox_times(root, cli, script)
    return {
        "import CPU (s)": bot,
        "discord.py alone (s)": discord,
        "ratio to discord.py": bot / discord,
        "laager health (s)": wall(root, cli, "health", STATUS_PORT="1"),
        "sandbox, first answer (s)": answered,
        "sandbox, to its exit (s)": finished,
    }


def floors(python: str) -> dict[str, float]:
    """The libraries alone, in this tree: the least any checkout's start can cost."""
    libraries = import_cpu(ROOT, python, LIBRARIES)
    discord = import_cpu(ROOT, python, DISCORD)
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-c", SANDBOX_LIBRARIES], cwd=ROOT, env=clean_env(ROOT), check=True
    )
    return {
        "libraries, import CPU (s)": libraries,
        "their ratio to discord.py": libraries / discord,
        "sandbox's libraries (s)": time.perf_counter() - started,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot-root", type=Path, nargs="+", default=[ROOT])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--python",
        default=sys.executable,
        help="the interpreter that loads the bot for the import figures",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder, "one.txt")
        script.write_text("alice: /game help\n")
        for root in args.bot_root:  # compiled ahead, as the image does
            subprocess.run(
                [args.python, "-m", "compileall", "-q", "bot", "games", "renderers"],
                cwd=root,
                check=True,
            )
        found: dict[Path, list[dict[str, float]]] = {root: [] for root in args.bot_root}
        least: list[dict[str, float]] = []
        for number in range(args.rounds):
            for root in args.bot_root:  # in turns, so a busy spell falls on every checkout
                found[root].append(one_round(root, script, args.python))
            least.append(floors(args.python))
            print(f"round {number + 1} of {args.rounds} done", file=sys.stderr)
    print(f"\nthe libraries alone (medians of {len(least)})")
    for name in least[0]:
        print(f"  {name:<26} {statistics.median(r[name] for r in least):8.3f}")
    first = None
    for root, rounds in found.items():
        medians = {name: statistics.median(r[name] for r in rounds) for name in rounds[0]}
        print(f"\n{root} (medians of {len(rounds)})")
        for name, value in medians.items():
            versus = f"  ({value / first[name]:.2f}x the first)" if first else ""
            print(f"  {name:<24} {value:8.3f}{versus}")
        first = first or medians


if __name__ == "__main__":
    main()
