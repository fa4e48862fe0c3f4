"""Rule 3.1: the Zulu player is told his strengths after every order that changes any.

Each order's outcome is checked: when a Zulu stack's SP or the SP held off board differ
before and after, the outcome carries the Zulu player's note (which the bot sends as a DM
labelled with the game). Random games of both battles reach every kind of change: entries,
moves, fire, volleys, melee losses, advances after melee, charge rounds, hospital fire,
replacements and losses allocated at the end of a phase.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.core.dice import Dice, derived_seed
from games.core.engine import Outcome
from games.zones import hidden
from games.zones.state import State
from games.zones.system import SYSTEM
from tests.zones.helpers import SEED

KINDS = {"enter", "zmove", "fire", "advance", "end"}
"""Kinds of order that change Zulu strengths in every batch of random games below."""
REPORT = hidden.strength_report
"""The note as the engine writes it, bound here so a planted fault cannot change the check."""


def undisclosed(before: State, out: Outcome) -> str | None:
    """What an outcome failed to tell the Zulu player, or None if it told him all."""
    old, new = hidden.zulu_strengths(before), hidden.zulu_strengths(out.state)
    if old == new:
        return None
    told = "\n".join(e.private.get("zulu", "") for e in out.events)
    expected = REPORT(old, new)
    return None if expected and expected in told else f"{old} -> {new}, told {told!r}"


def play(scenario: str, game: int, steps: int = 2500) -> tuple[Counter[str], list[str]]:
    """A random legal game: the kinds of order that changed a strength, and what went untold."""
    rng = random.Random(f"dm:{scenario}:{game}")
    dice = Dice(derived_seed(SEED, "dm", scenario, game))
    s = SYSTEM.new(scenario, {}, dice).state
    changed: Counter[str] = Counter()
    problems: list[str] = []
    for _ in range(steps):
        if not SYSTEM.to_act(s):
            break
        side = SYSTEM.to_act(s)[0]
        if rng.random() < 0.5:
            action = SYSTEM.bot_action(s, side, dice)
        else:
            action = rng.choice(SYSTEM.legal_orders(s, side)).action
        out = SYSTEM.apply(s, side, action, dice)
        if hidden.zulu_strengths(out.state) != hidden.zulu_strengths(s):
            changed[action["type"]] += 1
        problem = undisclosed(s, out)
        if problem:
            problems.append(f"{action['type']}: {problem}")
        s = out.state
    return changed, problems


@pytest.mark.parametrize("scenario", ["rorkes-drift", "isandlwana"])
def test_rule_3_1_every_change_of_zulu_strength_is_told_to_the_zulu_player(
    scenario: str,
) -> None:
    changed: Counter[str] = Counter()
    for game in range(2):
        kinds, problems = play(scenario, game)
        assert problems == []
        changed += kinds
    assert KINDS <= set(changed), changed


def test_rule_12_7_an_advance_after_melee_is_told() -> None:
    s = play_until_advance()
    [advance] = [o for o in SYSTEM.legal_orders(s, "zulu") if o.kind == "advance"][:1]
    out = SYSTEM.apply(s, "zulu", advance.action, Dice(SEED))
    assert undisclosed(s, out) is None
    assert "Zulu strengths changed" in out.events[0].private["zulu"]


def play_until_advance() -> State:
    """A position from a random game where the Zulus may advance after a melee (12.7)."""
    for game in range(20):
        rng = random.Random(f"advance:{game}")
        dice = Dice(derived_seed(SEED, "advance", game))
        s = SYSTEM.new("isandlwana", {}, dice).state
        for _ in range(3000):
            if not SYSTEM.to_act(s):
                break
            side = SYSTEM.to_act(s)[0]
            orders = SYSTEM.legal_orders(s, side)
            if any(o.kind == "advance" for o in orders):
                return s
            action = (
                SYSTEM.bot_action(s, side, dice)
                if rng.random() < 0.5
                else rng.choice(orders).action
            )
            s = SYSTEM.apply(s, side, action, dice).state
    raise AssertionError("no random game reached an advance")


def test_a_change_left_untold_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Plant the fault: the engine stops adding its note; the check above must notice."""
    monkeypatch.setattr(hidden, "strength_report", lambda before, after: None)
    _changed, problems = play("isandlwana", 0, steps=400)
    assert problems, "a change of strength without a note went unnoticed"
