"""A stronger defence for Zulus on the Ramparts!, for measuring what the game allows.

One-ply look-ahead: at each Action step with a real choice, the built-in policy's few
best-rated orders are each tried in a handful of games played to the end under the built-in
policy, and the order with the highest mean Victory Points is given. Every trial starts
from ``hidden.sample`` with the British player's own hand, so the unseen Draw Pile is
reshuffled and the trials cannot peek at the game's real cards or dice; their seeds come
from what the British player sees. Kept apart from ``policy`` because stored games replay
by asking the built-in policy again.
"""

from __future__ import annotations

from games.core.dice import Dice, derived_seed
from games.core.engine import Viewer
from games.ramparts import policy, views
from games.ramparts.actions import Action, legal, perform
from games.ramparts.hidden import sample
from games.ramparts.odds import view_seed
from games.ramparts.phases import run
from games.ramparts.state import SIDE, Ctx, State
from games.ramparts.victory import score

CANDIDATES = 5
"""How many of the built-in policy's best-rated orders are tried."""
TRIALS = 8
"""Games played out per order tried; the same seeds for every order, so they compare fairly."""


def choose(s: State, dice: Dice) -> Action:
    """The order to give; ``dice`` is the game's and is never drawn from here."""
    options = legal(s)
    if s["step"] != "action" or len(options) < 2:
        return policy.choose(s, options)
    first = policy.choose(s, options)
    near = policy.danger(s)
    rated = sorted(
        (a for a in options if a != first),
        key=lambda a: -policy.action_value(s, a, near),
    )
    tried = [first, *rated[: CANDIDATES - 1]]
    base = view_seed(views.view(s, Viewer.of_side(SIDE)))
    return max(tried, key=lambda a: mean_vp(s, a, base))


def mean_vp(s: State, action: Action, base: str) -> float:
    total = 0
    for trial in range(TRIALS):
        dice = Dice(derived_seed(base, trial))
        ctx = Ctx(sample(s, True, dice), dice)
        run(ctx, perform(ctx, action))
        total += score(policy.play_out(ctx.s, dice))
    return total / TRIALS
