"""Replay is the truth: folding the log from the seed gives the same state and dice."""

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from games.core.dice import Dice
from games.core.replay import Step, replay
from tests.fixtures.duel import SYSTEM
from tests.profiles import scaled

SEED = "11" * 32


def play(seed: str, orders: list[str]) -> tuple[dict, list[Step]]:
    dice = Dice(seed)
    outcome = SYSTEM.new("standard", {}, dice)
    steps = [Step(None, {"scenario": "standard", "options": {}}, dice.take_rolls())]
    state = outcome.state
    for order in orders:
        if SYSTEM.result(state):
            break
        side = SYSTEM.to_act(state)[0]
        if order == "bot":
            action = SYSTEM.bot_action(state, side, dice)
        else:
            action = {"type": order}
            if order == "rally" and not state["reserve"][side]:
                action = {"type": "strike"}
        state = SYSTEM.apply(state, side, action, dice).state
        steps.append(Step(side, action, dice.take_rolls(), by_bot=order == "bot"))
    return state, steps


@settings(max_examples=scaled(200))
@given(st.lists(st.sampled_from(["strike", "rally", "tally", "bot"]), max_size=40))
def test_folding_the_log_reproduces_the_final_state(orders: list[str]) -> None:
    state, steps = play(SEED, orders)
    report = replay(SYSTEM, SEED, steps)
    assert report.ok, report.problem
    assert report.state == state
    assert report.rolls == sum(len(s.rolls) for s in steps)


def test_a_tampered_roll_is_caught() -> None:
    _, steps = play(SEED, ["strike", "strike"])
    forged = steps[1].rolls[0]
    steps[1] = Step(steps[1].side, steps[1].action, [type(forged)(forged.purpose, "d6", 7)])
    report = replay(SYSTEM, SEED, steps)
    assert not report.ok
    assert "Step 1" in (report.problem or "")


def test_a_different_seed_does_not_replay() -> None:
    _, steps = play(SEED, ["strike"] * 3)
    assert not replay(SYSTEM, "22" * 32, steps).ok


def play_with(contributions: dict[int, tuple[str, ...]], orders: int = 3) -> list[Step]:
    """A two-player duel whose step ``n`` mixes ``contributions[n]`` in before it rolls."""
    dice = Dice(SEED)
    state = SYSTEM.new("standard", {}, dice).state
    steps = [Step(None, {"scenario": "standard", "options": {}}, dice.take_rolls())]
    for number in range(1, orders + 1):
        assert not SYSTEM.result(state), "the duel ended before the contributions were made"
        mixed = contributions.get(number, ())
        for contribution in mixed:
            dice.mix(contribution)
        side = SYSTEM.to_act(state)[0]
        state = SYSTEM.apply(state, side, {"type": "strike"}, dice).state
        steps.append(Step(side, {"type": "strike"}, dice.take_rolls(), contributions=mixed))
    return steps


def test_replay_mixes_the_logged_contributions_and_counts_them() -> None:
    steps = play_with({1: ("111",), 2: ("222", "my value"), 3: ("333",)})
    report = replay(SYSTEM, SEED, steps)
    assert report.ok, report.problem
    assert report.contributions == 4


def test_a_dropped_or_altered_contribution_is_caught() -> None:
    steps = play_with({2: ("222", "my value")})
    assert replay(SYSTEM, SEED, steps).ok
    for forged in [(), ("222", "another value"), ("my value", "222")]:
        altered = [*steps[:2], replace(steps[2], contributions=forged), *steps[3:]]
        report = replay(SYSTEM, SEED, altered)
        assert not report.ok
        assert "Step 2" in (report.problem or "")
