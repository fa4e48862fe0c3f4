"""Bot levels: chosen when a game starts, kept in its state, old games by the book, and the
strong level reaching each system's strong policy; odds always played at the strong level."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from games.core.dice import Dice
from games.core.engine import GameSystem, Viewer
from games.core.errors import RuleError
from games.core.levels import BOOK, LEVEL_OPTION, STRONG, at_level, checked, level_of
from games.core.odds import estimate
from games.core.replay import Step, replay
from games.core.versions import VERSION_KEY, loaded
from games.last_stand import ai as last_stand_ai
from games.last_stand import strong as last_stand_strong
from games.last_stand.system import SYSTEM as LAST_STAND
from games.ramparts import policy as ramparts_policy
from games.ramparts import strong as ramparts_strong
from games.ramparts.system import SYSTEM as RAMPARTS
from games.zones import intent
from games.zones import policy as zones_policy
from games.zones.system import SYSTEM as ZONES
from tests.fixtures.duel import SYSTEM as DUEL
from tests.fixtures.duel import Duel

SYSTEMS = [LAST_STAND, RAMPARTS, ZONES]
SEED = "c3" * 32


def start(system: GameSystem, options: dict[str, Any]) -> dict[str, Any]:
    return system.new(next(iter(system.scenarios)), options, Dice(SEED)).state


def test_a_level_is_one_of_two_and_by_the_book_unless_named() -> None:
    assert level_of({}) == BOOK and level_of({LEVEL_OPTION: STRONG}) == STRONG
    for wrong in ("Strong", "", "strong\x00", 2, None, "ü" * 300):
        with pytest.raises(RuleError, match=r"Unknown bot level .*: choose book or strong"):
            checked(wrong)
    assert at_level({"turn": 3}, STRONG) == {"turn": 3, LEVEL_OPTION: STRONG}


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
def test_every_system_keeps_the_level_it_was_started_at(system: GameSystem) -> None:
    assert start(system, {})[LEVEL_OPTION] == BOOK
    assert start(system, {LEVEL_OPTION: STRONG})[LEVEL_OPTION] == STRONG
    with pytest.raises(RuleError, match="Unknown bot level"):
        start(system, {LEVEL_OPTION: "expert"})


LEVELS_FROM = {"last-stand": 3, "ramparts": 2, "zones": 3}
"""The state version at which each system began keeping the level."""


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
def test_a_game_stored_before_levels_loads_by_the_book(system: GameSystem) -> None:
    """A state stored in the shape before levels had none: it upgrades to by the book, so
    the bot that played it and replays its log is the one it had."""
    old = {k: v for k, v in start(system, {}).items() if k != LEVEL_OPTION}
    old[VERSION_KEY] = LEVELS_FROM[system.id] - 1
    assert loaded(system, old)[LEVEL_OPTION] == BOOK


def test_the_strong_level_reaches_each_system_s_strong_policy() -> None:
    dice = Dice(SEED)
    book, strong = start(LAST_STAND, {}), start(LAST_STAND, {LEVEL_OPTION: STRONG})
    assert LAST_STAND.bot_action(book, "british", dice) == last_stand_ai.british_action(book, dice)
    assert LAST_STAND.bot_action(strong, "british", dice) == (
        last_stand_strong.british_action(strong, dice)
    )
    book, strong = start(RAMPARTS, {}), start(RAMPARTS, {LEVEL_OPTION: STRONG})
    assert RAMPARTS.bot_action(book, "british", dice) == ramparts_policy.choose(book)
    assert RAMPARTS.bot_action(strong, "british", dice) == ramparts_strong.choose(strong)
    book, strong = start(ZONES, {}), start(ZONES, {LEVEL_OPTION: STRONG})
    assert ZONES.bot_action(book, "british", dice) == zones_policy.choose(book, "british")
    assert ZONES.bot_action(strong, "british", dice) == intent.choose(strong)


def test_a_zone_game_s_bot_zulus_follow_18_0_by_the_book_only() -> None:
    """The solo and bot modes turn the solitaire rule on for the bot's Zulus by the book and
    off at the strong level, where the Zulus hide their strengths as a player would."""
    for mode in ("solo", "bots"):
        levels = ZONES.modes[mode].level_options
        assert levels[BOOK] == {"solitaire": True} and levels[STRONG] == {"solitaire": False}
    assert not ZONES.modes["two-player"].level_options


def test_odds_are_played_at_the_strong_level_whatever_the_game_s_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Plant a bot that records the level it is asked at: every simulated order of a game
    kept by the book is asked at the strong level."""
    asked: list[str] = []
    played = Duel.bot_action

    def recording(self: Duel, state: dict[str, Any], side: str, dice: Dice) -> dict[str, Any]:
        asked.append(state.get(LEVEL_OPTION, "none"))
        return played(self, state, side, dice)

    monkeypatch.setattr(Duel, "bot_action", recording)
    state = {**DUEL.new("short", {}, Dice(SEED)).state, LEVEL_OPTION: BOOK}
    with ThreadPoolExecutor(1) as pool:
        assert estimate(DUEL, state, Viewer.public(), 4, pool) is not None
    assert asked and set(asked) == {STRONG}


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.id)
def test_a_game_played_by_the_strong_bot_replays_from_its_log(system: GameSystem) -> None:
    """The level is in the logged set-up, so a replay asks the same strong bot again and
    finds every order and every die as the log has them; a log whose set-up lost its level
    is replayed by the book and caught."""
    scenario = next(iter(system.scenarios))
    mode = system.modes["bots"]
    options = {**mode.options, **mode.level_options.get(STRONG, {}), LEVEL_OPTION: STRONG}
    dice = Dice(SEED)
    state = system.new(scenario, options, dice).state
    steps = [Step(None, {"scenario": scenario, "options": options}, dice.take_rolls())]
    for _ in range(300):
        if system.result(state) or not system.to_act(state):
            break
        side = system.to_act(state)[0]
        action = system.bot_action(state, side, dice)
        state = system.apply(state, side, action, dice).state
        steps.append(Step(side, action, dice.take_rolls(), by_bot=True))
    report = replay(system, SEED, steps)
    assert report.ok, report.problem
    assert report.state == state
    by_the_book = {k: v for k, v in options.items() if k != LEVEL_OPTION}
    planted = [Step(None, {"scenario": scenario, "options": by_the_book}, steps[0].rolls)]
    assert not replay(system, SEED, [*planted, *steps[1:]]).ok, "a level left out is caught"
