"""Monte Carlo odds of each Victory Level from a position, under the built-in policy.

The simulation must not know what the player cannot: each run reshuffles the
Draw Pile with its own dice (the real order is hidden), and draws chits from
the cup at random as the game does. Runs are seeded from the position with the
pile's order left out, so the same position always gives the same estimate and
the hidden order cannot sway it.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from games.core.dice import Dice, derived_seed
from games.core.engine import position_id
from games.ramparts.deck import shuffle
from games.ramparts.policy import play_out
from games.ramparts.state import State, copy_state
from games.ramparts.victory import LEVEL_NAMES

Z95 = 1.96


@dataclass(frozen=True)
class Estimate:
    games: int
    levels: dict[str, int]

    def share(self, level: str) -> float:
        return self.levels.get(level, 0) / self.games if self.games else 0.0

    @property
    def margin(self) -> float:
        """The widest 95% margin of error among the levels, as a fraction."""
        if not self.games:
            return 1.0
        return (
            max(
                Z95 * math.sqrt(self.share(level) * (1 - self.share(level)) / self.games)
                for level in LEVEL_NAMES
            )
            or Z95 * math.sqrt(0.25 / self.games) / 2
        )

    def lines(self) -> list[str]:
        return [f"{level}: {self.share(level) * 100:.1f}%" for level in LEVEL_NAMES]


def one_run(state: State, run: int, base: str) -> str:
    """Play one hidden-information-safe game to its end; return its Victory Level name."""
    dice = Dice(derived_seed(base, run))
    s = copy_state(state)
    s["deck"] = _reshuffled(s, dice)
    play_out(s, dice)
    return s["over"]["level"].split(" (")[0]


def _reshuffled(s: State, dice: Dice) -> list[int]:
    """A fresh order for the unseen Draw Pile, keeping the Relief Column in the last four."""
    deck = sorted(n for n in s["deck"] if n != 1)
    mixed = shuffle(deck, dice, "odds: reshuffle the unseen Draw Pile")
    if 1 not in s["deck"]:
        return mixed
    spot = dice.roll(min(4, len(s["deck"])), "odds: where the Relief Column lies") - 1
    return [*mixed[:spot], 1, *mixed[spot:]]


def estimate(
    state: State,
    games: int,
    progress: Callable[[int], None] | None = None,
    every: int = 50,
) -> Estimate:
    base = position_id({**state, "deck": sorted(state["deck"])})
    found: Counter[str] = Counter()
    for run in range(games):
        found[one_run(state, run, base)] += 1
        if progress and (run + 1) % every == 0:
            progress(run + 1)
    return Estimate(games, dict(found))
