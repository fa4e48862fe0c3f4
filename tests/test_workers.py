"""Pictures are drawn in the render pool: a burst of renders in many channels leaves the event
loop free, and every path in the bot that draws a picture goes through the pool."""

from __future__ import annotations

import ast
import asyncio
import gc
import os
import signal
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.play import workers
from bot.play.workers import CAP, RenderPool, by_name, pool_size
from bot.posting.announce import render
from bot.systems.installed import pairings
from games.core.engine import Viewer
from games.ramparts.system import SYSTEM as RAMPARTS
from tests.picture_samples import last_stand_views, ramparts_states
from tests.pool_jobs import loaded_modules

BURST = 30
"""Renders started at once, as when many channels act at the same moment."""


async def longest_stall(burst: Callable[[], Awaitable[Any]]) -> tuple[float, float]:
    """The longest the loop went without running a ready coroutine while ``burst`` ran, and
    how long the burst took, in seconds."""
    gaps: list[float] = []
    stop = asyncio.Event()

    async def heartbeat() -> None:
        last = time.perf_counter()
        while not stop.is_set():
            await asyncio.sleep(0)
            now = time.perf_counter()
            gaps.append(now - last)
            last = now

    beat = asyncio.create_task(heartbeat())
    await asyncio.sleep(0)
    start = time.perf_counter()
    await burst()
    took = time.perf_counter() - start
    stop.set()
    await beat
    return max(gaps), took


async def many_maps() -> None:
    """Last Stand maps and Ramparts tracks of several positions, all through the bot's path."""
    found = pairings()
    ls, rp = found["last-stand"], found["ramparts"]
    views = [(ls, view) for view in last_stand_views().values()]
    views += [(rp, RAMPARTS.view(state, Viewer.public())) for state in ramparts_states().values()]
    jobs = [render(*views[n % len(views)], {"whole": n % 2 == 1}) for n in range(BURST)]
    await asyncio.gather(*jobs)


def stalled(gap: float, took: float) -> bool:
    """The loop stood still for a large part of the burst: renders ran on it."""
    return gap > took / 3


async def test_a_burst_of_renders_leaves_the_event_loop_free() -> None:
    await many_maps()  # draw the unchanging layers once, as a running bot already has
    gap, took = await longest_stall(many_maps)
    assert not stalled(gap, took), f"the loop stood still {gap * 1000:.0f} of {took * 1000:.0f} ms"


async def test_renders_on_the_event_loop_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    async def on_the_loop(job: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        return job(*args, **kwargs)

    monkeypatch.setattr(workers.POOL, "run", on_the_loop)
    await many_maps()
    gap, took = await longest_stall(many_maps)
    assert stalled(gap, took)


def test_the_pool_is_sized_to_the_machine_and_capped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("os.cpu_count", lambda: 64)
    assert pool_size() == CAP
    monkeypatch.setattr("os.cpu_count", lambda: 1)
    assert pool_size() == 1
    monkeypatch.setattr("os.cpu_count", lambda: None)
    assert RenderPool().size == 1


async def test_a_process_pool_draws_the_same_picture() -> None:
    view = last_stand_views()["turn 2"]
    pool = RenderPool(size=1, kind="process")
    try:
        drawn = await pool.run(pairings()["last-stand"].render, view, {})
    finally:
        pool.close()
    assert drawn == pairings()["last-stand"].picture(view, {})


async def test_a_worker_keeps_what_its_imports_built_out_of_the_collectors_sight() -> None:
    """A full collection in a worker walks only what was made since it started: its
    fonts and the games' tables are frozen once imported (planted: without the freeze,
    the worker's count of frozen objects is 0)."""
    pool = RenderPool(size=1, kind="process")
    try:
        frozen = await pool.run(gc.get_freeze_count)
    finally:
        pool.close()
    assert frozen > 20_000


BOT = Path(__file__).resolve().parent.parent / "bot"
PAIRING_CLASS = BOT / "posting" / "pairing.py"
"""Where a pairing calls its renderer: on behalf of the workers that call ``picture``."""


class PoolLines(set[int]):
    """The lines of a module's functions that run in the render pool, and their names."""

    jobs: set[str]


def lines_of_pool_jobs(tree: ast.Module, handed: frozenset[str] = frozenset()) -> PoolLines:
    """Lines of the module's functions handed to ``workers.draw`` (here, or by another module:
    ``handed``), and of the module's functions they call, which run in a worker too and so
    may draw. Its ``jobs`` also name the jobs it imports from where they are checked."""
    functions = {f.name: f for f in tree.body if isinstance(f, ast.FunctionDef)}
    jobs = {
        ast.unparse(call.args[0])
        for call in ast.walk(tree)
        if isinstance(call, ast.Call)
        and ast.unparse(call.func) in ("workers.draw", "draw")
        and call.args
        and ast.unparse(call.args[0]) in functions
    } | (handed & functions.keys())
    lines = PoolLines(run_in_the_pool(functions, jobs))
    lines.jobs = jobs | handed
    return lines


def run_in_the_pool(functions: dict[str, ast.FunctionDef], jobs: set[str]) -> set[int]:
    """The lines of ``jobs`` and of the module's functions they call, which run in a worker
    too (``jobs`` grows to hold them all)."""
    waiting = list(jobs)
    while waiting:
        for call in ast.walk(functions[waiting.pop()]):
            name = ast.unparse(call.func) if isinstance(call, ast.Call) else None
            if name in functions and name not in jobs:
                jobs.add(name)
                waiting.append(name)
    return {
        line
        for name in jobs
        for line in range(functions[name].lineno, (functions[name].end_lineno or 0) + 1)
    }


def renders_off_the_pool(source: str, handed: frozenset[str] = frozenset()) -> list[int]:
    """Lines that call a renderer, or a pairing's ``render`` or ``picture``, or hand one to
    anything but ``workers.draw`` (a thread of its own, say). ``handed``: the module's
    functions that other modules hand to the workers, and the jobs it imports to hand on."""
    tree = ast.parse(source)
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("renderers"):
            names |= {alias.asname or alias.name for alias in node.names}

    def draws(node: ast.expr) -> bool:
        if isinstance(node, ast.Attribute):
            if node.attr == "picture" and ast.unparse(node.value).endswith("view"):
                return False  # a view's picture is the data drawn, not a drawing
            return node.attr in ("picture", "render") or draws(node.value)
        return isinstance(node, ast.Name) and node.id in names

    found = []
    in_pool = lines_of_pool_jobs(tree, handed)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or node.lineno in in_pool:
            continue
        if ast.unparse(node.func) == "Pairing":
            continue  # pairing a system with its renderer hands the renderer on, unrun
        through_pool = ast.unparse(node.func) in ("workers.draw", "draw")
        handed = node.args[1:] if through_pool else node.args
        if through_pool and node.args and ast.unparse(node.args[0]) in in_pool.jobs:
            handed = []  # a job (checked where it lives), which may be handed what it draws with
        if draws(node.func) or any(
            draws(arg) for arg in [*handed, *(k.value for k in node.keywords)]
        ):
            found.append(node.lineno)
    return found


NONE: frozenset[str] = frozenset()


def jobs_across_modules(modules: dict[str, ast.Module]) -> dict[str, frozenset[str]]:
    """By module, its functions that any module hands to the workers, and the names it
    imports of jobs that live elsewhere."""
    jobs = handed_jobs(modules)
    found = {}
    for name, tree in modules.items():
        imported = {
            alias.asname or alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module
            for alias in node.names
            if alias.name in jobs.get(node.module, set())
        }
        found[name] = frozenset(jobs.get(name, set()) | imported)
    return found


def test_every_picture_the_bot_draws_goes_through_the_pool() -> None:
    handed = jobs_across_modules(bot_modules())
    offenders = {
        str(path.relative_to(BOT)): lines
        for path in BOT.rglob("*.py")
        if path != PAIRING_CLASS
        and (lines := renders_off_the_pool(path.read_text(), handed.get(module_name(path), NONE)))
    }
    assert offenders == {}


def test_a_render_in_a_thread_of_its_own_is_caught() -> None:
    planted = (
        "import asyncio\nfrom renderers.roster import render_roster\n"
        "async def show(rows):\n    return await asyncio.to_thread(render_roster, 't', rows)\n"
    )
    assert renders_off_the_pool(planted) == [4]
    fixed = planted.replace("asyncio.to_thread(", "workers.draw(")
    assert renders_off_the_pool(fixed) == []


async def test_a_picture_function_that_cannot_be_sent_is_drawn_in_a_thread() -> None:
    view = last_stand_views()["turn 4"]
    render_map = pairings()["last-stand"].render
    pool = RenderPool(size=1)
    try:
        drawn = await pool.run(lambda v: render_map(v, {}), view)
        assert by_name(render_map) and not by_name(lambda v: v)
        assert pool.processes_for(render_map) is not None
        assert pool.processes_for(lambda v: v) is None
    finally:
        pool.close()
    assert drawn == render_map(view, {})


async def test_a_worker_that_dies_is_replaced() -> None:
    view = last_stand_views()["turn 4"]
    render_map = pairings()["last-stand"].render
    pool = RenderPool(size=1)
    try:
        for pid in await pool.start():
            os.kill(pid, signal.SIGKILL)
        drawn = await pool.run(render_map, view, {})
    finally:
        pool.close()
    assert drawn == render_map(view, {})


def test_a_function_sent_to_the_pool_may_draw_but_its_caller_may_not() -> None:
    source = (
        "from bot import workers\nfrom renderers.recap import chart\n"
        "def build(data):\n    return chart(data)\n"
        "async def post(data):\n    await workers.draw(build, data)\n    return chart(data)\n"
    )
    assert renders_off_the_pool(source) == [7]


HEAVY = frozenset({"replay", "estimate", "play_out", "run_chunk", "one_run"})
"""Engine functions that play a game through: a replay, a simulation."""
HANDOFFS = frozenset(
    {"work_out", "workers.POOL.run", "POOL.run", "workers.draw", "draw", "simulate"}
)
"""Calls that send their first argument to the worker processes."""


def engine_work(node: ast.expr) -> bool:
    """Whether an expression names engine work: a system's ``new``, ``apply`` or
    ``bot_action``, or a function that plays a game through."""
    if isinstance(node, ast.Attribute):
        owner = ast.unparse(node.value)
        return node.attr in ("new", "apply", "bot_action") and owner.endswith("system")
    return isinstance(node, ast.Name) and node.id in HEAVY


def handed_jobs(modules: dict[str, ast.Module]) -> dict[str, set[str]]:
    """By module, the names of its functions that some module hands to the workers."""
    jobs: dict[str, set[str]] = {name: set() for name in modules}
    for name, tree in modules.items():
        imported = {
            alias.asname or alias.name: node.module
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module
            for alias in node.names
        }
        for call in ast.walk(tree):
            if isinstance(call, ast.Call) and ast.unparse(call.func) in HANDOFFS and call.args:
                first = call.args[0]
                if isinstance(first, ast.Name):
                    home = imported.get(first.id, name)
                    jobs.setdefault(home, set()).add(first.id)
    return jobs


def engine_off_the_pool(tree: ast.Module, jobs: set[str]) -> list[int]:
    """Lines that do engine work, or hand it to anything but the workers, outside the
    functions run in the workers (``jobs`` and what they call in the module)."""
    functions = {f.name: f for f in tree.body if isinstance(f, ast.FunctionDef)}
    in_pool = run_in_the_pool(functions, {job for job in jobs if job in functions})
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or node.lineno in in_pool:
            continue
        handed = node.args[1:] if ast.unparse(node.func) in HANDOFFS else node.args
        if engine_work(node.func) or any(engine_work(arg) for arg in handed):
            found.append(node.lineno)
    return found


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(BOT.parent).with_suffix("").parts)


def bot_modules() -> dict[str, ast.Module]:
    return {
        module_name(path): ast.parse(path.read_text())
        for path in BOT.rglob("*.py")
        if "sandbox" not in path.parts
    }


def test_every_engine_job_the_bot_runs_goes_through_the_pool() -> None:
    modules = bot_modules()
    jobs = handed_jobs(modules)
    assert {"begun", "placed"} <= jobs["bot.play.engine_work"], "the handoffs are seen"
    offenders = {
        name: lines
        for name, tree in modules.items()
        if (lines := engine_off_the_pool(tree, jobs.get(name, set())))
    }
    assert offenders == {}


@pytest.mark.parametrize(
    "planted",
    [
        "async def odds(state):\n    return await asyncio.to_thread(estimate, state)\n",
        "async def order(system, state):\n    return system.apply(state, 'red', {}, None)\n",
        "def check(system, seed, steps):\n    return replay(system, seed, steps)\n",
    ],
    ids=["odds-in-a-thread", "apply-on-the-loop", "replay-on-the-loop"],
)
def test_engine_work_off_the_pool_is_caught(planted: str) -> None:
    assert engine_off_the_pool(ast.parse(planted), set()) == [2]


def test_engine_work_in_a_job_handed_to_the_workers_is_not_flagged() -> None:
    source = (
        "def check(system, seed, steps):\n    return replay(system, seed, steps)\n"
        "async def verify(system, seed, steps):\n"
        "    return await work_out(check, system, seed, steps)\n"
    )
    tree = ast.parse(source)
    assert handed_jobs({"here": tree})["here"] == {"check"}
    assert engine_off_the_pool(tree, {"check"}) == []


def job_homes(modules: dict[str, ast.Module]) -> set[str]:
    """The bot's modules whose own functions are handed to the workers (a parameter passed
    on, such as an estimate's ``job``, is not a function of its module's). The games' own
    jobs (an estimate's chunk) are left out: the renderers load their systems, and what else
    an estimate imports (20 ms) is small beside the seconds it runs."""
    homes = set()
    for home, names in handed_jobs(modules).items():
        tree = modules.get(home)
        defined = {f.name for f in tree.body if isinstance(f, ast.FunctionDef)} if tree else set()
        if names & defined:
            homes.add(home)
    return homes


async def test_a_worker_loads_every_jobs_module_before_its_first_job() -> None:
    """A worker imports where every job it may be handed lives when it starts, at the bot's
    priority, not at its first order, undo, stand-in, verification or recap, at the lower one
    (on a loaded machine that took over 10 s). Planted: a job's module missing from what the
    worker loaded is named."""
    pool = RenderPool(size=1, kind="process")
    try:
        loaded = set(await pool.run(loaded_modules))
    finally:
        pool.close()
    homes = job_homes(bot_modules())
    assert {"bot.play.engine_work", "bot.posting.recap", "bot.play.undo"} <= homes
    assert homes - loaded == set()
    assert homes - (loaded - {"bot.play.undo"}) == {"bot.play.undo"}
    assert {"discord", "alembic"}.isdisjoint(loaded), "a worker loads none of Discord"
