"""Helpers for the rule tests: scripted dice, arranged positions and a direct driver."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core.dice import Dice, Roll
from games.ramparts import actions
from games.ramparts.phases import run
from games.ramparts.state import Ctx, State
from games.ramparts.system import new_state

SEED = "ab" * 32
Scripted_Value = int | Callable[[int, str], int]


class Scripted(Dice):
    """Dice that show the scripted faces first, then fall back to the seeded stream."""

    def __init__(self, *faces: Scripted_Value) -> None:
        super().__init__(SEED)
        self.script: list[Scripted_Value] = list(faces)

    def push(self, *faces: Scripted_Value) -> None:
        self.script.extend(faces)

    def roll(self, sides: int, purpose: str) -> int:
        if not self.script:
            return super().roll(sides, purpose)
        value = self.script.pop(0)
        if callable(value):
            value = value(sides, purpose)
        assert 1 <= value <= sides, (value, sides, purpose)
        self.rolls.append(Roll(purpose, f"d{sides}", value))
        return value


def chit(s: State, chit_id: str) -> Callable[[int, str], int]:
    """A scripted 'die' that draws the named chit from the cup as it is at that moment."""
    return lambda sides, purpose: s["cup"].index(chit_id) + 1


def fresh(options: dict[str, Any] | None = None) -> State:
    """A set-up position before turn 1, from a fixed seed."""
    return new_state(options or {}, Dice(SEED))


def arrange(s: State, **where: tuple[str, int] | tuple[str, int, int]) -> None:
    """Put iButhos on tracks: name=(track, pos) or (track, pos, markers)."""
    for name, spot in where.items():
        b = s["ibuthos"][name]
        b["track"], b["pos"] = spot[0], spot[1]
        if len(spot) > 2:
            b["markers"] = spot[2]


def start_turn(s: State, dice: Dice) -> Ctx:
    ctx = Ctx(s, dice)
    run(ctx, "turn")
    return ctx


def act(s: State, dice: Dice, action: dict[str, Any]) -> Ctx:
    actions.check(s, action)
    ctx = Ctx(s, dice)
    run(ctx, actions.perform(ctx, action))
    return ctx


def to_step(s: State, step: str, actions_left: int = 1) -> None:
    """Jump the position to a step of the current turn, as a test set-up."""
    s["step"] = step
    if step == "action":
        s["turn_flags"]["actions"] = actions_left


def move_card(s: State, number: int, zone: str) -> None:
    """Take a card from wherever it is and put it in ``zone`` (hand, tableau, discard...)."""
    for name in ("deck", "hand", "tableau", "discard", "removed", "reserve"):
        if number in s[name]:
            s[name].remove(number)
    s[zone].append(number)
