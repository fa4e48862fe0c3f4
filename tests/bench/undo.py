"""What an undo costs at the end of a whole game: rebuilding the position before the last order
means replaying the log from the seed, and the hidden-information test plays the order again
on redrawn positions.

Run: ``.venv/bin/python -m tests.bench.undo [--rounds N]``. Prints medians per system, for a
whole bot-against-bot game (the longest log a game of that system reaches).
"""

from __future__ import annotations

import argparse
import statistics
import time

from bot.play.engine_work import bot_turns
from bot.systems.installed import pairings
from games.core.dice import Dice, Roll, derived_seed
from games.core.engine import GameSystem, Viewer
from games.core.replay import Step, replay
from games.core.undo import Given, reveals


def whole_game(system: GameSystem, seed: str) -> list[Step]:
    """A bot-against-bot game of ``system`` as replay steps."""
    dice = Dice(seed)
    scenario = next(iter(system.scenarios))
    outcome = system.new(scenario, {}, dice)
    steps = [Step(None, {"scenario": scenario, "options": {}}, dice.take_rolls())]
    _, events = bot_turns(system, outcome.state, set(system.sides), dice)
    steps += [
        Step(e.side, dict(e.action), [Roll.from_json(dict(r)) for r in e.dice], by_bot=True)
        for e in events
    ]
    return steps


def median_ms(rounds: int, work: object) -> float:
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        work()  # type: ignore[operator]
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    for pairing in pairings([]).values():
        system = pairing.system
        seed = derived_seed("bench undo", system.id)
        steps = whole_game(system, seed)
        before = replay(system, seed, steps[:-1]).state
        last = steps[-1]
        orders = [Given(str(last.side), last.action, by_bot=True)]
        viewers = [Viewer.of_side(side) for side in system.sides]
        rebuild = median_ms(rounds, lambda: replay(system, seed, steps[:-1]))  # noqa: B023
        check = median_ms(rounds, lambda: reveals(system, before, orders, viewers, seed))  # noqa: B023
        print(
            f"{system.id:<12} {len(steps):>5} steps   rebuild the position before the last "
            f"order: median {rebuild:8.1f} ms   hidden-information test: median {check:7.1f} ms"
        )


if __name__ == "__main__":
    main()
