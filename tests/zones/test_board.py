"""The loaders: the queries an engine asks of a board, and the checks that refuse a broken file.

Each check is shown catching a planted fault, with the plain message a player correcting the
data would read.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Callable

import pytest
from pydantic import ValidationError

from games.zones.board import FILES, load_board, parse_map, read_data
from games.zones.charts import load_charts, parse_charts
from games.zones.forces import load_forces, parse_forces
from games.zones.notes import load_notes
from games.zones.schema import NotesFile

Edit = Callable[[dict], None]


def rd_data() -> dict:
    return json.loads(read_data(FILES["rorkes-drift"]))


def zone_of(data: dict, zone_id: str) -> dict:
    return next(z for z in data["zones"] if z["id"] == zone_id)


def side_of(data: dict, zone_id: str, other: str) -> dict:
    return next(s for s in zone_of(data, zone_id)["sides"] if s["zone"] == other)


def refused(edit: Edit) -> str:
    data = rd_data()
    edit(data)
    with pytest.raises(ValidationError) as caught:
        parse_map(json.dumps(data))
    return str(caught.value)


# --------------------------------------------------------------------------- queries


def test_neighbours_adjacency_and_corners_are_different_questions() -> None:
    board = load_board("rorkes-drift")
    assert board.neighbours("14") == ("5", "6", "13", "15", "20")
    assert board.is_adjacent("14", "5") and not board.is_adjacent("14", "4")
    assert board.corners("14") == ("4", "7", "19")


def test_wall_between_names_the_wall_or_none_and_refuses_zones_that_do_not_meet() -> None:
    rd = load_board("rorkes-drift")
    assert rd.wall_between("I", "12") == "mealie-bag"
    assert rd.wall_between("I", "J") is None
    with pytest.raises(ValueError, match="share no side"):
        rd.wall_between("I", "P")
    isl = load_board("isandlwana")
    assert isl.wall_between("13", "6") is None and isl.crosses_ridge("13", "6")
    assert isl.barrier("13", "6") == "ridge"


def test_fire_targets_give_range_lines_and_wall_information() -> None:
    rd = load_board("rorkes-drift")
    entry = rd.fire_target("C", "7")
    assert entry is not None and entry.range == 2 and entry.from_rules
    assert [(ln.through, ln.wall, ln.zone_before_wall) for ln in entry.lines] == [
        (("E",), "mealie-bag", True)
    ]
    assert rd.fire_target("P", "E") is None
    assert {f.target for f in rd.fire_targets("P")} == {"4", "5", "K", "13", "14", "19", "20"}
    assert rd.fire_targets("14") == ()


def test_entry_zones_by_turn() -> None:
    isl = load_board("isandlwana")
    assert isl.entry_zones(1) == ("X", "Y")
    assert set(isl.entry_zones(3)) == {"X", "Y", "2"}
    assert set(isl.entry_zones(6)) == {"X", "Y", "1", "2", "19", "30"}
    rd = load_board("rorkes-drift")
    assert rd.entry_zones(1) == rd.entry_zones(16)


def test_limits_roles_objectives_and_facing() -> None:
    rd = load_board("rorkes-drift")
    assert rd.limit("L", "british") == 8 and rd.limit("J", "zulu") is None
    assert rd.limit("H", "zulu") == 0 and rd.limit("12", "british") == 0
    with pytest.raises(ValueError, match="'british' or 'zulu'"):
        rd.limit("L", "boer")
    assert rd.with_role("kraal") == ("A", "B")
    assert rd.objective_of("K") is None
    facing = rd.facing("14")
    assert facing.ahead == "6" and {facing.left, facing.right} == {"13", "15"}


def test_steps_go_round_the_mountain_and_never_into_it() -> None:
    isl = load_board("isandlwana")
    assert isl.steps("11", ["17"]) == 2
    assert isl.steps("11", ["MT"]) is None
    assert isl.steps("16", ["15", "12"]) == 1


def test_unknown_zones_and_battles_are_refused_with_what_exists() -> None:
    rd = load_board("rorkes-drift")
    with pytest.raises(KeyError, match="has no zone 'Q'; its zones are A, B"):
        rd.neighbours("Q")
    with pytest.raises(ValueError, match="the battles are isandlwana, rorkes-drift"):
        load_board("ulundi")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no order of battle"):
        load_forces("ulundi")  # type: ignore[arg-type]


def test_records_are_frozen_and_loaded_once() -> None:
    board = load_board("isandlwana")
    assert load_board("isandlwana") is board
    with pytest.raises(dataclasses.FrozenInstanceError):
        board.title = "changed"  # type: ignore[misc]
    with pytest.raises(TypeError):
        board.zones["15"] = board.zones["16"]  # type: ignore[index]
    with pytest.raises(TypeError):
        load_charts().hit_by_range[1] = 6  # type: ignore[index]
    with pytest.raises(TypeError):
        load_notes()["new"] = load_notes()["bourne-charge"]  # type: ignore[index]


def test_charts_refuse_dice_and_faces_they_do_not_cover() -> None:
    charts = load_charts()
    assert charts.hits(9, 5) == 3
    with pytest.raises(ValueError, match="covers 1 to 104 dice, not 0"):
        charts.hits(0, 5)
    with pytest.raises(ValueError, match="faces"):
        charts.hits(5, 2)
    assert charts.solitaire_entry("rorkes-drift", 1, 6) == "split"
    with pytest.raises(ValueError, match="no column for turn 17"):
        charts.solitaire_entry("isandlwana", 17, 1)


# --------------------------------------------------------------------------- planted faults


def test_a_side_listed_from_one_zone_only_is_refused() -> None:
    def edit(data: dict) -> None:
        zone = zone_of(data, "P")
        zone["sides"] = [s for s in zone["sides"] if s["zone"] != "K"]

    assert "K lists P as a side neighbour but not the reverse" in refused(edit)


def test_a_wall_seen_differently_from_its_two_sides_is_refused() -> None:
    def edit(data: dict) -> None:
        side_of(data, "P", "K")["barrier"] = "none"

    assert "is none from one side and mealie-bag from the other" in refused(edit)


def test_a_side_and_corner_at_once_is_refused() -> None:
    def edit(data: dict) -> None:
        zone_of(data, "P")["corners"].append({"zone": "K", "src": "reconstruction"})

    assert "cannot share both a side and a corner" in refused(edit)


def test_contacts_that_differ_from_the_drawing_are_refused() -> None:
    def edit(data: dict) -> None:
        for a, b in (("P", "J"), ("J", "P")):
            zone_of(data, a)["sides"].append(
                {
                    "zone": b,
                    "src": "reconstruction",
                    "barrier": "none",
                    "barrier_src": "reconstruction",
                }
            )

    assert "zone P: the side neighbours listed (4, 5, J, K, L, M)" in refused(edit)


def test_overlapping_and_missing_cells_are_refused() -> None:
    def overlap(data: dict) -> None:
        zone_of(data, "P")["area"].append([10, 6, 11, 7])

    assert "zones K and P overlap at cell 10,6" in refused(overlap)

    def gap(data: dict) -> None:
        zone_of(data, "P")["area"] = [[8, 6, 9, 7]]

    assert "1 grid cells belong to no zone" in refused(gap)


def test_references_to_unknown_zones_are_refused() -> None:
    def edit(data: dict) -> None:
        zone_of(data, "C")["fire"][0]["target"] = "Q"

    assert "zone C names an unknown zone Q" in refused(edit)


def test_a_line_of_fire_across_a_corner_is_refused_where_there_is_no_diagonal_fire() -> None:
    def edit(data: dict) -> None:
        entry = next(f for f in zone_of(data, "P")["fire"] if f["target"] == "13")
        entry["lines"][0]["through"] = ["5"]

    assert "steps from 5 to 13, which share no side" in refused(edit)


def test_a_line_whose_length_differs_from_its_range_is_refused() -> None:
    def edit(data: dict) -> None:
        entry = next(f for f in zone_of(data, "P")["fire"] if f["target"] == "13")
        entry["range"] = 3

    assert "must pass 2 zones, not 1" in refused(edit)


def test_a_second_entry_for_one_target_is_refused() -> None:
    def edit(data: dict) -> None:
        fire = zone_of(data, "P")["fire"]
        fire.append(copy.deepcopy(fire[0]))

    assert "zone P lists a fire target twice" in refused(edit)


def test_a_facing_that_is_not_a_neighbour_is_refused() -> None:
    def edit(data: dict) -> None:
        zone_of(data, "14")["left"] = "19"

    assert "zone 14: left is 19, which is not a side neighbour" in refused(edit)


def test_marks_unknown_keys_and_misplaced_entry_turns_are_refused() -> None:
    def bad_mark(data: dict) -> None:
        zone_of(data, "P")["kind_src"] = "rules eleven"

    assert "kind_src" in refused(bad_mark)

    def unknown_key(data: dict) -> None:
        zone_of(data, "P")["colour"] = "green"

    assert "colour" in refused(unknown_key)

    def inland_entry(data: dict) -> None:
        zone_of(data, "14")["entry_turn"] = 1

    assert "only a board-edge zone can be an entry zone" in refused(inland_entry)

    def penalty_without_wall(data: dict) -> None:
        entry = next(f for f in zone_of(data, "P")["fire"] if f["target"] == "13")
        entry["lines"][0]["wall"] = None
        entry["lines"][0]["zone_before_wall"] = True

    assert "cannot have a zone before a wall it does not cross" in refused(penalty_without_wall)


def test_duplicate_zones_are_refused() -> None:
    def edit(data: dict) -> None:
        data["zones"].append(copy.deepcopy(zone_of(data, "P")))

    assert "zone ids used twice: P" in refused(edit)


def test_broken_forces_charts_and_notes_are_refused() -> None:
    forces = json.loads(read_data("forces.json"))
    forces["battles"][0]["british"][2]["reduced"] = 6
    with pytest.raises(ValidationError, match="reduced side must be weaker"):
        parse_forces(json.dumps(forces))
    forces = json.loads(read_data("forces.json"))
    forces["battles"][1]["british"][-1]["sp"] = 1
    with pytest.raises(ValidationError, match="VP units, and only they, have no SP"):
        parse_forces(json.dumps(forces))
    forces = json.loads(read_data("forces.json"))
    forces["battles"][1]["british"].append(copy.deepcopy(forces["battles"][1]["british"][0]))
    with pytest.raises(ValidationError, match="unit ids used twice: chard"):
        parse_forces(json.dumps(forces))
    charts = json.loads(read_data("charts.json"))
    del charts["loss_track"]
    with pytest.raises(ValidationError, match="loss_track"):
        parse_charts(json.dumps(charts))
    notes = json.loads(read_data("notes.json"))
    notes["notes"].append(copy.deepcopy(notes["notes"][0]))
    with pytest.raises(ValidationError, match="note ids used twice"):
        NotesFile.model_validate_json(json.dumps(notes))
