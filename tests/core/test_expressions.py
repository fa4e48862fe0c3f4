"""Free-form rolls: d20 expressions, average dice and the plus/minus pair, with their working."""

import contextlib
import re
import time

import pytest

from games.core.dice import Dice
from games.core.expressions import BadExpression, roll_expression

SEED = "cd" * 32


def test_d20_expression_shows_working_and_total() -> None:
    result = roll_expression("2d6+1", Dice(SEED))
    assert result.working.startswith("2d6 (")
    assert result.working.endswith(f"`{result.total}`")
    assert 3 <= result.total <= 13


def test_rolls_are_reproducible_from_the_seed() -> None:
    first = [roll_expression("3d10", Dice(SEED)).total for _ in range(3)]
    assert len(set(first)) == 1


def test_average_dice_with_modifier() -> None:
    result = roll_expression("3avg+2", Dice(SEED))
    assert 3 * 2 + 2 <= result.total <= 3 * 5 + 2
    assert "3 average" in result.working


def test_plus_minus_pair_range() -> None:
    dice = Dice(SEED)
    totals = {roll_expression("pm", dice).total for _ in range(400)}
    assert totals == {-3, -2, -1, 0, 1, 2, 3}
    assert -4 <= roll_expression("pm-1", dice).total <= 2


@pytest.mark.parametrize(
    ("text", "words"),
    [("", "what to roll"), ("2d", "cannot read"), ("500d6", "fewer"), ("0avg", "between 1")],
)
def test_bad_expressions_say_what_is_allowed(text: str, words: str) -> None:
    with pytest.raises(BadExpression, match=words):
        roll_expression(text, Dice(SEED))


@pytest.mark.parametrize(
    ("text", "words"),
    [("hello", "stops making sense at `h` (character 1)"), ("2d6+", "ends too soon"),
     ("3d6 x", "at `x` (character 5)")],
)  # fmt: skip
def test_unreadable_dice_say_where_in_words_not_grammar(text: str, words: str) -> None:
    with pytest.raises(BadExpression, match=re.escape(words)) as refused:
        roll_expression(text, Dice(SEED))
    assert "expected" not in refused.value.message and "LPAR" not in refused.value.message


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("1d6/0", "divide by zero"),
        ("d6%0", "divide by zero"),
        ("100d100000000000000000000", "at most 1000 sides"),
        ("101d6", "fewer"),
        ("9" * 30, "at most 1,000,000,000"),
        ("*".join(["99999999"] * 20), "beyond 1,000,000,000"),
        ("10d6mi100000000000000000000", "beyond 1,000,000,000"),
    ],
)
def test_rolls_beyond_the_bounds_are_refused_in_words(text: str, words: str) -> None:
    """Issue 11: these crashed /roll (a zero division, an overflow, a total the roll log
    cannot store); each bound is a refusal that says what is allowed."""
    with pytest.raises(BadExpression, match=words):
        roll_expression(text, Dice(SEED))


def test_the_worst_expression_within_the_bounds_is_quick() -> None:
    """With 200 characters, 100 dice of 1000 sides and numbers up to 10**9, no roll is slow."""
    started = time.perf_counter()
    for text in [
        "100d1000e1000",
        "100d1000rr999",
        "+".join(["d1000"] * 40),
        "(" * 90 + "1" + ")" * 90,
    ]:
        with contextlib.suppress(BadExpression):
            roll_expression(text, Dice(SEED))
    assert time.perf_counter() - started < 2
