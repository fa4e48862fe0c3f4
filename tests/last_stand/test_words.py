"""Numbers and lists in the players' words: hit numbers kept on the D6 (8.6), whole lists."""

from __future__ import annotations

import re

import pytest

from games.core.errors import RuleError
from games.last_stand.combat import hit_on
from games.last_stand.movement import british_destinations
from games.last_stand.system import SYSTEM
from tests.last_stand.scenes import LoadedDice, scene


def said_number(text: str) -> int:
    return int(re.search(r"hit on (-?\d+)", text)[1])


def test_hit_numbers_stay_on_the_die() -> None:
    """8.6: a 1 always hits and a 6 always misses; "hit on -2 or less" read as nonsense."""
    for number in range(-6, 14):
        text = hit_on(number)
        assert 1 <= said_number(text) <= 5, text
        if number < 1:
            assert "a 1 always hits" in text
        if number > 5:
            assert "a 6 always misses" in text


def test_the_check_catches_an_unclamped_number() -> None:
    assert not 1 <= said_number("hit on -2 or less") <= 5


def test_a_move_out_of_reach_lists_every_reachable_hex() -> None:
    """The refusal listed twelve hexes and then "…"; it now names them all (7.1)."""
    state = scene({"a": "1706"}, [], phase="british_5", first="combat")
    reachable = british_destinations(state, ["a"])
    assert len(reachable) > 12
    with pytest.raises(RuleError) as refused:
        SYSTEM.apply(state, "british", {"type": "move", "units": ["a"], "to": "0101"}, LoadedDice())
    assert "…" not in str(refused.value)
    assert all(h in str(refused.value) for h in reachable)
