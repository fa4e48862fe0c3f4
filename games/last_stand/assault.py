"""The strong Zulus: the solitaire Zulus of 9.2, who strike first where the defence is
weakest.

9.2 attacks every British unit beside the Zulus once, strongest first, before any is
attacked twice. These Zulus instead make each attack where it hits most often: on the unit
whose hex defends worst (its terrain, a leader present, a square, the Colours: 8.3.2), the
strongest such unit first, from the Zulu with the fewest other targets. Everything else is
9.2's. Measured with ``tests.bench.balance`` over the same 200 seeds: against the strong
British they won 122 games to the solitaire Zulus' 101 (of the games only one of them won,
61.5%), and against the built-in British 194 to 191. Two more ideas were measured and left
out: filling every open hex beside a lone leader before 9.2 moves (106 with these attacks,
111 without them), and giving each hit on a stack to its weakest unit (no gain).
"""

from __future__ import annotations

from games.core.dice import Dice
from games.last_stand import ai, combat
from games.last_stand.state import JSON, phase_kind

WEAKEST_FIRST = 2
"""The bot revision from which the strong Zulus attack where the defence is weakest."""


def zulu_action(state: JSON, dice: Dice) -> JSON:
    if phase_kind(state) == "zulu_attack" and not state["pending"]:
        if state["bot"] >= WEAKEST_FIRST:
            return weakest_first(state)
    return ai.zulu_action(state, dice)


def weakest_first(state: JSON) -> JSON:
    """The attack with the best hit number, on the strongest unit among equals."""
    options = combat.zulu_attackers(state)
    if not options:
        return {"type": "end"}

    def key(origin: str, unit: str) -> tuple[int, int, int, str, str]:
        defence, _ = combat.zulu_defence(state, unit)
        strength = state["british"][unit]["strength"]
        return (defence, -strength, len(set(options[origin])), origin, unit)

    origin, unit = min(
        ((origin, unit) for origin, units in options.items() for unit in set(units)),
        key=lambda pair: key(*pair),
    )
    return {"type": "attack", "from": origin, "target": unit}
