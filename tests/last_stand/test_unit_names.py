"""Units are accepted the way players write them, typed or searched for in autocomplete: the
posts' short names in any case and with or without dots, "A Company", "Rocket Battery",
officers by their surnames."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import games.zones
from bot.play.errors import BadInput
from bot.systems.last_stand.cog import british_unit, matching
from games.last_stand.state import name, rolled_as


@pytest.mark.parametrize(
    ("typed", "unit"),
    [
        ("a", "a"),
        ("wagon", "wagon"),
        ("A Co.", "a"),
        ("a co", "a"),
        ("A Company", "a"),
        ("g coy", "g"),
        ("N Battery", "nb"),
        ("Rocket Battery", "rb"),
        ("rb", "rb"),
        ("40th Regiment", "p40r"),
        ("Younghusband", "young"),
        ("Durnford", "durnfurd"),
        ("Durnfurd", "durnfurd"),
        ("st iz", "stiz"),
        ("Lt. Anstey", "lta"),
        ("Ammunition wagon", "wagon"),
    ],
)
def test_a_unit_is_found_by_the_names_players_write(typed: str, unit: str) -> None:
    assert british_unit(typed) == unit


@pytest.mark.parametrize("typed", ["Ghost Co", "Z Co.", "", "...", "Chelmsford", "1/24th"])
def test_an_unknown_name_is_refused_with_the_units_listed(typed: str) -> None:
    with pytest.raises(BadInput, match=re.escape("Units: A Co., C Co.")):
        british_unit(typed)


def test_autocomplete_finds_a_unit_by_a_name_not_on_its_label() -> None:
    options = [("RB (1) in 1207", "rb"), ("A Co. (8) in 1706", "a"), ("Young in 1504", "young")]
    assert [c.value for c in matching(options, "rocket")] == ["rb"]
    assert [c.value for c in matching(options, "younghus")] == ["young"]
    assert [c.value for c in matching(options, "a company")] == ["a"]


def test_durnford_is_spelt_one_way_in_every_game_but_his_stored_rolls_keep_theirs() -> None:
    """The zone game and history spell him Durnford; the rule book prints Durnfurd, and the
    fatality rolls of stored games name him so, which replay compares."""
    zones = (Path(games.zones.__file__).parent / "data" / "isandlwana.json").read_text()
    assert "Durnford" in zones and "Durnfurd" not in zones
    assert name("durnfurd") == "Durnford"
    assert rolled_as("durnfurd") == "Durnfurd" and rolled_as("pulleine") == "Pulleine"
