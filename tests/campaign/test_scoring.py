"""The campaign score and the presets: points by outcome from the player's side, the status a
campaign takes after each battle, and presets whose battles start as their systems allow."""

from __future__ import annotations

import itertools

import pytest

from bot.play.campaigns import (
    POINTS,
    PRESETS,
    Fought,
    outcome_for,
    record_line,
    score,
    status_after,
)
from bot.play.errors import BadInput
from bot.systems.installed import installed
from games.core.dice import Dice, derived_seed
from games.core.engine import Result
from games.ramparts.options import normalise, vp_adjustment

REGISTRY = installed()


def test_an_outcome_is_read_from_the_players_side() -> None:
    assert outcome_for(Result("british", "held"), "british") == "won"
    assert outcome_for(Result("zulu", "overrun"), "british") == "lost"
    assert outcome_for(Result("zulu", "overrun"), "zulu") == "won"
    assert outcome_for(Result(None, "Standoff"), "british") == "drawn"
    assert outcome_for(Result(None, "Aborted."), "british", aborted=True) == "aborted"
    assert outcome_for(Result("british", "held"), "british", aborted=True) == "aborted"


def fought(*outcomes: str | None) -> list[Fought]:
    return [
        Fought(n, 100 + n, o, None if o is None else "words", None if o is None else POINTS[o])
        for n, o in enumerate(outcomes, start=1)
    ]


def test_the_score_adds_two_for_a_win_one_for_a_draw_nothing_else() -> None:
    assert POINTS == {"won": 2, "drawn": 1, "lost": 0, "aborted": 0}
    assert score(fought("won", "drawn", "lost", None)) == 3
    assert score(fought()) == 0
    assert record_line(fought("won", "drawn", "lost", None)) == (
        "Score 3 of 6 · 1 won, 1 drawn, 1 lost"
    ), "a battle still being fought counts toward neither the score nor the most possible"
    assert (
        record_line(fought("won", "aborted")) == "Score 2 of 4 · 1 won, 0 drawn, 0 lost, 1 aborted"
    )


def test_a_campaign_goes_on_until_its_last_battle_or_an_abort() -> None:
    day = PRESETS["22-january-1879"]
    assert status_after(day, 1, aborted=False) == "active"
    assert status_after(day, 2, aborted=False) == "finished"
    assert status_after(day, 1, aborted=True) == "abandoned"
    odds = PRESETS["rising-odds"]
    assert [status_after(odds, n, False) for n in range(1, 6)] == [*["active"] * 4, "finished"]


def test_22_january_is_isandlwana_then_rorkes_drift_in_the_zone_game() -> None:
    day = PRESETS["22-january-1879"]
    assert [(b.system, b.scenario) for b in day.battles] == [
        ("zones", "isandlwana"),
        ("zones", "rorkes-drift"),
    ]
    zones = REGISTRY.get("zones")
    assert zones.modes[day.modes["british"]].bot_sides == ("zulu",), "solo: the 18.0 Zulus"
    assert day.bot_sides == {"british": ("zulu",), "zulu": ("british",)}
    for side, bots in day.bot_sides.items():
        assert set(bots) | {side} == set(zones.sides) and side not in bots


def test_rising_odds_adds_optional_rules_of_12_at_every_battle() -> None:
    odds = PRESETS["rising-odds"]
    assert {b.system for b in odds.battles} == {"ramparts"}
    rules = [normalise(b.options) for b in odds.battles]
    assert rules[0] == normalise({}), "the first defence is the standard game"

    def switched(options: dict) -> set[str]:
        on = {k for k, v in options.items() if v is True}
        return on | {f"card {n}" for n in options["cards"]}

    for before, after in itertools.pairwise(rules):
        assert switched(before) < switched(after), (before, after)
    assert rules[-1]["morning_attack"] and len(rules[-1]["cards"]) > 10
    assert sum(vp_adjustment(rules[-1]).values()) < sum(vp_adjustment(rules[0]).values())


@pytest.mark.parametrize("preset", PRESETS.values(), ids=lambda p: p.id)
def test_every_battle_of_every_preset_starts_for_every_side(preset) -> None:
    for battle in preset.battles:
        system = REGISTRY.get(battle.system)
        assert battle.scenario in system.scenarios
        for side, mode in preset.modes.items():
            assert side in system.sides and mode in system.modes
            options = {**system.modes[mode].options, **battle.options}
            started = system.new(battle.scenario, options, Dice(derived_seed(preset.id)))
            assert system.result(started.state) is None


def test_a_side_the_preset_does_not_offer_is_refused_in_words() -> None:
    odds = PRESETS["rising-odds"]
    assert odds.side_or_default(None) == "british"
    with pytest.raises(BadInput, match="british side only; leave `side` out"):
        odds.side_or_default("zulu")
    day = PRESETS["22-january-1879"]
    assert day.side_or_default("zulu") == "zulu"
    with pytest.raises(BadInput, match="`british` or `zulu`"):
        day.side_or_default("boer")
