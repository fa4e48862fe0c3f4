"""Monte Carlo odds of each Victory Level from a position, under the strong policy.

The simulation knows only what the asker may: every run starts from a position
sampled from the asker's view (the Draw Pile reshuffled, and for anyone but the
player a hand dealt afresh), and the runs are seeded from that view alone, so
the same view always gives the same estimate and nothing hidden can sway it.
The answer is the shared engine's :class:`~games.core.odds.Estimate`, listing all six
Victory Levels with their Wilson intervals; the runs stay in this module because they
play in place, far quicker than through the generic ``apply``.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Callable

from games.core.dice import Dice, derived_seed
from games.core.engine import View
from games.core.odds import Estimate
from games.ramparts import strong
from games.ramparts.hidden import sample
from games.ramparts.policy import play_out
from games.ramparts.state import SIDE, State
from games.ramparts.victory import LEVEL_NAMES


def view_seed(view: View) -> str:
    """A seed for the runs made from what one viewer sees, and nothing else."""
    seen = json.dumps([view.lines, view.picture], sort_keys=True, default=str)
    return hashlib.sha256(seen.encode()).hexdigest()


def one_run(state: State, run: int, base: str, sees_hand: bool) -> str:
    """Play one game from a sampled position to its end; return its Victory Level name."""
    dice = Dice(derived_seed(base, run))
    s = sample(state, sees_hand, dice)
    play_out(s, dice, chooser=strong.choose)
    return s["over"]["level"].split(" (")[0]


def sees_hand(view: View) -> bool:
    """Whether the asker holds the hand (the player, or a referee): else it is dealt afresh."""
    return view.viewer.kind == "referee" or view.viewer.side == SIDE


def run_chunk(state: State, base: str, hand: bool, first: int, count: int) -> dict[str, int]:
    """Runs ``first`` to ``first + count``: how many ended at each Victory Level."""
    return dict(Counter(one_run(state, run, base, hand) for run in range(first, first + count)))


def estimate(
    state: State,
    view: View,
    games: int,
    progress: Callable[[int], None] | None = None,
    every: int = 50,
) -> Estimate:
    """Simulate ``games`` games from what ``view``'s viewer may know of ``state``."""
    hand = sees_hand(view)
    base = view_seed(view)
    found: Counter[str] = Counter()
    for run in range(games):
        found[one_run(state, run, base, hand)] += 1
        if progress and (run + 1) % every == 0:
            progress(run + 1)
    return Estimate(games, dict(found), LEVEL_NAMES)
