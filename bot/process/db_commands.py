"""``laager db export``, ``import``, ``forget`` and ``rebuild-ratings``: moving a whole
database, deleting a server's or a person's data on request, and working every rating out
again from the rated games."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from contextlib import ExitStack
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:
    from bot.operations.settings import Settings

COMMANDS = ("export", "import", "forget", "rebuild-ratings")


def add_commands(db_commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the data commands to the ``laager db`` group."""
    export = db_commands.add_parser(
        "export", help="write every row of the database to a JSON-lines file"
    )
    export.add_argument("file", help="where to write it ('-' for standard output)")
    load = db_commands.add_parser(
        "import", help="load an export into an empty database and prove the copy by replay"
    )
    load.add_argument("file", help="the export to read ('-' for standard input)")
    load.add_argument(
        "--replace",
        action="store_true",
        help="delete everything already in the database first (refused otherwise)",
    )
    forget = db_commands.add_parser("forget", help="delete a server's or a member's data")
    whom = forget.add_mutually_exclusive_group(required=True)
    whom.add_argument("--guild", type=int, metavar="ID", help="a server's id")
    whom.add_argument("--user", type=int, metavar="ID", help="a member's id")
    forget.add_argument(
        "--yes", action="store_true", help="do it (without this, only say what would go)"
    )
    rebuild = db_commands.add_parser(
        "rebuild-ratings",
        help="work every rating out again from the rated games, in the order they were rated",
    )
    for parser in (export, load, forget, rebuild):
        parser.add_argument(
            "--database", metavar="URL", help="the database to use (default: DATABASE_URL)"
        )


def run_command(settings: Settings, args: argparse.Namespace) -> int:
    # Loaded here, not with the command line, so `laager run` and the migrations start quickly.
    from bot.play.transfer import TransferRefused

    url = args.database or settings.database_url
    try:
        if args.db_command == "export":
            return _export(url, args.file)
        if args.db_command == "import":
            return _import(url, args.file, settings, replace=args.replace)
        if args.db_command == "rebuild-ratings":
            return asyncio.run(_rebuild_ratings(url))
        return asyncio.run(_forget(url, guild=args.guild, user=args.user, apply=args.yes))
    except TransferRefused as refused:
        print(refused, file=sys.stderr)
        return 1


def _export(url: str, file: str) -> int:
    from bot.play.transfer import export_database

    with ExitStack() as stack:
        out: IO[str] = sys.stdout if file == "-" else stack.enter_context(_private_file(file))
        counts = asyncio.run(export_database(url, out))
    print(f"Exported {_counts(counts)}.", file=sys.stderr)
    return 0


def _private_file(file: str) -> IO[str]:
    """The export holds every seed and hidden value, so only its owner may read it."""
    descriptor = os.open(file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    return open(descriptor, "w", encoding="utf-8")


def _import(url: str, file: str, settings: Settings, *, replace: bool) -> int:
    from bot.play.transfer import import_database
    from bot.systems.installed import installed

    with ExitStack() as stack:
        lines: IO[str] = (
            sys.stdin if file == "-" else stack.enter_context(open(file, encoding="utf-8"))
        )
        registry = installed(settings.extra_systems)
        report = asyncio.run(import_database(url, lines, registry, replace=replace))
    print(
        f"Imported {_counts(report.rows)}; every table matches the export, and all "
        f"{report.games_replayed} game(s) replayed from their seeds to their stored state "
        f"({report.rolls_checked} dice rolls checked)."
    )
    return 0


async def _forget(url: str, *, guild: int | None, user: int | None, apply: bool) -> int:
    from sqlalchemy.engine import make_url

    from bot.play.transfer import TransferRefused, head_revision
    from bot.storage.db import create_engine, current
    from bot.storage.forget import ForgetSummary, forget_guild, forget_user

    revision = await current(url)
    if revision != head_revision():
        raise TransferRefused(
            f"The database is at schema revision {revision or 'none'}, not the latest "
            f"({head_revision()}): run `laager db upgrade` on it first. Nothing was changed."
        )
    engine = create_engine(url)
    try:
        async with engine.connect() as connection:
            transaction = await connection.begin()
            summary: ForgetSummary = await (
                forget_guild(connection, guild)
                if guild is not None
                else forget_user(connection, user or 0)
            )
            if apply:
                await transaction.commit()
            else:
                await transaction.rollback()
    finally:
        await engine.dispose()
    whom = f"server {guild}" if guild is not None else f"member {user}"
    where = make_url(url).render_as_string(hide_password=True)
    if apply:
        print(f"Forgot {whom} in {where}:", *summary.lines(), sep="\n")
    else:
        print(f"Forgetting {whom} in {where} would:", *summary.lines(), sep="\n")
        print("Nothing was changed; run again with --yes to do it.")
    return 0


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{count} {name}" for name, count in counts.items())


async def _rebuild_ratings(url: str) -> int:
    from datetime import UTC, datetime

    from bot.play.ratings import RATER
    from bot.storage.db import create_engine, session_factory
    from bot.storage.ratings import Ratings

    engine = create_engine(url)
    try:
        rebuilt = await Ratings(session_factory(engine)).rebuild(RATER, datetime.now(UTC))
    finally:
        await engine.dispose()
    print(
        f"Replayed {rebuilt.games} rated game(s) into {rebuilt.ratings} rating(s); "
        f"{rebuilt.differed} stored value(s) differed from the replay and were replaced."
    )
    return 0
