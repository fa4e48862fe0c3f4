"""The seeded roller: reproducible, fair-looking, recorded, and bound by its commitment."""

import hashlib
import hmac
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from games.core.dice import AVERAGE_DIE_FACES, Dice, Roll, commitment, derived_seed, new_seed

SEED = "ab" * 32


def test_same_seed_same_rolls() -> None:
    first, second = Dice(SEED), Dice(SEED)
    assert [first.d6("x") for _ in range(50)] == [second.d6("x") for _ in range(50)]


def test_cursor_resumes_the_stream() -> None:
    whole = Dice(SEED)
    values = [whole.roll(10, "x") for _ in range(20)]
    resumed = Dice(SEED, cursor=12)
    assert [resumed.roll(10, "x") for _ in range(8)] == values[12:]


def test_rolls_are_recorded_with_purpose_and_taken_once() -> None:
    dice = Dice(SEED)
    value = dice.d6("red strikes")
    assert dice.take_rolls() == [Roll("red strikes", "d6", value)]
    assert dice.take_rolls() == []


def test_faces_are_roughly_even() -> None:
    dice = Dice(SEED)
    counts = Counter(dice.d6("x") for _ in range(6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(800 < n < 1200 for n in counts.values())


def test_average_die_uses_its_faces_and_plus_minus_spans_minus3_to_3() -> None:
    dice = Dice(SEED)
    assert {dice.average("x") for _ in range(300)} == set(AVERAGE_DIE_FACES)
    spread = {a - b for a, b in (dice.plus_minus("x") for _ in range(500))}
    assert spread == {-3, -2, -1, 0, 1, 2, 3}


def test_commitment_is_sha256_of_the_seed() -> None:
    seed = new_seed()
    assert commitment(seed) == hashlib.sha256(bytes.fromhex(seed)).hexdigest()
    assert commitment(seed) != commitment(new_seed())


def test_derived_seeds_are_stable_and_distinct() -> None:
    assert derived_seed("7", 1, 2) == derived_seed("7", 1, 2)
    assert derived_seed("7", 1, 2) != derived_seed("7", 1, 3)


@given(st.integers(min_value=2, max_value=1000), st.integers(min_value=0, max_value=10**6))
def test_every_roll_is_in_range(sides: int, cursor: int) -> None:
    assert 1 <= Dice(SEED, cursor).roll(sides, "x") <= sides


def test_choice_is_recorded() -> None:
    dice = Dice(SEED)
    picked = dice.choice(["a", "b", "c"], "tie")
    assert picked in "abc"
    assert dice.take_rolls()[0].purpose == "tie"


def reference_d6(seed: str, cursor: int) -> int:
    """A d6 as every game stored before contributions rolled it: HMAC-SHA256(seed, cursor)."""
    limit = (1 << 64) - ((1 << 64) % 6)
    for attempt in range(100):
        message = cursor.to_bytes(8, "big") + attempt.to_bytes(4, "big")
        value = int.from_bytes(hmac.digest(bytes.fromhex(seed), message, "sha256")[:8], "big")
        if value < limit:
            return value % 6 + 1
    raise AssertionError("no value under the limit")


def test_without_contributions_the_dice_roll_exactly_as_before() -> None:
    dice = Dice(SEED)
    assert [dice.d6("x") for _ in range(40)] == [reference_d6(SEED, n) for n in range(40)]


def test_a_contribution_changes_the_dice_after_it_and_only_those() -> None:
    plain, mixed = Dice(SEED), Dice(SEED)
    before = [mixed.d6("x") for _ in range(20)]
    mixed.mix("1234567890")
    after = [mixed.d6("x") for _ in range(20)]
    assert before == [plain.d6("x") for _ in range(20)]
    assert after != [plain.d6("x") for _ in range(20)]
    assert mixed.cursor == plain.cursor == 40


def test_contributions_count_in_order_and_one_by_one() -> None:
    def stream(contributions: list[str]) -> list[int]:
        dice = Dice(SEED, 5, contributions)
        return [dice.roll(1000, "x") for _ in range(10)]

    step_by_step = Dice(SEED, 5)
    step_by_step.mix("a")
    step_by_step.mix("b")
    assert stream(["a", "b"]) == [step_by_step.roll(1000, "x") for _ in range(10)]
    assert stream(["a", "b"]) != stream(["b", "a"])
    assert stream(["a", "b"]) != stream(["ab"])
    assert stream(["a"]) != stream([])
