"""``/game odds`` throughput: Last Stand games played out per second on every core against
one core, in the same run and through the same path the command takes.

Run: ``.venv/bin/python -m tests.bench.odds [--games N]``.
Wall time, since the games are played in worker processes; each pool is started and warmed
before it is timed, as the bot keeps its pool between estimates. Figures from one run
compare with each other only; other work on the machine lowers the many-core figure most.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import time
from concurrent.futures import ProcessPoolExecutor

from games.core.dice import Dice, derived_seed
from games.core.engine import JSON, Viewer
from games.core.odds import Estimate, estimate
from games.last_stand.system import SYSTEM


def opening() -> JSON:
    return SYSTEM.new("historical", {}, Dice(derived_seed("bench", 0))).state


def games_per_second(workers: int, games: int, state: JSON) -> tuple[float, Estimate]:
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        estimate(SYSTEM, state, Viewer.public(), workers, pool, chunk=1)
        start = time.perf_counter()
        found = estimate(SYSTEM, state, Viewer.public(), games, pool)
        elapsed = time.perf_counter() - start
    assert found is not None
    return games / elapsed, found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=60)
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    state = opening()
    one, alone = games_per_second(1, args.games, state)
    many, spread = games_per_second(cores, args.games, state)
    print(f"Last Stand from the opening, {args.games} games each, public view")
    print(f"one core:          {one:7.2f} games/s")
    print(f"all {cores} cores:       {many:7.2f} games/s   ({many / one:.2f}x)")
    print("same outcomes on both: " + ("yes" if alone.outcomes == spread.outcomes else "NO"))
    for line in spread.lines():
        print(f"  {line}")


if __name__ == "__main__":
    main()
