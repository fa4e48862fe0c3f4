"""Folding a game's log from its seed and the players' contributions: the proof that the
stored state is honest."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games.core.dice import Dice, Roll
from games.core.engine import JSON, GameSystem
from games.core.forks import set_up


@dataclass(frozen=True)
class Step:
    """One logged step: the set-up (``side`` None) or a side's order, with its dice.

    ``by_bot`` marks an order the bot chose; replay asks the bot again and checks
    it gives the same order, so the bot's own dice are verified too.
    ``contributions`` are the players' contributions logged since the previous step
    (the step's own included); they are mixed into the dice before this step rolls.
    ``undoes`` (non-zero for an undo) takes back that many of the latest steps still standing:
    the position returns to what it was before them, but the dice stay where they are, so
    the ``cursor`` the undo logged in its action must be the one the dice have reached.
    """

    side: str | None
    action: JSON
    rolls: list[Roll]
    by_bot: bool = False
    contributions: tuple[str, ...] = ()
    undoes: int = 0


@dataclass(frozen=True)
class ReplayReport:
    state: JSON
    steps: int
    rolls: int
    problem: str | None
    contributions: int = 0
    """How many player contributions were mixed into the dice."""

    @property
    def ok(self) -> bool:
        return self.problem is None


def replay(
    system: GameSystem,
    seed: str,
    steps: list[Step],
    watch: Callable[[JSON], None] | None = None,
) -> ReplayReport:
    """Rebuild the game step by step, checking each step rolled what the log says.

    ``watch``, if given, sees the position after each step (an audit reads the log by it).
    """
    if not steps or steps[0].side is not None:
        return ReplayReport({}, 0, 0, "The log does not start with the game's set-up.")
    dice = Dice(seed)
    state: JSON = {}
    standing: list[JSON] = []  # the position before each order still standing
    checked = mixed = 0
    for number, step in enumerate(steps):
        for contribution in step.contributions:
            dice.mix(contribution)
        mixed += len(step.contributions)
        if step.undoes:
            problem = _undo_problem(step, len(standing), dice.cursor)
            if problem:
                return ReplayReport(state, number, checked, f"Step {number}: {problem}", mixed)
            state = standing[-step.undoes]
            del standing[-step.undoes :]
            if watch:
                watch(state)
            continue
        if step.side is None:
            outcome = set_up(system, step.action, dice)
        else:
            if step.by_bot and system.bot_action(state, step.side, dice) != step.action:
                return ReplayReport(
                    state,
                    number,
                    checked,
                    f"Step {number}: the bot would now order otherwise.",
                    mixed,
                )
            standing.append(state)
            outcome = system.apply(state, step.side, step.action, dice)
        state = outcome.state
        if watch:
            watch(state)
        rolled = dice.take_rolls()
        if rolled != step.rolls:
            return ReplayReport(
                state,
                number,
                checked,
                f"Step {number} rolled {_show(rolled)} on replay, "
                f"but the log says {_show(step.rolls)}.",
                mixed,
            )
        checked += len(rolled)
    return ReplayReport(state, len(steps), checked, None, mixed)


def _undo_problem(step: Step, standing: int, cursor: int) -> str | None:
    """Why an undo step cannot be what the log says, if it cannot: it rolls nothing, takes
    back only orders that stand, and leaves the dice where they are (they never rewind)."""
    if step.rolls:
        return "an undo rolled dice, which it never does."
    if step.undoes > standing:
        return f"the undo takes back {step.undoes} orders, but only {standing} stand."
    logged = step.action.get("cursor")
    if logged != cursor:
        return (
            f"the undo says the dice stood at position {logged}, but on replay they stand at "
            f"{cursor}; the dice never rewind."
        )
    return None


def _show(rolls: list[Roll]) -> str:
    return ", ".join(f"{r.die}={r.value} ({r.purpose})" for r in rolls) or "no dice"
