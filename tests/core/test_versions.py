"""Stored state versions: tagging, upgrading step by step in order, refusing newer states."""

from __future__ import annotations

import pytest

from games.core.engine import JSON
from games.core.versions import VERSION_KEY, UnreadableState, Upgrade, check, loaded, stored
from games.registry import Registry
from tests.fixtures.duel import Duel


class Shapes(Duel):
    """A system at version 3 whose steps record the order they ran in."""

    def __init__(self) -> None:
        self.state_version = 3
        self.upgrades = {1: self._step(1), 2: self._step(2)}
        self.ran: list[int] = []

    def _step(self, version: int) -> Upgrade:
        def step(state: JSON) -> JSON:
            assert state["shape"] == version, f"step {version} got shape {state['shape']}"
            self.ran.append(version)
            return {**state, "shape": version + 1}

        return step


def test_a_state_without_a_version_is_version_1_and_runs_every_step_in_order() -> None:
    system = Shapes()
    assert loaded(system, {"shape": 1, "turn": 4}) == {"shape": 3, "turn": 4}
    assert system.ran == [1, 2]


@pytest.mark.parametrize(("version", "ran"), [(1, [1, 2]), (2, [2]), (3, [])])
def test_only_the_steps_from_the_stored_version_on_run(version: int, ran: list[int]) -> None:
    system = Shapes()
    assert loaded(system, {"shape": version, VERSION_KEY: version}) == {"shape": 3}
    assert system.ran == ran


def test_storing_tags_the_current_version_and_loading_gives_back_the_same_state() -> None:
    system = Shapes()
    state = {"shape": 3, "b": {"y": 1, "x": 2}, "a": [1]}
    kept = stored(system, state)
    assert kept[VERSION_KEY] == 3 and VERSION_KEY not in state
    back = loaded(system, kept)
    assert back == state and list(back) == list(state)
    assert system.ran == []


def test_a_state_newer_than_the_code_is_refused_not_misread() -> None:
    system = Shapes()
    with pytest.raises(UnreadableState, match=r"newer version of the bot \(state version 4; "):
        loaded(system, {"shape": 4, VERSION_KEY: 4})
    assert system.ran == []


@pytest.mark.parametrize("version", [0, -1, "2", 2.0, True, None])
def test_a_version_that_is_not_a_version_number_is_refused(version: object) -> None:
    with pytest.raises(UnreadableState, match="not a version number"):
        loaded(Shapes(), {"shape": 2, VERSION_KEY: version})


def test_a_damaged_state_that_an_upgrade_cannot_read_is_refused_not_crashed_on() -> None:
    """A step reading a field the damaged state lacks reports the game as unreadable."""
    with pytest.raises(UnreadableState, match=r"from version 1 to 2 \(KeyError: 'shape'\): it is"):
        loaded(Shapes(), {"turn": 99})


def test_a_system_may_not_use_the_reserved_key() -> None:
    with pytest.raises(ValueError, match="reserved key '_v'"):
        stored(Shapes(), {"shape": 3, VERSION_KEY: 1})


@pytest.mark.parametrize(
    ("version", "steps", "words"),
    [
        (3, [1], r"versions \[1, 2\], but has steps from \[1\]"),
        (2, [1, 2], r"versions \[1\], but has steps from \[1, 2\]"),
        (1, [0], "versions none, but has steps from \\[0\\]"),
        (0, [], "must be a whole number from 1, not 0"),
    ],
)
def test_a_system_whose_steps_do_not_match_its_version_is_refused_at_registration(
    version: int, steps: list[int], words: str
) -> None:
    system = Shapes()
    system.state_version = version
    system.upgrades = {n: system._step(n) for n in steps}
    with pytest.raises(TypeError, match=words):
        check(system)
    with pytest.raises(TypeError, match=words):
        Registry([system])
