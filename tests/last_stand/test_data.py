"""The map and order of battle files: valid, marked by source, and honouring the rules' facts;
hex geometry pinned by the adjacencies, sight lines and ranges of the rules' examples."""

from __future__ import annotations

import itertools

import pytest

from games.last_stand.board import board, load_json, order_of_battle
from games.last_stand.hexes import Grid, distance

SOURCES = {"rules", "reconstruction"}


def test_map_file_is_valid_and_every_datum_names_its_source() -> None:
    data = load_json("map.json")
    b = board()
    assert data["grid"]["source"] in SOURCES
    for name, terrain in data["terrain"].items():
        assert terrain["source"] in SOURCES, name
        assert terrain["mp"] >= 1 and 1 <= terrain["defence"] <= 6
    for group in data["hexes"]:
        assert group["source"] in SOURCES and group["why"]
        assert group["terrain"] in data["terrain"]
        assert all(h in b for h in group["hexes"]), group
    for key in ("road", "onrush", "escape", "ledge"):
        assert data[key]["source"] in SOURCES
    listed = [h for g in data["hexes"] for h in g["hexes"]]
    assert len(listed) == len(set(listed)), "a hex is given two terrains"


def test_map_facts_from_the_rules() -> None:
    """2.2, 3.2, 4.1, 8.8 and the examples: the hexes the book names."""
    b = board()
    assert b.ledge == "1206" and b.terrain["1206"].name == "ledge"
    assert b.terrain["1008"].name == "wagon" and b.terrain["1008"].mp == 2
    assert b.terrain["1008"].defence == 4
    assert b.terrains["clear"].defence == 2 and b.terrains["clear"].mp == 1
    assert set(b.onrush_east) == {"1601", "2301", "2506", "2013"}
    assert set(b.onrush_west) == {"1201", "1314", "0401"}
    assert b.escape == {f"01{r:02d}" for r in range(5, 15)}
    assert all(b.terrain[h].name == "clear" for h in b.onrush)
    for hex_ in ("0807", "0808", "0908", "0909", "0607", "0608", "0708", "0508", "0509"):
        assert b.terrain[hex_].name == "clear", hex_


def test_onrush_and_escape_hexes_lie_on_the_map_edge() -> None:
    b = board()
    for hex_ in b.onrush | b.escape:
        assert len(b.neighbours[hex_]) < 6, hex_


def test_road_is_continuous_and_reaches_the_escape_hexes() -> None:
    b = board()
    road = load_json("map.json")["road"]["hexes"]
    for here, there in itertools.pairwise(road):
        assert there in b.neighbours[here], (here, there)
    assert "1008" in road and road[-1] in b.escape


def test_order_of_battle_file() -> None:
    """2.6: seven companies, seven detachments, three ad hoc units, four leaders; 112 Zulus."""
    oob = order_of_battle()
    kinds = [u["kind"] for u in oob["combat_units"]]
    assert kinds.count("company") == 7 and kinds.count("detachment") == 7
    assert kinds.count("ad hoc") == 3 and len(oob["leaders"]) == 4
    for unit in oob["combat_units"]:
        assert set(unit["source"].values()) <= SOURCES and unit["why"]
        assert 1 <= unit["strength"] <= 8
    for leader in oob["leaders"]:
        assert leader["source"] in SOURCES
    by_id = {u["id"]: u for u in oob["combat_units"]}
    assert by_id["a"]["strength"] == 8 and by_id["c"]["strength"] == 4
    assert by_id["stiz"]["setup"] == "1005" and by_id["lta"]["setup"] == 2
    assert oob["markers"]["wagon"]["setup"] == "1008"
    zulus = oob["zulus"]
    assert zulus["count"] == zulus["groups"] * zulus["per_group"] == 112


def test_hex_2004_starts_overstacked_3_2() -> None:
    oob = order_of_battle()
    assert sum(u["strength"] for u in oob["combat_units"] if u["setup"] == "2004") > 8
    others: dict[str, int] = {}
    for unit in oob["combat_units"]:
        if isinstance(unit["setup"], str) and unit["setup"] != "2004" and unit["setup"].isdigit():
            others[unit["setup"]] = others.get(unit["setup"], 0) + unit["strength"]
    assert max(others.values()) <= 8


@pytest.mark.parametrize("number", ["0101", "0607", "1206", "2506", "2013", "1314"])
def test_ccrr_numbers_round_trip_through_axial(number: str) -> None:
    grid = Grid("even")
    assert grid.number(grid.axial(number)) == number


def test_column_stagger_pinned_by_the_zulu_attack_example_5_5() -> None:
    """0607 and 0509 must both be next to the two British hexes between them."""
    b = board()
    common = set(b.neighbours["0607"]) & set(b.neighbours["0509"])
    assert common == {"0508", "0608"}
    odd = Grid("odd")
    assert distance(odd.axial("0607"), odd.axial("0509")) == 3  # the other stagger cannot


def test_adjacencies_of_the_examples_of_play() -> None:
    """A Co.'s path 0808 -> 0909 -> 1008 and C Co.'s targets 0909 and 0908 from 1008."""
    b = board()
    assert "0909" in b.neighbours["0808"] and "1008" in b.neighbours["0909"]
    assert {"0908", "0909"} <= set(b.neighbours["1008"])
    assert b.distance("0807", "0909") == 2  # A Co. fires at range 2, no range modifier
    assert "0708" in b.neighbours["0608"]  # 5.4: E Co. can combine on 0608 or fire at 0708


def test_line_of_sight_example_8_5() -> None:
    """From 1206 a unit can fire into 1006 (along the edge of heights 1106) and 0907."""
    b = board()
    assert b.heights("1106") and not b.heights("1107")
    assert b.line_of_sight("1206", "1006") and b.line_of_sight("1206", "0907")
    assert not b.line_of_sight("1206", "1004")  # through the hill
    assert not b.line_of_sight("1006", "1104")  # into heights at range 2
    assert b.line_of_sight("1206", "1106")  # adjacent fire is never blocked
