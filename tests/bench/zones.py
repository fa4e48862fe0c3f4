"""Zone game benchmarks: drawing and encoding the map of each battle, the PNG settings, the
solitaire Zulu turn (goal: under 20 ms) and a whole bot-against-bot game of each battle
(goal: under 1 s).

Run: ``.venv/bin/python -m tests.bench.zones [--renders N] [--games N]``.
Pictures are the samples the renderer's tests use (British at set-up, Zulu stacks closing
in, marks and last moves), by day and by night, public and the Zulu player's own. Times are
CPU time of this process on one core; figures from one run are comparable with each other,
not across machines.
"""

from __future__ import annotations

import argparse
import io
import statistics
import time
from collections.abc import Callable
from typing import Any

from PIL import Image

from games.core.dice import Dice, derived_seed
from games.core.engine import JSON, View, Viewer
from games.zones.state import ZULU
from games.zones.system import SYSTEM
from renderers.png import PALETTE_LEVEL, encode_indexed
from renderers.zones import colours, draw, render
from tests.zones.pictures import sample

BATTLES = ("rorkes-drift", "isandlwana")
OCTREE = Image.Quantize.FASTOCTREE


def pictures(battle: str) -> list[dict[str, Any]]:
    return [sample(battle, zulu_view=z, night=n) for z in (False, True) for n in (False, True)]


def timed(job: Callable[[], object], runs: int) -> list[float]:
    samples = []
    for _ in range(runs):
        start = time.process_time()
        job()
        samples.append(time.process_time() - start)
    return samples


def figures(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(samples) * 1000:6.2f} ms, p95 {p95 * 1000:6.2f} ms"


def bench_battle(battle: str, renders: int) -> None:
    views = [View(Viewer.public(), "map", [], p) for p in pictures(battle)]
    for view in views:
        render(view, {})
    turn = iter(range(10**9))
    whole = timed(lambda: render(views[next(turn) % len(views)], {}), renders)
    drawn = timed(lambda: draw(views[next(turn) % len(views)].picture), renders)
    sizes = [len(render(view, {})) for view in views]
    width, height = draw(views[0].picture).size
    print(f"{battle} ({width}x{height}):")
    print(f"  draw + encode  {figures(whole)}  (n={renders})")
    print(f"  draw only      {figures(drawn)}")
    print(f"  PNG size       {min(sizes) / 1024:.1f}-{max(sizes) / 1024:.1f} KB")


def bench_encoders(battle: str, runs: int) -> None:
    """The encoder settings tried, on one picture: time to turn it into PNG bytes, and size.

    The RGB rows start from the drawn picture as RGB (what drawing without a palette gives);
    the last rows are what the renderer does, the picture already drawn on its palette.
    """
    picture = sample(battle)
    drawn = draw(picture)
    rgb = drawn.convert("RGB")
    fixed = colours(battle, False)

    def saved(to_save: Callable[[], Image.Image], level: int) -> Callable[[], bytes]:
        def job() -> bytes:
            buffer = io.BytesIO()
            to_save().save(buffer, "PNG", compress_level=level)
            return buffer.getvalue()

        return job

    choices: list[tuple[str, Callable[[], bytes]]] = []
    for level in (1, 3, 6):
        choices += [
            (f"RGB, zlib {level}", saved(lambda: rgb, level)),
            (f"octree palette per picture, zlib {level}",
             saved(lambda: rgb.quantize(256, method=OCTREE), level)),
            (f"RGB mapped to fixed palette, zlib {level}", saved(lambda: fixed.map(rgb), level)),
            (f"drawn on the palette, zlib {level}", saved(lambda: drawn, level)),
        ]  # fmt: skip
    print(f"encoder settings on one {battle} picture (encode only):")
    for name, job in choices:
        print(f"  {name:<40} {figures(timed(job, runs))}  {len(job()) / 1024:6.1f} KB")
    print(f"  in use (zlib {PALETTE_LEVEL}): {len(encode_indexed(drawn)) / 1024:.1f} KB")


def play(battle: str, seed: str, options: JSON) -> list[JSON]:
    """Every position of one game played to its end by the built-in policy for both sides."""
    dice = Dice(derived_seed(seed))
    state = SYSTEM.new(battle, options, dice).state
    seen = [state]
    while not SYSTEM.result(state):
        [side] = SYSTEM.to_act(state)
        state = SYSTEM.apply(state, side, SYSTEM.bot_action(state, side, dice), dice).state
        seen.append(state)
    return seen


def bench_solitaire(battle: str, games: int) -> None:
    """The Zulus' part of each turn of a solitaire game (rule 18.0): every ``solo`` order of
    one turn (one for each Zulu phase), timed together, over every turn of several games."""
    turns: dict[tuple[int, int], list[JSON]] = {}
    for n in range(games):
        for state in play(battle, f"solitaire {battle} {n}", {"solitaire": True}):
            if SYSTEM.to_act(state) == (ZULU,):
                turns.setdefault((n, state["turn"]), []).append(state)
    dice = Dice(derived_seed(f"solitaire turns {battle}"))
    solo = {"type": "solo"}
    each = iter(list(turns.values()) * 2)

    def one_turn() -> None:
        for state in next(each):
            SYSTEM.apply(state, ZULU, solo, dice)

    samples = timed(one_turn, len(turns))
    print(f"  solitaire Zulu turn  {figures(samples)}  (n={len(turns)}, goal under 20 ms)")


def bench_games(battle: str, games: int) -> None:
    seeds = iter(range(10**9))
    samples = timed(lambda: play(battle, f"bots {battle} {next(seeds)}", {}), games)
    print(f"  bot-against-bot game {figures(samples)}  (n={games}, goal under 1 s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--renders", type=int, default=200)
    parser.add_argument("--encoder-runs", type=int, default=30)
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    for battle in BATTLES:
        bench_battle(battle, args.renders)
        bench_solitaire(battle, max(1, args.games // 5))
        bench_games(battle, args.games)
    bench_encoders(BATTLES[0], args.encoder_runs)


if __name__ == "__main__":
    main()
