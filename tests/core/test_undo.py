"""Replay folds undos: the position goes back, the dice go on; and what counts as showing a
hidden value."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.core.dice import Dice
from games.core.engine import Viewer
from games.core.replay import Step, replay
from games.core.undo import Given, reveals
from tests.fixtures.duel import SYSTEM
from tests.profiles import scaled

SEED = "33" * 32


def play(orders: list[str]) -> tuple[dict, list[Step]]:
    """A duel from ``orders``; "undo" takes back the latest order still standing, as the
    service does: the position returns, the dice cursor stays where it is."""
    dice = Dice(SEED)
    state = SYSTEM.new("standard", {}, dice).state
    steps = [Step(None, {"scenario": "standard", "options": {}}, dice.take_rolls())]
    standing: list[dict] = []
    for order in orders:
        if SYSTEM.result(state):
            break
        if order == "undo":
            if standing:
                state = standing.pop()
                steps.append(Step(None, {"cursor": dice.cursor}, [], undoes=1))
            continue
        side = SYSTEM.to_act(state)[0]
        if order == "rally" and not state["reserve"][side]:
            order = "strike"
        standing.append(state)
        state = SYSTEM.apply(state, side, {"type": order}, dice).state
        steps.append(Step(side, {"type": order}, dice.take_rolls()))
    return state, steps


@settings(max_examples=scaled(150))
@given(st.lists(st.sampled_from(["strike", "rally", "tally", "undo"]), max_size=30))
def test_a_log_with_undos_replays_to_the_same_state(orders: list[str]) -> None:
    state, steps = play(orders)
    report = replay(SYSTEM, SEED, steps)
    assert report.ok, report.problem
    assert report.state == state


def test_an_undo_that_rewinds_the_dice_is_caught() -> None:
    _, steps = play(["strike", "undo", "strike"])
    undo = steps[2]
    rewound = Step(None, {"cursor": undo.action["cursor"] - 1}, [], undoes=1)
    report = replay(SYSTEM, SEED, [*steps[:2], rewound, *steps[3:]])
    assert not report.ok and "never rewind" in (report.problem or "")


def test_an_undo_of_more_than_stands_is_caught() -> None:
    _, steps = play(["tally"])
    dice_at = sum(len(step.rolls) for step in steps)  # a d6 takes one place in the stream
    report = replay(SYSTEM, SEED, [*steps, Step(None, {"cursor": dice_at}, [], undoes=2)])
    assert not report.ok and "only 1 stand" in (report.problem or "")


def test_what_an_order_shows_depends_on_what_was_hidden() -> None:
    before = SYSTEM.new("standard", {}, Dice(SEED)).state
    viewers = [Viewer.public(), Viewer.of_side("red"), Viewer.of_side("blue")]
    tally = [Given("red", {"type": "tally"})]
    rally = [Given("red", {"type": "rally"})]
    assert not reveals(SYSTEM, before, tally, viewers, SEED)
    assert reveals(SYSTEM, before, rally, viewers, SEED)  # the strength shows the reserve
    assert not reveals(SYSTEM, before, rally, [Viewer.of_side("red")], SEED)  # red knew it
