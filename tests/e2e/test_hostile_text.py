"""What players type is answered the same on both databases, in words: text with a NUL (which
PostgreSQL cannot store), NaN and Infinity where a number is read, and the longest values
Discord lets through, in every command that keeps what it is given."""

from __future__ import annotations

import re

from sqlalchemy import make_url

from bot.process.app import running_bot
from bot.sandbox import DiscordSandbox, SandboxUser
from bot.sandbox.laager_offline import APOLOGISED
from bot.sandbox.models import SandboxError
from tests.e2e.conftest import alice, bot_settings, sandbox

__all__ = ["alice", "sandbox"]

TYPED = [
    ("roll", {"expression": "2d6\x00+1"}),
    ("roll", {"expression": "NaN"}),
    ("roll", {"expression": "Infinity d6"}),
    ("roll", {"expression": "1e309"}),
    ("roll", {"expression": "d" * 100}),
    ("game new", {"system": "\x00"}),
    ("game new", {"system": "last-stand", "scenario": "a\x00b", "mode": "solo"}),
    ("game entropy", {"value": "mine\x00yours"}),
    ("game entropy", {"value": "NaN"}),
    ("game order", {"choice": "\x00"}),
    ("laststand move", {"unit": "1BB\x00", "hex": "1008"}),
    ("zones move", {"order": "\x00"}),
    ("events new", {"lists": "zulu_war\x00"}),
]


IN_A_GAME = [
    ("game entropy", {"value": "a\x00b"}),
    ("game order", {"choice": "\x00"}),
    ("game order", {"choice": "NaN"}),
    ("laststand move", {"unit": "1BB\x00", "hex": "1008"}),
    ("laststand move", {"unit": "RB", "hex": "Infinity"}),
    ("laststand fire", {"target": "\x00", "unit": "A Co."}),
    ("game settings", {"deadline_hours": 0}),
    ("events new", {"lists": "zulu_war\x00"}),
    ("events new", {"lists": "NaN"}),
]
"""In a solo Last Stand, as the referee who owns the server (who may make event decks)."""
IDS = re.compile(r"\d{15,20}")


async def answers(sandbox: DiscordSandbox, who: SandboxUser, channel: int) -> list[str]:
    found = []
    for command, options in TYPED:
        found.append(await answer(sandbox, who, channel, command, options))
    owner = sandbox.user("server-owner")
    await sandbox.slash(
        owner, "game new", {"system": "last-stand", "mode": "solo"}, channel=channel
    )
    for command, options in IN_A_GAME:
        found.append(await answer(sandbox, owner, channel, command, options))
    return found


async def answer(
    sandbox: DiscordSandbox, who: SandboxUser, channel: int, command: str, options: dict
) -> str:
    try:
        done = await sandbox.slash(who, command, options, channel=channel)
    except SandboxError as refused:
        return f"/{command}: Discord refuses it: {refused}"
    message = done.response if done.response is not None else done.messages[-1]
    return IDS.sub("<id>", f"/{command}: {message.text()}")


async def test_hostile_text_is_answered_in_words_the_same_on_both_databases(
    sandbox: DiscordSandbox,
    alice: SandboxUser,
    sqlite_database_url: str,
    postgres_database_url: str,
) -> None:
    found = []
    for url in (sqlite_database_url, postgres_database_url):
        channel = sandbox.add_channel(make_url(url).get_backend_name())
        async with running_bot(bot_settings(sandbox, url)):
            await sandbox.wait_ready()
            found.append(await answers(sandbox, alice, channel))
    on_sqlite, on_postgres = found
    assert [s for s in on_sqlite + on_postgres if APOLOGISED in s] == []
    assert on_sqlite == on_postgres
    assert not any("\x00" in s for s in on_sqlite), "a NUL quoted back shows as nothing"
    assert "`2d6\N{REPLACEMENT CHARACTER}+1`" in on_sqlite[0]
    print("\n".join(s[:160].replace("\x00", "<NUL>") for s in on_sqlite))
