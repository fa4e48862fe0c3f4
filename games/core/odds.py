"""Monte Carlo odds of each outcome from a position, for any system with a bot for every side.

Both sides are played by the strong bot (``games.core.levels``), so the odds are those of
two good players rather than of the rules' solitaire opponent. Each run starts from
``sample_hidden`` for the asker's viewer, so a value hidden from the
asker is drawn afresh in every run and cannot sway the estimate; the runs are seeded from
the asker's view alone (never the game's secret seed), so the same view always gives the
same answer. Runs are split into chunks that a process pool plays on every core.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections import Counter
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass

from games.core.dice import Dice, derived_seed
from games.core.engine import JSON, GameSystem, Viewer
from games.core.errors import LaagerError
from games.core.levels import STRONG, at_level

Z95 = 1.96
STEP_LIMIT = 20_000
"""Orders one simulated game may take; a game still going after them counts as unfinished."""
UNFINISHED = "Unfinished"
DRAW = "Draw"


class NoPolicy(LaagerError):
    """The system has no bot to play some side, so its games cannot be simulated."""


def policy_sides(system: GameSystem) -> set[str]:
    """The sides some mode of ``system`` lets the bot play: those with a built-in policy."""
    sides: set[str] = set()
    for mode in system.modes.values():
        chosen = mode.bot_sides
        if chosen == "all":
            sides.update(system.sides)
        elif chosen == "others":
            sides.update(system.sides[1:])
        else:
            sides.update(chosen)
    return sides


def check_policy(system: GameSystem) -> None:
    """Refuse, in words, a system that cannot play every side by itself."""
    missing = [side for side in system.sides if side not in policy_sides(system)]
    if missing:
        raise NoPolicy(
            f"{system.title} has no bot that can play {', '.join(missing)}, so its games "
            "cannot be played out to estimate the odds."
        )


def wilson(hits: int, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a share: sound near 0% and 100%, unlike p ± 1.96σ."""
    if not games:
        return 0.0, 1.0
    p = hits / games
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = Z95 * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Estimate:
    """How many simulated games ended each way; ``listed`` names outcomes to show in a fixed
    order even when no game ended so (a system's full scale, such as Victory Levels)."""

    games: int
    outcomes: dict[str, int]
    listed: tuple[str, ...] = ()

    def share(self, outcome: str) -> float:
        return self.outcomes.get(outcome, 0) / self.games if self.games else 0.0

    def interval(self, outcome: str) -> tuple[float, float]:
        return wilson(self.outcomes.get(outcome, 0), self.games)

    @property
    def margin(self) -> float:
        """The widest 95% margin among the outcomes shown: the larger side of each interval."""
        return max(
            (
                max(self.share(name) - low, high - self.share(name))
                for name in self._shown()
                for low, high in [self.interval(name)]
            ),
            default=1.0,
        )

    def _shown(self) -> list[str]:
        others = sorted(
            (name for name in self.outcomes if name not in self.listed),
            key=lambda name: (-self.outcomes[name], name),
        )
        return [*self.listed, *others]

    def lines(self) -> list[str]:
        """Each outcome listed or seen (listed first, then most likely first), with its
        share and 95% interval."""
        return [
            f"{name}: {self.share(name) * 100:.1f}% (95%: {low * 100:.1f}–{high * 100:.1f}%)"
            for name in self._shown()
            for low, high in [self.interval(name)]
        ]


def view_seed(system: GameSystem, state: JSON, viewer: Viewer) -> str:
    """A seed for the runs made from what one viewer sees of ``state``, and nothing else."""
    view = system.view(state, viewer)
    seen = [system.id, view.title, view.lines, view.picture]
    return hashlib.sha256(json.dumps(seen, sort_keys=True, default=str).encode()).hexdigest()


def outcome_name(system: GameSystem, state: JSON) -> str:
    result = system.result(state)
    if result is None:
        return UNFINISHED
    return f"Won by {result.winner}" if result.winner else DRAW


def play_out(system: GameSystem, state: JSON, dice: Dice) -> str:
    """Play ``state`` to its end under the bot of every side; name how it ended."""
    for _ in range(STEP_LIMIT):
        if system.result(state):
            break
        waiting = system.to_act(state)
        if not waiting:
            break
        side = waiting[0]
        state = system.apply(state, side, system.bot_action(state, side, dice), dice).state
        dice.take_rolls()
    return outcome_name(system, state)


def run_chunk(
    system: GameSystem, state: JSON, viewer: Viewer, base: str, first: int, count: int
) -> dict[str, int]:
    """Runs ``first`` to ``first + count``, each from its own sampled position and dice,
    with every side played by the strong bot, whatever level the game itself has."""
    found: Counter[str] = Counter()
    for run in range(first, first + count):
        dice = Dice(derived_seed(base, run))
        sampled = at_level(system.sample_hidden(state, viewer, dice), STRONG)
        found[play_out(system, sampled, dice)] += 1
    return dict(found)


def chunks(games: int, size: int) -> list[tuple[int, int]]:
    return [(first, min(size, games - first)) for first in range(0, games, size)]


def estimate(
    system: GameSystem,
    state: JSON,
    viewer: Viewer,
    games: int,
    pool: Executor,
    progress: Callable[[int], None] | None = None,
    stop: Callable[[], bool] | None = None,
    chunk: int = 5,
) -> Estimate | None:
    """Simulate ``games`` games on ``pool``; ``None`` if ``stop`` said so before the end.

    Blocks, so callers on an event loop run it in a thread.
    """
    check_policy(system)
    base = view_seed(system, state, viewer)
    pending: set[Future] = {
        pool.submit(run_chunk, system, state, viewer, base, first, count)
        for first, count in chunks(games, chunk)
    }
    found: Counter[str] = Counter()
    done_games = 0
    while pending:
        if stop and stop():
            for future in pending:
                future.cancel()
            return None
        done, pending = wait(pending, timeout=0.25, return_when=FIRST_COMPLETED)
        for future in done:
            part = future.result()
            found.update(part)
            done_games += sum(part.values())
        if done and progress:
            progress(done_games)
    return Estimate(games, dict(found))
