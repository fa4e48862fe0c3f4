"""Hit numbers are said as the roll that decides: never below 1 or above 5 on the D6 (8.6)."""

from __future__ import annotations

import re

from games.last_stand.combat import hit_on


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
