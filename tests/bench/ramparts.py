"""Zulus on the Ramparts! benchmarks: whole games under the built-in policy, and the turn image.

Run: ``.venv/bin/python -m tests.bench.ramparts [--games N] [--renders N]``.
Games run on one core through the engine's own loop (the path ``/ramparts odds``
uses): set-up, every turn, every order, to a Victory Level. Prints medians;
figures from one run are comparable with each other, not across machines.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from games.core.dice import Dice, derived_seed
from games.core.engine import Viewer
from games.ramparts.phases import run
from games.ramparts.policy import play_out
from games.ramparts.state import Ctx
from games.ramparts.system import SYSTEM, new_state
from renderers.tracks import render_tracks


def full_games(games: int, first: int = 0) -> tuple[float, Counter[str], float]:
    """Games per CPU second, the Victory Levels reached and the mean number of turns.

    CPU time of this process, not wall time, so other work on the machine does not count.
    """
    levels: Counter[str] = Counter()
    turns = 0
    start = time.process_time()
    for n in range(first, first + games):
        dice = Dice(derived_seed("bench", n))
        s = new_state({}, dice)
        run(Ctx(s, dice), "turn")
        play_out(s, dice)
        levels[s["over"]["level"].split(" (")[0]] += 1
        turns += s["turn"]
    elapsed = time.process_time() - start
    return games / elapsed, levels, turns / games


def render_samples(renders: int) -> list[float]:
    """Render the turn image of positions taken from played games."""
    views = []
    for n in range(10):
        dice = Dice(derived_seed("render", n))
        state = SYSTEM.new("standard", {}, dice).state
        for _ in range(n * 6):
            if state["over"]:
                break
            state = SYSTEM.apply(
                state, "british", SYSTEM.bot_action(state, "british", dice), dice
            ).state
        views.append(SYSTEM.view(state, Viewer.public()))
    samples = []
    for i in range(renders):
        start = time.process_time()
        render_tracks(views[i % len(views)])
        samples.append(time.process_time() - start)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=500, help="games in each run")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--renders", type=int, default=200)
    args = parser.parse_args()
    rates, levels, turns = [], Counter(), 0.0
    for run_number in range(args.runs):
        rate, found, mean_turns = full_games(args.games, run_number * args.games)
        rates.append(rate)
        levels += found
        turns += mean_turns / args.runs
    total = args.games * args.runs
    print(f"full games under the built-in policy: median {statistics.median(rates):6.1f}, "
          f"best {max(rates):6.1f} games per CPU second on one core "
          f"({args.runs} runs of {args.games}; mean {turns:.1f} turns)")  # fmt: skip
    for level, count in levels.most_common():
        print(f"  {level:<16} {100 * count / total:5.1f}%")
    samples = render_samples(args.renders)
    print(f"turn image render: median {statistics.median(samples) * 1000:6.2f} ms "
          f"(n={len(samples)})")  # fmt: skip


if __name__ == "__main__":
    main()
