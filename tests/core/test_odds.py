"""The shared odds engine: Wilson intervals, no leak of hidden values, stopping, refusals."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import pytest

from bot.posting.pairing import Pairing
from bot.systems.installed import BUILT_IN
from games.core.dice import Dice
from games.core.engine import Mode, Viewer
from games.core.odds import UNFINISHED, Estimate, NoPolicy, check_policy, estimate, wilson
from tests.fixtures.duel import SYSTEM as DUEL
from tests.fixtures.duel import Duel


def duel_state(red_reserve: int, blue_reserve: int) -> dict[str, Any]:
    state = DUEL.new("short", {}, Dice("ab" * 32)).state
    return {**state, "reserve": {"red": red_reserve, "blue": blue_reserve}}


def odds(state: dict[str, Any], viewer: Viewer, games: int = 300) -> dict[str, int]:
    with ThreadPoolExecutor(2) as pool:
        found = estimate(DUEL, state, viewer, games, pool)
    assert found is not None and found.games == games
    assert sum(found.outcomes.values()) == games
    return found.outcomes


def test_wilson_interval_matches_the_textbook_figures() -> None:
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson(50, 100)
    assert (low, high) == (pytest.approx(0.4038, abs=1e-4), pytest.approx(0.5962, abs=1e-4))


def test_a_spectators_odds_do_not_depend_on_the_hidden_values() -> None:
    weak, strong = duel_state(1, 1), duel_state(6, 1)
    assert odds(weak, Viewer.public()) == odds(strong, Viewer.public())


def test_the_leak_check_catches_odds_drawn_from_the_real_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Plant the fault: simulate from the real position instead of a sample of the asker's
    view; the spectator's odds then do move with the hidden reserves."""
    monkeypatch.setattr(Duel, "sample_hidden", lambda self, state, viewer, dice: state)
    weak, strong = duel_state(1, 1), duel_state(6, 1)
    assert odds(weak, Viewer.public()) != odds(strong, Viewer.public())


def test_a_player_simulates_from_his_own_secret_only() -> None:
    """Red knows his reserve, so it sways red's odds; blue's unseen reserve does not."""
    red = Viewer.of_side("red")
    assert odds(duel_state(1, 1), red) != odds(duel_state(6, 1), red)
    assert odds(duel_state(3, 1), red) == odds(duel_state(3, 6), red)


def test_the_same_view_gives_the_same_estimate_on_any_pool() -> None:
    state = duel_state(2, 5)
    with ProcessPoolExecutor(2) as pool:
        spread = estimate(DUEL, state, Viewer.public(), 60, pool)
    assert spread is not None and spread.outcomes == odds(state, Viewer.public(), 60)


def test_a_stop_ends_the_estimate_without_an_answer() -> None:
    seen: list[int] = []
    with ThreadPoolExecutor(1) as pool:
        found = estimate(
            DUEL, duel_state(2, 2), Viewer.public(), 5000, pool, seen.append, lambda: bool(seen)
        )
    assert found is None and seen and seen[-1] < 5000


def test_a_system_without_a_bot_for_every_side_is_refused_in_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(Duel, "modes", {"two-player": Mode("two-player", "Two players")})
    with pytest.raises(NoPolicy, match="no bot that can play red, blue"):
        check_policy(DUEL)
    with ThreadPoolExecutor(1) as pool, pytest.raises(NoPolicy):
        estimate(DUEL, duel_state(2, 2), Viewer.public(), 10, pool)


def test_the_lines_give_each_outcome_with_its_interval() -> None:
    with ThreadPoolExecutor(1) as pool:
        found = estimate(DUEL, duel_state(2, 2), Viewer.public(), 100, pool)
    assert found is not None
    lines = found.lines()
    assert len(lines) == 2 and all("Won by " in line and "(95%: " in line for line in lines)


@pytest.mark.parametrize("pairing", BUILT_IN, ids=lambda p: p.system.id)
def test_every_built_in_game_plays_out_from_every_viewer(pairing: Pairing) -> None:
    """Last Stand, Ramparts and the zone game each have a bot for every side, so their odds
    can be estimated by the channel and by each side; every run reaches an end."""
    system = pairing.system
    state = system.new(next(iter(system.scenarios)), {}, Dice("cd" * 32)).state
    with ThreadPoolExecutor(1) as pool:
        for viewer in [Viewer.public(), *(Viewer.of_side(side) for side in system.sides)]:
            found = estimate(system, state, viewer, 2, pool)
            assert found is not None and UNFINISHED not in found.outcomes


def test_listed_outcomes_show_in_their_order_even_at_nought() -> None:
    """A system's full scale is shown whole and in order; unlisted outcomes follow by count."""
    found = Estimate(40, {"B": 10, "Other": 2, "A": 28}, listed=("A", "B", "C"))
    names = [line.split(":")[0] for line in found.lines()]
    assert names == ["A", "B", "C", "Other"]
    assert found.lines()[2] == "C: 0.0% (95%: 0.0–8.8%)"


def test_the_margin_is_the_widest_side_of_any_shown_interval() -> None:
    found = Estimate(40, {"A": 20, "B": 20})
    low, high = wilson(20, 40)
    assert found.margin == pytest.approx(max(0.5 - low, high - 0.5))
    skewed = Estimate(40, {"A": 39, "B": 1})
    assert skewed.margin < found.margin, "a share near 0% or 100% has the narrower interval"
    assert Estimate(0, {}).margin == 1.0
