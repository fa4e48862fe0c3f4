"""Random legal games: no exception, and every card and chit is always somewhere, once."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core.dice import Dice, derived_seed
from games.ramparts.actions import legal, perform
from games.ramparts.phases import run
from games.ramparts.state import Ctx, State, copy_state, in_game_cards, in_game_chits
from games.ramparts.system import SYSTEM, new_state
from tests.profiles import scaled

OPTIONS = st.fixed_dictionaries(
    {
        "stronger": st.booleans(),
        "melee": st.booleans(),
        "officers": st.booleans(),
        "morning_attack": st.booleans(),
        "cards": st.sampled_from(["", "all", "random_events", "privates,movie", "smith,allen"]),
    }
)


def conserved(s: State, cards: Counter, chits: Counter) -> None:
    assert Counter(in_game_cards(s)) == cards
    assert Counter(in_game_chits(s)) == chits
    assert len(s["markers"]) <= len(s["tableau"])
    for number in s["markers"]:
        assert int(number) in s["tableau"]
    occupied = [(b["track"], b["pos"]) for b in s["ibuthos"].values() if b["status"] == "active"]
    inside = [p for _, p in occupied if p >= 6] + [
        {"left_horn": "u", "loins": "u"}.get(t, "l") for t, p in occupied if p == 5
    ]
    assert len(inside) == len(set(inside)), "one iButho per interior box (5.1.2)"


@pytest.mark.slow
@settings(max_examples=scaled(2000), suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), options=OPTIONS)
def test_random_games_conserve_cards_and_chits(seed: int, options: dict) -> None:
    """Thousands of random legal games through the engine, checked after every order."""
    dice = Dice(derived_seed("property", seed))
    chooser = random.Random(seed)
    s = new_state(options, dice)
    cards, chits = Counter(in_game_cards(s)), Counter(in_game_chits(s))
    ctx = Ctx(s, dice)
    run(ctx, "turn")
    for _ in range(3000):
        conserved(s, cards, chits)
        if s["over"]:
            break
        orders = legal(s)
        assert orders, s["step"]
        assert ctx.offered is None or ctx.offered == orders, "orders kept at a pause are current"
        action = chooser.choice(orders)
        ctx.offered = None
        run(ctx, perform(ctx, action))
    assert s["over"] and "level" in s["over"]
    conserved(s, cards, chits)


@settings(max_examples=scaled(60))
@given(seed=st.integers(0, 10**9))
def test_random_games_through_apply(seed: int) -> None:
    """The public contract: apply never mutates its input and refuses nothing it offered."""
    dice = Dice(derived_seed("apply", seed))
    chooser = random.Random(seed)
    state = SYSTEM.new("standard", {"cards": "all"}, dice).state
    for _ in range(400):
        if SYSTEM.result(state):
            break
        offered = SYSTEM.legal_orders(state, "british")
        assert len({c.key for c in offered}) == len(offered), "keys are unique"
        before = copy_state(state)
        after = SYSTEM.apply(state, "british", chooser.choice(offered).action, dice).state
        assert state == before, "apply left its input alone"
        state = after
    assert SYSTEM.result(state) is not None
