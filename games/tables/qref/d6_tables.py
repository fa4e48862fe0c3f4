"""Reading the quick reference's 1d6 result tables, shared by rally, pre-melee and Zulu morale."""

from typing import Any

from ..result import Result, Trace
from ..schema.qref import D6Result

OUTCOMES = "qref_outcomes"


class QuickResult(Result):
    """A quick-reference result: what the unit does and any distance still to roll."""

    outcome_id: str
    move: str | None
    meaning: str


def read_d6(
    trace: Trace,
    file_id: str,
    path: tuple[str, ...],
    d6: int,
    *,
    purpose: str,
    rule: str,
    inputs: dict[str, Any],
) -> QuickResult:
    """The line of a 1d6 table at ``file_id.path`` that holds ``d6``."""
    roll = trace.die("d6", d6, purpose)
    lines: list[D6Result] = trace.get(file_id, *path)
    index, line = next((i, r) for i, r in enumerate(lines) if r.low <= d6 <= r.high)
    trace.get(file_id, *path, index)
    meaning = trace.get(OUTCOMES, "outcomes", line.outcome).text
    scores = f"{line.low}" if line.low == line.high else f"{line.low}-{line.high}"
    source = "" if line.source == "rules" else f" [{line.source}]"
    move = f' {line.move}"' if line.move else ""
    return trace.result(
        QuickResult,
        rule=rule,
        inputs=inputs,
        cell=f"{scores}: {line.outcome.replace('_', ' ')}{move}{source}",
        dice=(roll,),
        outcome=f"{line.outcome.replace('_', ' ')}{move}",
        outcome_id=line.outcome,
        move=line.move,
        meaning=meaning,
    )
