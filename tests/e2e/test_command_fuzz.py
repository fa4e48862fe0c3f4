"""Issue 11: every slash command of the referee toolkit, /roll and /rolls, /game map,
/game log, /game odds, /game seats, /game seek, /game fork, /league, /stats leaderboard and
/webhook, driven through Discord-in-a-box with random and hostile option values (huge,
negative, empty, unicode, outside the declared choices, ranges and lengths, as a stale or
hostile client may send):
every one is answered, never with an apology, never with a traceback in the log, and every
answer fits Discord's limits.

The bot runs on its own event loop in a thread for the whole module, so that hypothesis
can drive it example by example from a plain test function.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import threading
from collections import Counter
from collections.abc import Coroutine, Iterator
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from bot.process.app import LaagerBot, running_bot
from bot.sandbox import DiscordSandbox
from bot.sandbox import command_options as sandbox_options
from bot.sandbox.models import JSON, Message
from bot.storage.webhooks import Webhooks
from games.core.errors import LaagerError
from tests.e2e.conftest import RATE_SCALE, bot_settings

TOOLKIT = {"sotq-fire", "sotq-morale", "sotq-move", "sotq-check", "sotq-transport", "sotq-army"}
TOOLKIT |= {"qref", "events", "roster", "house-rules", "roll", "rolls"}
GAME = {"game map", "game log", "game odds", "game seats", "game seek", "stats leaderboard"}
GAME |= {"game fork", "league new", "league join", "league leave", "league standings"}
GAME |= {"league next"}
WEBHOOK = {"webhook set", "webhook show", "webhook test", "webhook off"}
"""Driven by a member with Manage Server when the case asks for a referee, so that what
they are given is read; by anyone else they are refused before that."""
ODDS_POLLS = 500
"""Looks, 0.05 s apart, for the end of an estimate in the odds channel, whose quick duel
plays the most games asked for (5,000) in about a second."""
SUBCOMMAND, GROUP = 1, 2
STRING, INTEGER, BOOLEAN, NUMBER = 3, 4, 5, 10
LARGEST = 2**53
"""Discord carries integers as JSON numbers; larger ones do not arrive."""
APOLOGY = "went wrong"
HOSTILE_TEXT = [
    "",
    " ",
    "0",
    "-1",
    "1d6/0",
    "100d100000000000000000000",
    "*".join(["99999999"] * 20),
    "9" * 120,
    ",,,",
    "a,b,,c",
    "Z\u0301\u200b\u202e🙂𝕏",
    "<@1> @everyone",
    "`" * 50,
    "nonsense",
    "\x00",
    "x" * 6100,
]


class Harness:
    """The sandbox and the bot on a loop of their own, with every log record kept."""

    def __init__(self, database: Path) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.records: list[logging.LogRecord] = []
        self.seen: Counter[str] = Counter()
        """How often each command path was driven, and each way it was answered."""
        self.handler = logging.Handler(logging.WARNING)
        self.handler.emit = self.records.append  # type: ignore[method-assign]
        logging.getLogger().addHandler(self.handler)
        self.database = f"sqlite+aiosqlite:///{database}"
        self.run(self._start())

    def run(self, work: Coroutine[Any, Any, Any], limit: float = 30) -> Any:
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(limit)

    async def _start(self) -> None:
        self.sandbox = DiscordSandbox(quiet=0.02, rate_scale=RATE_SCALE)
        await self.sandbox.start()
        self.running: AbstractAsyncContextManager[LaagerBot] = running_bot(
            bot_settings(self.sandbox, self.database)
        )
        self.bot = await self.running.__aenter__()
        await self.sandbox.wait_ready()
        self.referee = self.sandbox.add_user("referee")
        self.sandbox.set_permissions(self.referee, manage_channels=True)
        self.player = self.sandbox.add_user("player")
        self.admin = self.sandbox.add_user("admin")
        self.sandbox.set_permissions(self.admin, manage_guild=True)
        self.empty_channel = self.sandbox.add_channel("no-game")
        await self.sandbox.slash(
            self.referee,
            "game new",
            {"system": "last-stand", "mode": "solo", "side": "british"},
        )
        self.odds_channel = self.sandbox.add_channel("odds")
        await self.sandbox.slash(
            self.referee,
            "game new",
            {"system": "duel", "mode": "two-player"},
            channel=self.odds_channel,
        )
        self.finished_channel = self.sandbox.add_channel("finished")
        await self.sandbox.slash(
            self.referee,
            "game new",
            {"system": "duel", "mode": "bots"},
            channel=self.finished_channel,
        )
        await self.sandbox.slash(self.referee, "events new")
        for unit in UNITS:
            await self.sandbox.slash(self.referee, "roster add", unit)

    async def _stop(self) -> None:
        await self.running.__aexit__(None, None, None)
        await self.sandbox.stop()

    def close(self) -> None:
        try:
            self.run(self._stop())
        finally:
            logging.getLogger().removeHandler(self.handler)
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(5)

    def commands(self) -> list[tuple[str, list[JSON]]]:
        """Every command path in reach, with its option definitions."""
        found = []
        for command in self.sandbox.registered_commands():
            found += list(_paths(command["name"], command.get("options") or []))
        return [
            (path, options)
            for path, options in found
            if path.split()[0] in TOOLKIT or path in GAME | WEBHOOK
        ]


UNITS = [
    {
        "name": "Zulus",
        "figures": 40,
        "troop_type": "tribal_foot",
        "fire_class": "iv",
        "reaction_class": "A",
        "morale": 9,
        "melee_weapon": "sword_or_spear",
    },
    {
        "name": "24th",
        "figures": 25,
        "troop_type": "regular_foot",
        "fire_class": "0",
        "reaction_class": "A",
        "morale": 8,
        "weapon": "blr",
        "melee_weapon": "bayonet",
        "formation": "open",
    },
]


def _paths(prefix: str, options: list[JSON]) -> Iterator[tuple[str, list[JSON]]]:
    nested = [o for o in options if o["type"] in (SUBCOMMAND, GROUP)]
    if not nested:
        yield prefix, options
    for option in nested:
        yield from _paths(f"{prefix} {option['name']}", option.get("options") or [])


def value_for(option: JSON) -> st.SearchStrategy[Any]:
    """A value as the client sends it, or one outside what the option declares."""
    kind = option["type"]
    hostile = st.sampled_from(HOSTILE_TEXT) | st.text(max_size=120)
    if option.get("choices"):
        declared = st.sampled_from([c["value"] for c in option["choices"]])
        wrong = hostile if kind == STRING else st.integers(-LARGEST, LARGEST)
        return declared | declared | declared | wrong
    if kind == STRING:
        fits = st.text(min_size=option.get("min_length", 0), max_size=option.get("max_length", 100))
        return fits | hostile
    if kind == BOOLEAN:
        return st.booleans()
    low, high = option.get("min_value"), option.get("max_value")
    if kind == INTEGER:
        edges = st.sampled_from([0, -1, 1, LARGEST, -LARGEST, *(v for v in (low, high) if v)])
        return st.integers(low, high) | edges | st.integers(-LARGEST, LARGEST)
    edges = st.sampled_from([0.0, -1.0, 0.5, 1e300, -1e300, *(v for v in (low, high) if v)])
    return st.floats(low, high, allow_nan=False) | edges


@st.composite
def invocations(draw: st.DrawFn, commands: list[tuple[str, list[JSON]]]) -> tuple:
    path, options = draw(st.sampled_from(commands), label="command")
    values = {}
    for option in options:
        if option.get("required") or draw(st.booleans()):
            values[option["name"]] = draw(value_for(option), label=option["name"])
    focused = None
    completing = [o["name"] for o in options if o.get("autocomplete")]
    if completing and draw(st.integers(0, 3)) == 0:
        focused = draw(st.sampled_from(completing))
    return path, values, focused, draw(st.booleans()), draw(st.booleans())


def within_discord_limits(message: Message) -> list[str]:
    """What in a message Discord would refuse."""
    problems = []
    if len(message.content) > 2000:
        problems.append(f"content of {len(message.content)} characters")
    total = 0
    for embed in message.embeds:
        parts = [embed.get("title") or "", embed.get("description") or ""]
        parts.append((embed.get("footer") or {}).get("text") or "")
        if len(parts[0]) > 256 or len(parts[1]) > 4096:
            problems.append("an embed title or description too long")
        for field in embed.get("fields") or []:
            parts += [field.get("name") or "", field.get("value") or ""]
            if len(field.get("name") or "") > 256 or len(field.get("value") or "") > 1024:
                problems.append(f"field {field.get('name')!r} too long")
        total += sum(map(len, parts))
    if total > 6000:
        problems.append(f"embeds of {total} characters")
    return problems


def failures(records: list[logging.LogRecord]) -> list[str]:
    return [
        f"{r.name}: {r.getMessage()}"
        for r in records
        if r.exc_info or r.levelno >= logging.ERROR or "Traceback" in r.getMessage()
    ]


async def stored(harness: Harness, channel: int) -> tuple:
    """What the commands in reach store for a channel and its guild: rolls, the roster,
    the event deck, the house rules, the game and the server's webhook."""
    bot, guild = harness.bot, harness.sandbox.guild_id
    documents = [await bot.referee.roster(channel), await bot.referee.deck(channel)]
    game = await bot.store.latest_game(channel)
    hook = await Webhooks(bot.sessions).hook(guild)
    return (
        len(await bot.store.rolls(channel, limit=10_000)),
        *(d.version if d else None for d in documents),
        sorted((r.key, str(r.value)) for r in await bot.referee.house_rules(guild)),
        game and (game.version, game.status),
        hook and hook.url,
    )


async def invoke(harness: Harness, case: tuple) -> list[str]:
    """Run one invocation; what went wrong with its answer, if anything."""
    path, values, focused, as_referee, in_empty_channel = case
    sandbox = harness.sandbox
    referee = harness.admin if path in WEBHOOK else harness.referee
    user = referee if as_referee else harness.player
    channel = harness.empty_channel if in_empty_channel else sandbox.default_channel
    if path == "game odds" and not in_empty_channel:
        channel = harness.odds_channel
    if path == "game fork" and not in_empty_channel:
        channel = harness.finished_channel
    start = len(harness.records)
    harness.seen[path] += 1
    if focused is not None:
        offered = await sandbox.autocomplete(user, path, values, focused=focused, channel=channel)
        problems = [f"{len(offered)} autocomplete offers"] if len(offered) > 25 else []
        problems += [f"offer {c['name']!r}" for c in offered if not 1 <= len(str(c["name"])) <= 100]
    else:
        before = await stored(harness, channel)
        answered = await sandbox.slash(user, path, values, channel=channel)
        if path == "game odds":
            await estimated(harness, channel)
        seen = [latest(sandbox, m) for m in answered.messages or answered.responses]
        problems = [p for m in seen for p in within_discord_limits(m)]
        problems += [f"apology: {m.content}" for m in seen if APOLOGY in m.content]
        harness.seen["refused" if answered.ephemeral else "answered"] += 1
        if answered.ephemeral and await stored(harness, channel) != before:
            problems.append("a private answer (a refusal) changed what is stored")
        if not seen:
            problems.append("no answer")
    problems += failures(harness.records[start:])
    problems += [str(v) for v in sandbox.violations]
    sandbox.violations.clear()
    return problems


async def estimated(harness: Harness, channel: int) -> None:
    """Wait until no estimate runs in ``channel``, so its answer is final and the next
    invocation finds the channel free."""
    busy = harness.bot.get_cog("GameCog").simulating  # type: ignore[union-attr]
    for _ in range(ODDS_POLLS):
        if channel not in busy:
            return
        await asyncio.sleep(0.05)


def latest(sandbox: DiscordSandbox, message: Message) -> Message:
    """The message as it reads now (an estimate edits its answer as it goes)."""
    return next((m for m in sandbox.transcript if m.id == message.id), message)


@pytest.fixture(scope="module")
def harness(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Harness]:
    running = Harness(tmp_path_factory.mktemp("fuzz") / "fuzz.sqlite3")
    try:
        yield running
    finally:
        running.close()


@pytest.fixture
def lenient_client(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let the sandbox's client send what a real client would not: out-of-choice values, and
    numbers and strings outside the declared ranges and lengths. The bot must answer these
    too (an old client with stale commands, or anyone calling the API directly)."""

    def pick(choices: list[JSON], raw: Any, where: str) -> Any:
        return next((c["value"] for c in choices if str(c["value"]) == str(raw)), raw)

    monkeypatch.setattr(sandbox_options, "_pick_choice", pick)
    monkeypatch.setattr(sandbox_options, "_check_range", lambda *args: None)
    monkeypatch.setattr(sandbox_options, "_check_length", lambda *args: None)


def drive(harness: Harness, examples: int, commands: list[tuple[str, list[JSON]]]) -> None:
    """Run ``examples`` random invocations of ``commands``, failing on the first that is
    answered badly."""

    @settings(
        max_examples=examples,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
        database=None,
        derandomize=True,  # the same values every run: a found fault becomes a regression test
    )
    @given(invocations(commands))
    def answered_well(case: tuple) -> None:
        problems = harness.run(invoke(harness, case))
        assert not problems, (case[:3], problems)

    answered_well()


def test_the_fuzz_reaches_every_command_in_scope(harness: Harness) -> None:
    paths = {path for path, _ in harness.commands()}
    assert GAME <= paths and "roll" in paths and "qref infantry" in paths
    assert WEBHOOK <= paths
    assert {path.split()[0] for path in paths} == TOOLKIT | {"game", "stats", "league", "webhook"}


def test_every_command_answers_hostile_options_in_words(
    harness: Harness, lenient_client: None
) -> None:
    """Each command in turn, so that every one is driven, with several drawings of its
    options; together about 780 invocations."""
    for command in harness.commands():
        drive(harness, 10, [command])
    assert harness.seen["game odds"] == 10
    assert harness.seen["answered"] >= 50 and harness.seen["refused"] >= 50, harness.seen


def test_the_fuzz_catches_a_command_that_raises(
    harness: Harness, lenient_client: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fault planted in every table lookup is found: the apology and its logged traceback."""

    async def planted(*args: object, **kwargs: object) -> None:
        raise RuntimeError("planted fault")

    base = sys.modules["bot.systems.referee.base"]
    monkeypatch.setattr(base.RefereeCog, "answer", planted)
    with pytest.raises(AssertionError, match=APOLOGY):
        drive(harness, 60, harness.commands())


def test_the_fuzz_catches_a_refusal_that_stored_something(
    harness: Harness, lenient_client: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fault planted in every table lookup: it logs a roll, then refuses."""

    async def planted(self: Any, interaction: Any, command: str, lookup: Any) -> None:
        await self.bot.store.record_roll(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            user_id=interaction.user.id,
            expression=command,
            result_text="planted",
            total=0,
        )
        raise LaagerError("Planted refusal.")

    base = sys.modules["bot.systems.referee.base"]
    monkeypatch.setattr(base.RefereeCog, "answer", planted)
    with pytest.raises(AssertionError, match="changed what is stored"):
        drive(harness, 60, harness.commands())
