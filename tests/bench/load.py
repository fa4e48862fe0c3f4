"""Load benchmark: many channels playing real games at once through Discord-in-a-box.

Run: ``.venv/bin/python -m tests.bench.load [--channels 10 100 1000] [--steps 6]
[--system last-stand|ramparts] [--think SECONDS] [--bot-root DIR] [--postgres [URL]]
[--processes N] [--hog N]``.

The sandbox, and the players driving it, run in this process; the bot runs as ``laager run``
in a child process (from ``--bot-root``, this tree by default, so another checkout's bot can
be measured against the same players), so the sandbox's request validation is not counted
against the bot. With ``--processes N`` the bot runs as N processes holding one shard each
of N, on PostgreSQL (``--postgres``, or a throwaway server started for the run), and the
channels are spread over one guild per shard. Discord's rate limits hold at their own
scale. Every channel starts a game and then presses one of the orders on its newest post,
``--steps`` times, once the previous command's outcome has reached the channel and settled
(no post or edit there for a moment), and after ``--think`` seconds on average to read it.
With no time to read, every channel starts at once and every player presses again at once,
so the bot is saturated and the waits measure its throughput; with a few seconds, each
player also starts their game after such a pause, so the waits measure a bot playing that
many channels at a pace people play.

For each run it prints p50/p95/p99 from the interaction to its first response (a reply or a
deferral) and to the next picture in the channel (the posted map; again for the orders
alone, apart from the heavier ``/game new``), commands per second, the
429s Discord's limits gave, and the bot's resident memory (its render workers apart) with
the games stored so far. Runs share one bot and one database, in the order given, each in
channels of its own, so the last run's memory is read with every earlier run's games stored
and its own active.

After each run every channel asks for ``/game help`` ``--steps`` times, a command that
changes nothing: its bot CPU and SQL statements a command are the floor an order is
compared with. ``--hog N`` keeps N busy-looping processes at normal priority beside the bot
for the whole benchmark, as other programs do on a shared host.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp
import psutil

from bot.sandbox import DiscordSandbox, SandboxError, SandboxUser
from bot.sandbox.components import clickable_buttons, usable_selects
from bot.sandbox.interactions import ANSWER_WITHIN, SandboxInteraction
from bot.sandbox.models import Message, MessageEvent
from bot.sandbox.rate_limits import GLOBAL_MARK, route_template
from tests.postgres.server import throwaway_server

ROOT = Path(__file__).resolve().parents[2]
SETTLED = 0.3
"""Seconds without a post or edit in a channel before its player acts again."""
POLL = 0.1
THROWAWAY = "throwaway"
"""``--postgres`` given no URL: a PostgreSQL server started for the run, and removed after."""
NEW_GAME = {
    "last-stand": {"system": "last-stand", "mode": "solo", "side": "british"},
    "ramparts": {"system": "ramparts", "mode": "solo"},
}


@dataclass
class ChannelLog:
    """One channel's commands (sent, first answered) and the moments pictures appeared."""

    sent: list[float] = field(default_factory=list)
    answered: list[float] = field(default_factory=list)
    pictures: list[float] = field(default_factory=list)
    last_event: float = 0.0
    failure: str | None = None


class Watcher:
    """Notes, per channel, when anything changed and when a picture was posted or edited in."""

    def __init__(self, sandbox: DiscordSandbox) -> None:
        self.channels: dict[int, ChannelLog] = {}
        sandbox.state.listeners.append(self._seen)

    def _seen(self, event: MessageEvent) -> None:
        log = self.channels.get(event.message.channel_id)
        if log is None:
            return
        now = asyncio.get_running_loop().time()
        log.last_event = now
        if any(a.content_type.startswith("image/") for a in event.version.attachments):
            log.pictures.append(now)


def percentiles(samples: list[float]) -> str:
    if not samples:
        return "no samples"
    ordered = sorted(samples)

    def at(share: float) -> float:
        return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))] * 1000

    return (
        f"p50 {statistics.median(ordered) * 1000:7.1f} ms  p95 {at(0.95):7.1f} ms  "
        f"p99 {at(0.99):7.1f} ms  (n={len(ordered)})"
    )


def to_pictures(log: ChannelLog) -> list[tuple[int, float]]:
    """For each command (by its number in the channel, 0 for ``/game new``), the wait until
    the first picture after it (before the next command)."""
    waits = []
    ends = [*log.sent[1:], float("inf")][: len(log.sent)]
    for number, (sent, end) in enumerate(zip(log.sent, ends, strict=True)):
        shown = next((p for p in log.pictures if sent <= p < end), None)
        if shown is not None:
            waits.append((number, shown - sent))
    return waits


def record(log: ChannelLog, interaction: SandboxInteraction) -> None:
    assert interaction.answer_by is not None
    log.sent.append(interaction.answer_by - ANSWER_WITHIN)
    if interaction.answered_at is not None:
        log.answered.append(interaction.answered_at)


async def settled(log: ChannelLog) -> None:
    """Wait until nothing has changed in the channel for SETTLED seconds (polled: an event
    per channel would wake a thousand waiters on every message)."""
    loop = asyncio.get_running_loop()
    idle = loop.time() - log.last_event
    while idle < SETTLED:
        await asyncio.sleep(max(SETTLED - idle, POLL))
        idle = loop.time() - log.last_event


def newest_orders(sandbox: DiscordSandbox, channel: int) -> Message | None:
    for message in reversed(sandbox.messages(channel)):
        if message.author_id != sandbox.bot_user_id:
            continue
        if clickable_buttons(message.components) or usable_selects(message.components):
            return message
    return None


async def press(
    sandbox: DiscordSandbox, user: SandboxUser, post: Message, rng: random.Random
) -> SandboxInteraction:
    """One of the post's orders, at random: a button, or an option of one of its menus."""
    buttons = [b for b in clickable_buttons(post.components) if b["custom_id"].startswith("lg:")]
    selects = usable_selects(post.components)
    if buttons and (not selects or rng.random() < 0.7):
        return await sandbox.click(user, post, custom_id=rng.choice(buttons)["custom_id"])
    menu = rng.choice(selects)
    value = rng.choice(menu["options"])["value"]
    return await sandbox.select(user, post, [value], custom_id=menu["custom_id"])


async def play(
    sandbox: DiscordSandbox,
    log: ChannelLog,
    channel: int,
    system: str,
    steps: int,
    seed: int,
    think: float,
) -> None:
    rng = random.Random(seed)
    user = sandbox.add_user(f"player-{channel}")
    try:
        if think:
            await asyncio.sleep(rng.expovariate(1 / think))
        record(log, await sandbox.slash(user, "game new", NEW_GAME[system], channel=channel))
        for _ in range(steps):
            await settled(log)
            if think:
                await asyncio.sleep(rng.expovariate(1 / think))
            post = newest_orders(sandbox, channel)
            if post is None:
                return
            record(log, await press(sandbox, user, post, rng))
    except SandboxError as error:
        log.failure = str(error)


async def run(
    sandbox: DiscordSandbox,
    watcher: Watcher,
    count: int,
    system: str,
    steps: int,
    guilds: list[int],
    think: float,
) -> tuple[list[ChannelLog], float]:
    channels = [
        sandbox.add_channel(f"load-{count}-{n}", guild_id=guilds[n % len(guilds)])
        for n in range(count)
    ]
    logs = [ChannelLog() for _ in channels]
    for channel, log in zip(channels, logs, strict=True):
        watcher.channels[channel] = log
    await asyncio.sleep(1.0)  # the bot hears of the new channels
    started = time.perf_counter()
    await asyncio.gather(
        *(
            play(sandbox, log, c, system, steps, n, think)
            for n, (c, log) in enumerate(zip(channels, logs, strict=True))
        )
    )
    seconds = time.perf_counter() - started
    await asyncio.gather(*(settled(log) for log in logs))  # the last answers arrive
    return logs, seconds, channels


async def ask_help(sandbox: DiscordSandbox, channels: list[int], times: int) -> tuple[int, float]:
    """Every channel's player asks for ``/game help`` ``times`` times, one after another;
    returns the commands sent and the seconds taken."""

    async def asking(channel: int) -> int:
        user = sandbox.add_user(f"reader-{channel}")
        for _ in range(times):
            await sandbox.slash(user, "game help", channel=channel)
        return times

    started = time.perf_counter()
    sent = await asyncio.gather(*(asking(channel) for channel in channels))
    return sum(sent), time.perf_counter() - started


def hogs(count: int) -> list[subprocess.Popen[bytes]]:
    """``count`` processes that keep a core busy each, at normal priority."""
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]


def refused_route(refusal: str) -> str:
    """A 429's route with its ids left out ("POST /channels/{id}/messages (global)")."""
    scope = GLOBAL_MARK if refusal.endswith(GLOBAL_MARK) else ""
    method, path = refusal.removesuffix(GLOBAL_MARK).split(" ", 1)
    return f"{method} {route_template(path)}{scope}"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def costs(ports: list[int]) -> dict[str, float]:
    """Totals (seconds and counts) of the bot's own histograms over its processes: commands
    handled, pictures drawn, SQL statements run, read from each one's /metrics."""
    totals: dict[str, float] = {}
    async with aiohttp.ClientSession() as session:
        for port in ports:
            async with session.get(f"http://127.0.0.1:{port}/metrics") as response:
                text = await response.text()
            for line in text.splitlines():
                name = line.split("{", 1)[0].split(" ", 1)[0]
                if name.startswith("laager_") and name.endswith(("_sum", "_count", "_total")):
                    totals[name] = totals.get(name, 0.0) + float(line.rsplit(" ", 1)[1])
    return totals


def per_unit(now: dict[str, float], before: dict[str, float], metric: str) -> str:
    count = now.get(f"{metric}_count", 0) - before.get(f"{metric}_count", 0)
    seconds = now.get(f"{metric}_sum", 0) - before.get(f"{metric}_sum", 0)
    return f"{count:.0f} x {seconds / count * 1000:.2f} ms" if count else "none"


def bot_memory(pid: int) -> tuple[float, float]:
    """Resident MiB of the bot process, and of its render workers together."""
    process = psutil.Process(pid)
    workers = sum(child.memory_info().rss for child in process.children(recursive=True))
    return process.memory_info().rss / 2**20, workers / 2**20


async def start_bots(
    args: argparse.Namespace, sandbox: DiscordSandbox, database: str
) -> list[tuple[asyncio.subprocess.Process, int]]:
    """The bot's processes (one shard each when there are several), with their status ports."""
    bots = []
    for shard in range(args.processes):
        env = {
            **os.environ,
            "DISCORD_TOKEN": sandbox.token,
            "DISCORD_API_BASE": sandbox.api_base,
            "DISCORD_GATEWAY_URL": sandbox.gateway_url,
            "DATABASE_URL": database,
            "SEED": "load",
            "ALLOW_INSECURE_SEED": "1",
            "LOG_LEVEL": "ERROR",
            "STATUS_PORT": str(port := free_port()),
        }
        sharded = ("--shards", str(shard), "--shard-count", str(args.processes))
        child = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot.process.cli",
            "run",
            *(sharded if args.processes > 1 else ()),
            cwd=args.bot_root,
            env=env,
        )
        bots.append((child, port))
    return bots


async def bench(args: argparse.Namespace, database: str) -> None:
    sandbox = DiscordSandbox(quiet=None, timeout=60.0)
    await sandbox.start()
    watcher = Watcher(sandbox)
    guilds = [sandbox.guild_id]
    if args.processes > 1:
        guilds = [
            sandbox.guild_of(sandbox.add_guild(f"load {n}", shard=(n, args.processes)))
            for n in range(args.processes)
        ]
    bots = await start_bots(args, sandbox, database)
    stored = 0
    try:
        await sandbox.wait_ready(120, sessions=args.processes)
        print(
            f"bot from {args.bot_root} in {args.processes} process(es), {args.system}, "
            f"{args.steps} presses after /game new, "
            + (f"{args.hog} busy processes beside it, " if args.hog else "")
            + (f"{args.think:g} s to read a post on average" if args.think else "no time to read")
        )
        processes = [psutil.Process(child.pid) for child, _ in bots]
        for count in args.channels:
            refused_before = len(sandbox.rate_limits.refusals)
            global_before = sandbox.rate_limits.global_requests
            measured = await costs([port for _, port in bots])
            cpu, own = busy(processes), psutil.Process().cpu_times()
            logs, seconds, channels = await run(
                sandbox, watcher, count, args.system, args.steps, guilds, args.think
            )
            stored += count
            first = [a - s for log in logs for s, a in zip(log.sent, log.answered, strict=False)]
            pictures = [w for log in logs for w in to_pictures(log)]
            orders = [wait for number, wait in pictures if number > 0]
            commands = sum(len(log.sent) for log in logs)
            failed = [log.failure for log in logs if log.failure]
            memory = [bot_memory(child.pid) for child, _ in bots]
            bot_mib, workers_mib = sum(m[0] for m in memory), sum(m[1] for m in memory)
            bot_cpu = busy(processes) - cpu
            mine = psutil.Process().cpu_times()
            sandbox_cpu = mine.user + mine.system - own.user - own.system
            now = await costs([port for _, port in bots])
            print(f"\n{count} channels: {commands} commands in {seconds:.1f} s")
            print(f"  to first response  {percentiles(first)}")
            print(f"  to posted map      {percentiles([wait for _, wait in pictures])}")
            print(f"    orders only      {percentiles(orders)}")
            refused = Counter(
                refused_route(refusal) for refusal in sandbox.rate_limits.refusals[refused_before:]
            )
            print(
                f"  commands/s {commands / seconds:6.1f}   429s {refused.total()}"
                + "".join(f" ({n} {route})" for route, n in refused.most_common(3))
                + f"   failed channels {len(failed)}"
            )
            print(
                f"  bot RSS {bot_mib:.0f} MiB (render workers {workers_mib:.0f} MiB), "
                f"{stored} games stored, {count} active in this run"
            )
            counted = sandbox.rate_limits.global_requests - global_before
            print(
                f"  {counted / commands:.2f} requests a command under the global 50/s "
                f"(interaction callbacks and follow-ups are not)"
            )
            print(
                f"  CPU busy: bot {bot_cpu / seconds:.0%} of a core, sandbox and players "
                f"{sandbox_cpu / seconds:.0%}"
            )
            print(
                f"  bot CPU {bot_cpu / commands * 1000:.1f} ms a command (event loop), "
                f"handled {per_unit(now, measured, 'laager_command_seconds')}"
            )
            print(
                f"  pictures {per_unit(now, measured, 'laager_render_seconds')}, "
                f"SQL statements {per_unit(now, measured, 'laager_database_seconds')}, "
                f"{sql_per_command(now, measured, commands)}"
            )
            for failure in failed[:3]:
                print(f"    {failure}")
            await noop(sandbox, bots, processes, channels, args.steps, bot_cpu / commands)
        if sandbox.violations:
            print(f"\nAPI violations: {len(sandbox.violations)}; first: {sandbox.violations[0]}")
    finally:
        for child, _ in bots:
            child.terminate()
        for child, _ in bots:
            try:
                await asyncio.wait_for(child.wait(), 20)
            except TimeoutError:
                child.kill()
                await child.wait()
        await sandbox.stop()


async def noop(
    sandbox: DiscordSandbox,
    bots: list[tuple[asyncio.subprocess.Process, int]],
    processes: list[psutil.Process],
    channels: list[int],
    steps: int,
    order_cpu: float,
) -> None:
    """The no-op's costs in the same channels, and an order's CPU as a multiple of them."""
    measured, cpu = await costs([port for _, port in bots]), busy(processes)
    commands, seconds = await ask_help(sandbox, channels, steps)
    helped = busy(processes) - cpu
    now = await costs([port for _, port in bots])
    print(
        f"  no-op /game help: {commands} in {seconds:.1f} s, bot CPU "
        f"{helped / commands * 1000:.1f} ms a command, {sql_per_command(now, measured, commands)}"
        f"; a command of the run costs {order_cpu / (helped / commands):.1f} times its CPU"
    )


def sql_per_command(now: dict[str, float], before: dict[str, float], commands: int) -> str:
    def grown(name: str) -> float:
        return now.get(name, 0) - before.get(name, 0)

    statements = grown("laager_database_seconds_count") / commands
    commits = grown("laager_database_commits_total") / commands
    return f"{statements:.2f} statements and {commits:.2f} commits a command"


def busy(processes: list[psutil.Process]) -> float:
    """CPU seconds the bot's processes (not their render workers) have used so far."""
    return sum(t.user + t.system for t in (p.cpu_times() for p in processes))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--channels", type=int, nargs="+", default=[10, 100])
    parser.add_argument("--steps", type=int, default=6, help="presses per channel after /game new")
    parser.add_argument("--system", choices=sorted(NEW_GAME), default="last-stand")
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean seconds a player takes to read a post before pressing (exponential; "
        "0: at once, which saturates the bot)",
    )
    parser.add_argument(
        "--bot-root", type=Path, default=ROOT, help="the checkout the bot runs from"
    )
    parser.add_argument(
        "--postgres",
        nargs="?",
        const=THROWAWAY,
        help="a PostgreSQL URL (postgresql+asyncpg://...); alone, a throwaway server's",
    )
    parser.add_argument(
        "--processes", type=int, default=1, help="bot processes, one shard each (PostgreSQL)"
    )
    parser.add_argument(
        "--hog", type=int, default=0, help="busy-looping processes beside the bot (a shared host)"
    )
    args = parser.parse_args()
    if not 1 <= args.processes <= 16:
        parser.error("--processes takes 1 to 16")
    hogging = hogs(args.hog)
    try:
        measure(args)
    finally:
        for hog in hogging:
            hog.kill()
            hog.wait()


def measure(args: argparse.Namespace) -> None:
    if args.postgres and args.postgres != THROWAWAY:
        asyncio.run(bench(args, args.postgres))
    elif args.postgres or args.processes > 1:  # SQLite serves one process
        with throwaway_server() as server:
            url = asyncio.run(server.fresh_database("laager_load"))
            asyncio.run(bench(args, url))
    else:
        with tempfile.TemporaryDirectory(prefix="laager-load-") as scratch:
            asyncio.run(bench(args, f"sqlite+aiosqlite:///{Path(scratch) / 'load.sqlite3'}"))


if __name__ == "__main__":
    main()
