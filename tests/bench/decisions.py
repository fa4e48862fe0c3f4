"""How long the strong bot takes to decide: each order of whole games played by the strong bot
on every side it plays, timed on one core (``time.process_time``).

Run: ``.venv/bin/python -m tests.bench.decisions [--games N]``. Prints, per system and
side, the orders timed and their median, 99th percentile and slowest, against the goal of
one second a decision.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict

from games.core.dice import Dice, derived_seed
from games.core.engine import JSON, GameSystem
from games.core.levels import STRONG, at_level
from games.core.odds import STEP_LIMIT
from games.last_stand.system import SYSTEM as LAST_STAND
from games.ramparts.system import SYSTEM as RAMPARTS
from games.zones.system import SYSTEM as ZONES

GAMES = [
    (LAST_STAND, "historical"),
    (RAMPARTS, "standard"),
    (ZONES, "rorkes-drift"),
    (ZONES, "isandlwana"),
]
GOAL = 1.0


def timed_game(system: GameSystem, scenario: str, game: int) -> dict[str, list[float]]:
    """One game of the strong bot against itself; each side's decision times in seconds."""
    dice = Dice(derived_seed(f"decisions/{scenario}", game))
    mode = system.modes["bots"]
    options = {**mode.options, **mode.level_options.get(STRONG, {})}
    state: JSON = at_level(system.new(scenario, options, dice).state, STRONG)
    times: dict[str, list[float]] = defaultdict(list)
    for _ in range(STEP_LIMIT):
        waiting = system.to_act(state)
        if system.result(state) or not waiting:
            break
        side = waiting[0]
        began = time.process_time()
        action = system.bot_action(state, side, dice)
        times[side].append(time.process_time() - began)
        state = system.apply(state, side, action, dice).state
        dice.take_rolls()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=5)
    args = parser.parse_args()
    for system, scenario in GAMES:
        found: dict[str, list[float]] = defaultdict(list)
        for game in range(args.games):
            for side, times in timed_game(system, scenario, game).items():
                found[side] += times
        for side, times in sorted(found.items()):
            times.sort()
            p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
            print(
                f"{system.id} {scenario} {side}: {len(times)} orders, median "
                f"{statistics.median(times) * 1000:.2f} ms, p99 {p99 * 1000:.1f} ms, slowest "
                f"{times[-1] * 1000:.1f} ms (goal {GOAL * 1000:.0f} ms)",
                flush=True,
            )


if __name__ == "__main__":
    main()
