"""Random legal games through the engine: no exception, no unit in two hexes, no stacking
violation at the end of a phase, and steps only ever go down."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core.dice import Dice, derived_seed
from games.core.errors import RuleError
from games.last_stand import combat, movement
from games.last_stand.board import board
from games.last_stand.state import STACK_LIMIT, UNITS, phase_kind, stack_strength, zulus_by_hex
from games.last_stand.system import CURRENT, SYSTEM
from games.last_stand.system import picture as drawn
from tests.profiles import scaled

STEP_LIMIT = 4000
GAMES = scaled(2000)
"""Random games per run, about a quarter of a second each."""
SHARDS = 16
"""The games are dealt out in this many tests, so that a parallel run spreads them over its
workers."""


def random_order(state: dict, side: str, rng: random.Random, dice: Dice) -> dict:
    """A legal-looking order: often the bot's, otherwise something chosen at random."""
    kind = phase_kind(state)
    if state["pending"] or rng.random() < 0.4:
        if state["pending"] and state["pending"]["kind"] == "fire" and rng.random() < 0.3:
            return {"type": "cancel"}
        if state["pending"] and state["pending"]["kind"] == "casualty" and rng.random() < 0.5:
            return {"type": "casualty", "unit": rng.choice(state["pending"]["units"])}
        return SYSTEM.bot_action(state, side, dice)
    if kind == "zulu_move" and rng.random() < 0.8:
        origins = sorted(set(state["zulus"].values()))
        origin = rng.choice(origins)
        if movement.unmoved_zulu(state, origin):
            spots = movement.zulu_destinations(state, origin)
            if spots:
                return {"type": "move", "from": origin, "to": rng.choice(spots)}
    if kind in ("reaction", "british_combat"):
        reaction = kind == "reaction"
        targets = combat.fire_targets(state, reaction=reaction)
        if targets and rng.random() < 0.8:
            target = rng.choice(targets)
            shooters = [
                u
                for u in state["british"]
                if combat.can_fire_at(state, u, target, reaction=reaction)
            ]
            chosen = rng.sample(shooters, rng.randint(1, len(shooters)))
            shots = {}
            for unit in chosen:
                left = state["british"][unit]["strength"] - state["done"]["fired"].get(unit, 0)
                shots[unit] = left if reaction else rng.randint(1, left)
            return {"type": "aim", "target": target, "shots": shots}
    if kind == "british_move" and rng.random() < 0.85:
        movers = [u for u in [*UNITS, "wagon"] if movement.unit_can_move(state, u)]
        if movers:
            unit = rng.choice(movers)
            if unit != "wagon" and not UNITS[unit]["leader"] and rng.random() < 0.15:
                return {"type": "square", "unit": unit}
            group = [unit]
            if unit == "wagon" and rng.random() < 0.5:
                group += [
                    u
                    for u in UNITS
                    if movement.unit_can_move(state, u)
                    and state["british"][u]["hex"] == state["wagon"]
                ]
            spots = movement.british_destinations(state, group)
            if spots:
                return {"type": "move", "units": group, "to": rng.choice(spots)}
    if kind == "zulu_attack" and rng.random() < 0.7:
        options = combat.zulu_attackers(state)
        if options:
            origin = rng.choice(sorted(options))
            return {"type": "attack", "from": origin, "target": rng.choice(options[origin])}
    if kind in ("reaction", "british_combat", "british_move", "zulu_attack", "zulu_move"):
        return {"type": "end"}
    return SYSTEM.bot_action(state, side, dice)


OVERSTACKED = "2004"
"""The hex the historical set-up overstacks (3.2)."""


def overstack_allowed(state: dict) -> bool:
    """3.2: 2004 may stay overstacked until the end of the first British movement phase."""
    if state["turn"] != 1:
        return False
    if state["phase"] in ("setup", "zulu_move", "reaction", "zulu_attack", "british_4"):
        return True
    return state["phase"] == "british_5" and state["first"] == "combat"


def check_stacking(state: dict) -> None:
    """6.1: stacking counts at the end of every move and advance, so it is checked after
    every order; only 2004's starting overstack may wait (3.2), and only while it lasts."""
    for hex_, zulus in zulus_by_hex(state).items():
        assert len(zulus) == 1 or hex_ in board().onrush, f"Zulus stacked in {hex_}"
    for hex_ in {d["hex"] for d in state["british"].values() if d["hex"]}:
        if hex_ == OVERSTACKED and overstack_allowed(state):
            continue
        assert stack_strength(state, hex_) <= STACK_LIMIT, f"{hex_} overstacked"


def check_always(before: dict, after: dict) -> None:
    for unit, data in after["british"].items():
        assert data["hex"] is None or data["hex"] in board()
        assert 0 <= data["strength"] <= before["british"][unit]["strength"], unit
        if data["strength"] == 0 and not UNITS[unit]["leader"]:
            assert data["hex"] is None
    for where in after["zulus"].values():
        assert where in board() or where in ("east", "west")
    picture = drawn(after)  # what every view shows (6.5), without the view's words
    ids = [u["id"] for u in picture["british"]]
    assert len(ids) == len(set(ids))
    assert sum(picture["zulus"].values()) + sum(picture["regrouping"].values()) == 112


def play(seed: int, scenario: str) -> dict:
    rng = random.Random(seed)
    dice = Dice(derived_seed("property", seed))
    state = SYSTEM.new(scenario, dict(CURRENT), dice).state
    for _ in range(STEP_LIMIT):
        if SYSTEM.result(state):
            return state
        [side] = SYSTEM.to_act(state)
        order = random_order(state, side, rng, dice)
        try:
            after = SYSTEM.apply(state, side, order, dice).state
        except RuleError:
            continue  # a random order the rules refuse changes nothing
        check_always(state, after)
        check_stacking(after)
        state = after
    raise AssertionError("the game did not end")


@pytest.mark.slow
@pytest.mark.parametrize("shard", range(SHARDS))
@settings(max_examples=max(1, GAMES // SHARDS), suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), scenario=st.sampled_from(["historical", "free-setup"]))
def test_random_legal_games_keep_the_invariants(shard: int, seed: int, scenario: str) -> None:
    state = play(seed, scenario)
    assert state["result"]["winner"] in ("british", "zulu")
    assert state["phase"] == "over" and state["turn"] <= 6
