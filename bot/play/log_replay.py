"""A game's stored log as the engine's replay steps.

Apart from the service, so what replays a log without storing anything (the recap, built in
the render workers) imports none of the database.
"""

from __future__ import annotations

from bot.storage.records import EventRecord
from games.core.dice import Roll
from games.core.replay import Step

STEP_KINDS = ("create", "action", "bot", "undo")
"""Log entries that replay folds; an ``undo`` takes back the orders its action lists."""


def replay_steps(events: list[EventRecord]) -> list[Step]:
    """The log as replay steps; a contribution logged between steps (a join, ``/game entropy``)
    travels with the next step, since no die is drawn in between."""
    steps: list[Step] = []
    pending: list[str] = []
    for e in events:
        pending += e.contributions
        if e.kind not in STEP_KINDS:
            continue
        steps.append(
            Step(
                None if e.kind == "create" else e.side,
                e.action,
                [Roll.from_json(r) for r in e.dice],
                by_bot=e.kind == "bot",
                contributions=tuple(pending),
                undoes=len(e.action.get("undoes", ())) if e.kind == "undo" else 0,
            )
        )
        pending = []
    return steps
