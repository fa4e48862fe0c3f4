"""The zone-game data: valid, marked by source, self-consistent, and true to every map fact of
the rule text (zones-facts.md section (c), rows R1-R31 and I1-I31, and the issue's list).

Each fact test names its fact id and rule. The fire lists are also recomputed here from the
method the notes describe, so the data and the notes cannot drift apart.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from itertools import combinations, pairwise

import pytest

from games.zones.board import FILES, Board, Facing, load_board, map_of, read_data
from games.zones.charts import load_charts
from games.zones.forces import load_forces
from games.zones.notes import load_notes
from games.zones.setup import new_state

SECTIONS = set(
    "1.0 2.0 2.1 2.2 3.0 3.1 3.2 3.3 3.4 3.5 3.5.1 4.0 4.1 5.0 5.1 5.2 6.0 6.1 6.2 6.3 7.0 7.1 "
    "8.0 8.1 9.0 9.1 9.2 9.3 9.3.1 9.4 9.4.1 10.0 10.1 10.2 10.3 10.4 10.5 10.6 10.7 10.8 11.0 "
    "11.1 11.2 11.2.1 11.2.2 11.3 11.3.1 11.3.2 11.4 11.4.1 11.4.2 11.4.3 11.4.4 11.4.5 11.5 "
    "11.6 12.0 12.1 12.2 12.3 12.4 12.5 12.6 12.7 12.8 13.0 13.1 13.2 13.3 13.4 14.0 14.1 14.2 "
    "14.3 14.4 14.5 15.0 15.1 15.2 15.3 15.4 16.0 16.1 16.2 17.0 17.1 17.1.1 17.1.2 17.1.3 "
    "17.1.4 17.1.5 17.2 17.2.1 17.2.2 17.2.3 17.3 17.4 18.0 18.1 18.1.2 18.1.3 18.1.4 "
    "18.1.4.1 18.1.5 19.0 20.0 21.0 22.0".split()
)
LETTERS = set("ABCDEFGHIJKLMNOP")
WALL_KINDS = {"building", "mealie-bag", "mealie-bag-wagon", "stone", "biscuit-box"}
NO_FIRE_INTO = set("LMNODG")


@pytest.fixture(scope="module")
def rd() -> Board:
    return load_board("rorkes-drift")


@pytest.fixture(scope="module")
def isl() -> Board:
    return load_board("isandlwana")


def raw(name: str) -> dict:
    return json.loads(read_data(name))


def sources(node: object) -> Iterator[str]:
    """Every source mark in a parsed data file, wherever it sits."""
    if isinstance(node, dict):
        for key, value in node.items():
            if (key == "src" or key.endswith("_src")) and value is not None:
                yield value
            else:
                yield from sources(value)
    elif isinstance(node, list):
        for item in node:
            yield from sources(item)


def targets(board: Board, firer: str) -> set[str]:
    return {f.target for f in board.fire_targets(firer)}


def lines(board: Board, firer: str, target: str) -> set[tuple[str, ...]]:
    entry = board.fire_target(firer, target)
    assert entry is not None, f"{target} is not in the fire list of {firer}"
    return {line.through for line in entry.lines}


def touches(board: Board, a: str, b: str) -> bool:
    return board.is_adjacent(a, b) or b in board.corners(a)


# --------------------------------------------------------------------------- files and marks


@pytest.mark.parametrize("name", [*FILES.values(), "forces.json", "charts.json"])
def test_every_data_file_loads_and_every_mark_is_rules_or_reconstruction(name: str) -> None:
    data = raw(name)
    marks = list(sources(data))
    assert marks, name
    for mark in marks:
        assert mark == "reconstruction" or mark.startswith("rules "), mark
        if mark.startswith("rules "):
            cited = set(mark.removeprefix("rules ").split(", "))
            assert cited <= SECTIONS, f"{name} cites sections the text does not have: {cited}"


def test_notes_cite_only_sections_the_text_has() -> None:
    for reading in load_notes().values():
        assert set(reading.refs) <= SECTIONS, reading.id


def test_both_maps_and_every_table_validate() -> None:
    for battle in FILES:
        assert load_board(battle).battle == battle
        assert load_forces(battle).battle == battle
    assert len(load_charts().sequence) == 10
    assert load_notes()


@pytest.mark.parametrize("battle", list(FILES))
def test_every_zone_carries_every_field_with_its_mark(battle: str) -> None:
    fields = {
        "id", "name", "src", "area", "kind", "kind_src", "roles", "roles_src", "edge",
        "entry_turn", "entry_src", "british", "zulu", "presence_src", "limit_british",
        "limit_zulu", "limit_src", "sides", "corners", "fire", "ahead", "left", "right",
        "solitaire_src",
    }  # fmt: skip
    for zone in raw(FILES[battle])["zones"]:
        assert set(zone) == fields, zone["id"]
        for side in zone["sides"]:
            assert side["src"] and side["barrier_src"], (zone["id"], side)
        for entry in zone["fire"]:
            assert entry["src"], (zone["id"], entry["target"])


# --------------------------------------------------------------------------- symmetry


@pytest.mark.parametrize("battle", list(FILES))
def test_adjacency_corners_and_barriers_are_symmetric(battle: str) -> None:
    board = load_board(battle)
    for a in board.zones:
        for b in board.neighbours(a):
            assert board.is_adjacent(b, a), (a, b)
            assert board.barrier(a, b) == board.barrier(b, a), (a, b)
        for b in board.corners(a):
            assert a in board.corners(b), (a, b)
            assert not board.is_adjacent(a, b), (a, b)


@pytest.mark.parametrize("battle", list(FILES))
def test_contacts_match_the_drawn_areas(battle: str) -> None:
    """Each zone's listed sides and corners are exactly what its rectangles share."""
    board = load_board(battle)
    owner = {
        (x, y): z
        for z, rects in board.areas.items()
        for x0, y0, x1, y1 in rects
        for x in range(x0, x1)
        for y in range(y0, y1)
    }
    assert len(owner) == board.width * board.height
    for (x, y), here in owner.items():
        for nx, ny in ((x + 1, y), (x, y + 1)):
            there = owner.get((nx, ny))
            if there is not None and there != here:
                assert board.is_adjacent(here, there), (here, there)
        block = {owner.get(c) for c in ((x + 1, y), (x, y + 1), (x + 1, y + 1))} - {None, here}
        for there in block:
            assert touches(board, here, there), (here, there)


@pytest.mark.parametrize("battle", list(FILES))
def test_fire_lines_step_across_real_contacts_and_match_their_range(battle: str) -> None:
    board = load_board(battle)
    for firer in board.zones:
        for entry in board.fire_targets(firer):
            assert 1 <= entry.range <= 3
            for line in entry.lines:
                steps = (firer, *line.through, entry.target)
                assert len(steps) == entry.range + 1
                for a, b in pairwise(steps):
                    if board.diagonal_fire:
                        assert touches(board, a, b), (firer, entry.target, a, b)
                    else:
                        assert board.is_adjacent(a, b), (firer, entry.target, a, b)


# --------------------------------------------------------------------------- fire lists recomputed


def _rd_expected(board: Board, firer: str) -> dict[str, tuple[int, set]]:
    """11.0, 11.4.3-11.4.5 and the notes: straight grid lines, one wall at most."""
    owner = {
        (x, y): z
        for z, rects in board.areas.items()
        for x0, y0, x1, y1 in rects
        for x in range(x0, x1)
        for y in range(y0, y1)
    }
    closed = {z for z in board.zones if board.zone(z).kind in ("building", "roof", "redoubt")}
    raised = {"H": {"H", "G"}, "D": {"D"}}.get(firer, set())
    found: dict[str, set] = {}
    for (x, y), z in owner.items():
        if z != firer:
            continue
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            seq = [firer]
            cx, cy = x + dx, y + dy
            while (cx, cy) in owner:
                here = owner[(cx, cy)]
                cx, cy = cx + dx, cy + dy
                if here == seq[-1]:
                    continue
                if here in seq or len(seq) > 3:
                    break
                seq.append(here)
                walls = [
                    (i, board.wall_between(a, b))
                    for i, (a, b) in enumerate(pairwise(seq))
                    if board.wall_between(a, b) and not {a, b} & raised
                ]
                if len(walls) > 1:
                    break
                if here not in closed:
                    wall = walls[0][1] if walls else None
                    before = bool(walls) and walls[0][0] > 0
                    found.setdefault(here, set()).add(
                        (len(seq) - 1, tuple(seq[1:-1]), wall, before)
                    )
                if (here in closed and here not in raised) or board.zone(here).kind == "heights":
                    break
    expected = {}
    for target, options in found.items():
        best = min(o[0] for o in options)
        expected[target] = (best, {o[1:] for o in options if o[0] == best})
    return expected


def test_rorkes_drift_fire_lists_are_exactly_the_straight_lines_of_the_notes(rd: Board) -> None:
    for firer in rd.zones:
        listed = {
            f.target: (f.range, {(ln.through, ln.wall, ln.zone_before_wall) for ln in f.lines})
            for f in rd.fire_targets(firer)
        }
        expected = _rd_expected(rd, firer) if firer in LETTERS else {}
        assert listed == expected, firer


def _is_expected(board: Board, firer: str) -> dict[str, tuple[int, set]]:
    """11.0 and 11.4.2 with the notes: corner steps count, the mountain and the ridge block."""

    def contacts(zone: str) -> set[str]:
        return {z for z in (*board.neighbours(zone), *board.corners(zone)) if board.zone(z).zulu}

    def ridge(a: str, b: str) -> bool:
        return (board.zone(a).kind == "plateau") != (board.zone(b).kind == "plateau")

    expected = {t: (1, {()}) for t in contacts(firer)}
    reach = {firer: 0}
    before: dict[str, list[str]] = {}
    layer = [firer]
    for distance in (1, 2, 3):
        found: dict[str, list[str]] = {}
        for here in layer:
            for there in contacts(here):
                if there not in reach and not ridge(here, there):
                    found.setdefault(there, []).append(here)
        reach.update(dict.fromkeys(found, distance))
        before.update(found)
        layer = list(found)

    def ways(zone: str) -> set[tuple[str, ...]]:
        if zone == firer:
            return {()}
        return {(*way, zone) for prior in before[zone] for way in ways(prior)}

    for target, distance in reach.items():
        if distance >= 2 and target not in expected and board.zone(target).kind != "donga":
            expected[target] = (distance, {way[:-1] for way in ways(target)})
    return expected


def test_isandlwana_fire_lists_are_every_zone_within_3_by_every_shortest_line(isl: Board) -> None:
    for firer in isl.zones:
        listed = {
            f.target: (f.range, {ln.through for ln in f.lines}) for f in isl.fire_targets(firer)
        }
        expected = _is_expected(isl, firer) if firer != "MT" else {}
        assert listed == expected, firer


def test_isandlwana_lines_have_no_wall_marks(isl: Board) -> None:
    for firer in isl.zones:
        for entry in isl.fire_targets(firer):
            assert all(ln.wall is None and not ln.zone_before_wall for ln in entry.lines)


# --------------------------------------------------------------------------- Rorke's Drift facts


def connected(board: Board, group: set[str]) -> bool:
    """True when every zone of ``group`` reaches every other without leaving the group."""
    start = next(iter(group))
    seen, todo = {start}, [start]
    while todo:
        for there in board.neighbours(todo.pop()):
            if there in group and there not in seen:
                seen.add(there)
                todo.append(there)
    return seen == group


def test_R1_lettered_zones_inside_numbered_outside_rule_2_1(rd: Board) -> None:
    lettered = {z for z in rd.zones if not z.isdigit()}
    assert lettered == LETTERS
    numbered = {z for z in rd.zones if z.isdigit()}
    assert sorted(int(z) for z in numbered) == list(range(1, len(numbered) + 1))
    assert not any(rd.zone(z).edge for z in LETTERS)
    assert connected(rd, LETTERS) and connected(rd, numbered)


def test_R2_terrain_outside_the_compound_is_decoration_rule_2_1(rd: Board) -> None:
    outside = [z for z in rd.zones if z.isdigit()]
    for a in outside:
        zone = rd.zone(a)
        assert not zone.roles and zone.limit_zulu is None, a
        for b in rd.neighbours(a):
            if b.isdigit():
                assert rd.wall_between(a, b) is None, (a, b)


def test_R3_british_stay_in_lettered_zones_rule_2_1(rd: Board) -> None:
    for z in rd.zones:
        assert rd.zone(z).british == (z in LETTERS), z
        if z not in LETTERS:
            assert rd.limit(z, "british") == 0
            assert not rd.fire_targets(z)


def test_R4_wall_kinds_rule_2_1(rd: Board) -> None:
    used = {rd.wall_between(a, b) for a in rd.zones for b in rd.neighbours(a)} - {None}
    assert used == WALL_KINDS
    assert all(rd.barrier(a, b) != "ridge" for a in rd.zones for b in rd.neighbours(a))


def test_R5_interior_compound_walls_exist_rule_14_2(rd: Board) -> None:
    interior = {
        (a, b)
        for a in LETTERS
        for b in rd.neighbours(a)
        if b in LETTERS and rd.wall_between(a, b) is not None
    }
    assert ("K", "E") in interior and ("K", "C") in interior
    assert rd.wall_between("K", "E") == "biscuit-box"


def test_R6_zulus_enter_at_any_outer_edge_zone_rule_2_1_5_2(rd: Board) -> None:
    edge = {z for z in rd.zones if rd.zone(z).edge}
    assert set(rd.entry_zones(1)) == edge
    assert edge == {str(n) for n in range(17, 25)}


def test_R7_oskarberg_is_built_into_the_lists_rule_11_4(rd: Board) -> None:
    heights = {z for z in rd.zones if rd.zone(z).kind == "heights"}
    assert heights == {"22", "23", "24"}
    for firer in rd.zones:
        for entry in rd.fire_targets(firer):
            assert not {t for ln in entry.lines for t in ln.through} & heights, firer
    assert "23" in targets(rd, "H") and "23" not in targets(rd, "C")


def test_R8_no_diagonal_fire_at_rorkes_drift_rule_11_0(rd: Board) -> None:
    assert not rd.diagonal_fire
    for firer in rd.zones:
        for entry in rd.fire_targets(firer):
            assert entry.target not in rd.corners(firer) or entry.range > 1
            for line in entry.lines:
                for a, b in pairwise((firer, *line.through, entry.target)):
                    assert rd.is_adjacent(a, b)


def test_R9_hospital_L_M_N_O_rule_2_2_5_1_11_3_16_1(rd: Board) -> None:
    assert set(rd.with_role("hospital")) == set("LMNO")
    for z in "LMNO":
        assert rd.zone(z).kind == "building"
        assert rd.limit(z, "british") == rd.limit(z, "zulu") == 8
    for firer in rd.zones:
        assert not targets(rd, firer) & set("LMNO"), firer
    hospital = rd.objective_of("L")
    assert hospital is not None and hospital.vp == 6 and set(hospital.zones) == set("LMNO")
    assert hospital.kept_once_won and hospital.needs_all
    vp_units = {u.setup for u in load_forces("rorkes-drift").british if u.kind == "vp"}
    assert vp_units == set("LMNO")


def test_R10_G_is_the_storehouse_with_replacements_rule_2_1_9_3_11_3(rd: Board) -> None:
    assert rd.with_role("storehouse") == ("G",) and rd.with_role("replacements") == ("G",)
    assert rd.zone("G").kind == "building" and rd.limit("G", "zulu") == 8
    assert not any("G" in targets(rd, z) for z in rd.zones)
    assert "g-is-the-storehouse" in load_notes()


def test_R11_H_is_the_roof_british_only_rule_2_2_11_4_5(rd: Board) -> None:
    roof = rd.zone("H")
    assert roof.kind == "roof" and rd.with_role("roof") == ("H",)
    assert roof.british and not roof.zulu
    assert rd.limit("H", "british") == 8 and rd.limit("H", "zulu") == 0
    assert rd.steps("G", ["H"]) == 1


def test_R12_D_is_the_final_redoubt_rule_2_2_11_3_16_1(rd: Board) -> None:
    assert rd.zone("D").kind == "redoubt" and rd.with_role("redoubt") == ("D",)
    assert rd.limit("D", "british") == rd.limit("D", "zulu") == 8
    assert not any("D" in targets(rd, z) for z in rd.zones)
    redoubt = rd.objective_of("D")
    assert redoubt is not None and redoubt.vp == 10


def test_R13_kraal_A_B_four_vp_together_rule_16_1(rd: Board) -> None:
    assert set(rd.with_role("kraal")) == {"A", "B"}
    kraal = rd.objective_of("A")
    assert kraal is not None and kraal is rd.objective_of("B")
    assert kraal.vp == 4 and kraal.needs_all and set(kraal.zones) == {"A", "B"}


def test_R14_water_cart_J_rule_11_3_1_16_1(rd: Board) -> None:
    assert rd.with_role("water-cart") == ("J",)
    cart = rd.objective_of("J")
    assert cart is not None and cart.vp == 5 and cart.night_vp_from_turn_record
    assert cart.kept_once_won
    turns = load_charts().turns["rorkes-drift"]
    night = [t.water_cart_vp for t in turns if t.light == "night"]
    assert all(t.water_cart_vp == 5 for t in turns if t.light == "day")
    assert all(v is not None and 0 < v < 5 for v in night)
    assert night == sorted(night, reverse=True) and night[0] > night[-1]


def test_R15_I_meets_J_and_K_without_walls_and_12_across_mealie_bags_rule_14_3_10_5(
    rd: Board,
) -> None:
    for other in ("J", "K"):
        assert rd.is_adjacent("I", other) and rd.wall_between("I", other) is None
        entry = rd.fire_target("I", other)
        assert entry is not None and entry.range == 1
    assert rd.wall_between("I", "12") == "mealie-bag"


def test_R16_K_touches_6_P_and_I_rule_12_1_12_3(rd: Board) -> None:
    for other in ("6", "P", "I"):
        assert rd.is_adjacent("K", other)
    entry = rd.fire_target("P", "K")
    assert entry is not None and entry.range == 1


def test_R17_P_fire_list_rule_11_2_1_11_4_3(rd: Board) -> None:
    listed = {f.target: f.range for f in rd.fire_targets("P")}
    assert listed == {"4": 1, "5": 1, "K": 1, "13": 2, "14": 2, "19": 3, "20": 3}
    assert all(f.from_rules for f in rd.fire_targets("P"))
    assert "E" not in listed and "F" not in listed
    assert rd.is_adjacent("P", "K") and "6" in rd.corners("P")


def test_R18_E_corner_of_6_between_C_and_the_wall_rule_11_4_4_12_1(rd: Board) -> None:
    assert "6" in rd.corners("E") and not rd.is_adjacent("E", "6")
    assert rd.is_adjacent("C", "E") and rd.wall_between("C", "E") is None
    assert rd.is_adjacent("E", "7") and rd.wall_between("E", "7") is not None
    assert "E" not in targets(rd, "P")


def test_R19_C_fires_past_E_at_7_and_15_less_one_rule_11_4_4(rd: Board) -> None:
    hit_by_range = load_charts().hit_by_range
    for target, reach, hits_on in (("7", 2, 5), ("15", 3, 6)):
        entry = rd.fire_target("C", target)
        assert entry is not None and entry.range == reach and entry.from_rules
        (line,) = entry.lines
        assert line.through[0] == "E" and line.wall is not None and line.zone_before_wall
        assert hit_by_range[reach] + 1 == hits_on
    assert lines(rd, "C", "15") == {("E", "7")}


def test_R20_P_cannot_fire_at_F_over_two_walls_rule_11_4_3(rd: Board) -> None:
    assert "F" not in targets(rd, "P")
    # the straight line P - K - E - F crosses the traverse and the biscuit-box line
    walls = [rd.wall_between(a, b) for a, b in pairwise("PKEF")]
    assert sum(w is not None for w in walls) == 2


def test_R21_zone_14_side_neighbours_rule_10_1(rd: Board) -> None:
    assert set(rd.neighbours("14")) == {"5", "6", "13", "15", "20"}
    assert set(rd.corners("14")) == {"4", "7", "19"}
    for corner in ("4", "7", "19"):
        assert not rd.is_adjacent("14", corner)


def test_R22_zone_12_meets_I_11_13_not_10_or_14_rule_10_5(rd: Board) -> None:
    assert rd.is_adjacent("12", "I") and rd.wall_between("12", "I") == "mealie-bag"
    for way in (("12", "11", "10"), ("12", "13", "14")):
        for a, b in pairwise(way):
            assert rd.is_adjacent(a, b) and rd.wall_between(a, b) is None
    for far in ("10", "14"):
        assert not touches(rd, "12", far) and rd.steps("12", [far]) == 2


def test_R23_zone_11_meets_10_and_12_rule_10_5(rd: Board) -> None:
    for other in ("10", "12"):
        assert rd.is_adjacent("11", other) and rd.wall_between("11", other) is None


def test_R24_zone_13_meets_12_and_14_range_2_from_P_rule_10_5_11_2_1(rd: Board) -> None:
    for other in ("12", "14"):
        assert rd.is_adjacent("13", other) and rd.wall_between("13", other) is None
    entry = rd.fire_target("P", "13")
    assert entry is not None and entry.range == 2


def test_R25_zone_6_touches_K_not_E_or_P_rule_12_1(rd: Board) -> None:
    assert rd.is_adjacent("6", "K") and rd.is_adjacent("6", "14")
    assert set(rd.corners("6")) >= {"E", "P"}
    assert not rd.is_adjacent("6", "E") and not rd.is_adjacent("6", "P")


def test_R26_zone_7_range_2_from_C_corner_of_14_rule_11_4_4_10_1(rd: Board) -> None:
    entry = rd.fire_target("C", "7")
    assert entry is not None and entry.range == 2
    assert "7" in rd.corners("14")


def test_R27_zone_15_range_3_from_C_beside_14_rule_11_4_4_10_1(rd: Board) -> None:
    entry = rd.fire_target("C", "15")
    assert entry is not None and entry.range == 3
    assert rd.is_adjacent("15", "14")


def test_R28_zones_4_and_5_range_1_from_P_rule_11_2_1_10_1(rd: Board) -> None:
    for zone in ("4", "5"):
        entry = rd.fire_target("P", zone)
        assert entry is not None and entry.range == 1 and rd.is_adjacent("P", zone)
    assert rd.is_adjacent("5", "14") and "4" in rd.corners("14")


def test_R29_zones_19_and_20_range_3_from_P_rule_11_2_1_10_1(rd: Board) -> None:
    for zone in ("19", "20"):
        entry = rd.fire_target("P", zone)
        assert entry is not None and entry.range == 3
    assert rd.is_adjacent("20", "14") and "19" in rd.corners("14")


def test_R30_solitaire_entry_zones_17_to_21_are_edge_zones_rule_18_1(rd: Board) -> None:
    chart = load_charts().entry_rorkes_drift
    assert chart == {1: "18", 2: "19", 3: "20", 4: "21", 5: "17", 6: "split"}
    for zone in ("17", "18", "19", "20", "21"):
        assert rd.zone(zone).edge and rd.zone(zone).entry_turn == 1


def test_R31_solitaire_facing_is_toward_the_compound_rule_18_1_4_1(rd: Board) -> None:
    assert set(rd.focal) == LETTERS
    for z in rd.zones:
        if z in LETTERS:
            continue
        facing = rd.facing(z)
        assert facing.ahead is not None, z
        assert rd.steps(facing.ahead, LETTERS) == rd.steps(z, LETTERS) - 1, z
        assert facing.left != facing.right or facing.left is None, z


# --------------------------------------------------------------------------- Isandlwana facts


def test_I1_zones_are_numbered_except_X_Y_and_the_mountain_rule_2_1(isl: Board) -> None:
    named = {z for z in isl.zones if not z.isdigit()}
    assert named == {"X", "Y", "MT"}
    numbers = sorted(int(z) for z in isl.zones if z.isdigit())
    assert numbers == list(range(1, 32))


def test_I2_entry_shields_sit_on_the_edge_rule_2_1(isl: Board) -> None:
    shields = {z: isl.zone(z).entry_turn for z in isl.zones if isl.zone(z).entry_turn}
    assert all(isl.zone(z).edge for z in shields)
    for turn in range(1, 17):
        assert set(isl.entry_zones(turn)) == {z for z, t in shields.items() if t <= turn}
    # a blocked shield zone still leaves zones beside it to enter
    assert set(isl.neighbours("2")) == {"1", "3", "5"}


def test_I3_camps_river_and_contours_have_no_effect_rule_2_1(isl: Board) -> None:
    for z in ("14", "15", "23"):
        assert isl.zone(z).kind == "open"
    barriers = {isl.barrier(a, b) for a in isl.zones for b in isl.neighbours(a)}
    assert barriers == {"none", "ridge"}


def test_I4_mount_isandlwana_is_impassable_and_blocks_rule_2_1_10_6_11_4_2(isl: Board) -> None:
    mountain = isl.zone("MT")
    assert mountain.kind == "mountain" and not mountain.british and not mountain.zulu
    assert isl.limit("MT", "zulu") == 0 and not isl.fire_targets("MT")
    for firer in isl.zones:
        assert "MT" not in targets(isl, firer)
        for entry in isl.fire_targets(firer):
            assert all("MT" not in ln.through for ln in entry.lines)
    assert isl.steps("11", ["17"]) == 2  # round the mountain, never across it


def test_I5_a_ridge_line_and_donga_zones_rule_2_1_10_6_7_1(isl: Board) -> None:
    dongas = {z for z in isl.zones if isl.zone(z).kind == "donga"}
    assert "19" in dongas and len(dongas) >= 2
    ridge = [(a, b) for a in isl.zones for b in isl.neighbours(a) if isl.crosses_ridge(a, b)]
    assert ridge
    for a, b in ridge:
        assert (isl.zone(a).kind == "plateau") != (isl.zone(b).kind == "plateau")
    for a in isl.zones:
        for b in isl.neighbours(a):
            if "MT" not in (a, b) and not isl.crosses_ridge(a, b):
                assert (isl.zone(a).kind == "plateau") == (isl.zone(b).kind == "plateau")


def test_I6_every_zone_lists_its_targets_at_R1_to_R3_rule_2_1_11_4(isl: Board) -> None:
    for z in isl.zones:
        if z == "MT":
            continue
        ranges = {f.range for f in isl.fire_targets(z)}
        assert ranges and ranges <= {1, 2, 3}, z


def test_I7_diagonal_fire_at_isandlwana_rule_11_0(isl: Board) -> None:
    assert isl.diagonal_fire
    corner_steps = [
        (firer, entry.target)
        for firer in isl.zones
        for entry in isl.fire_targets(firer)
        for ln in entry.lines
        for a, b in pairwise((firer, *ln.through, entry.target))
        if b in isl.corners(a)
    ]
    assert corner_steps
    entry = isl.fire_target("16", "18")
    assert entry is not None and entry.range == 1 and "18" in isl.corners("16")


def test_I8_zone_limits_16_british_30_zulu_rule_2_2(isl: Board) -> None:
    for z in isl.zones:
        if z != "MT":
            assert isl.limit(z, "british") == 16 and isl.limit(z, "zulu") == 30, z


def test_I9_vp_zones_around_the_mountain_14_hard_but_reachable_rule_16_2(isl: Board) -> None:
    values = {o.zones[0]: o.vp for o in isl.objectives}
    assert all(len(o.zones) == 1 for o in isl.objectives)
    around = set(isl.neighbours("MT")) | {"15"}
    assert set(values) == around
    assert sum(values.values()) >= 14
    assert all(sum(values[z] for z in three) < 14 for three in combinations(values, 3))
    assert any(sum(values[z] for z in four) >= 14 for four in combinations(values, 4))
    assert "isandlwana-vp" in load_notes()


def test_I10_zone_15_for_ammunition_and_solitaire_rule_11_2_2_18_1_4_1(isl: Board) -> None:
    assert isl.with_role("ammunition") == ("15",) and isl.focal == ("15",)
    assert isl.steps("16", ["15"]) == 1
    assert isl.steps("15", ["15"]) == 0  # the notes raise this to 1 for the check
    assert isl.steps("12", ["15"]) == 3  # round the mountain


def test_I11_laager_zones_14_15_23_rule_17_1_5(isl: Board) -> None:
    assert set(isl.with_role("laager")) == {"14", "15", "23"}


def test_I12_exit_zones_21_27_31_on_the_edge_rule_17_4(isl: Board) -> None:
    assert set(isl.with_role("exit")) == {"21", "27", "31"}
    assert all(isl.zone(z).edge for z in ("21", "27", "31"))


def test_I13_free_set_up_excludes_X_Y_and_dongas_rule_7_1(isl: Board) -> None:
    barred = {"X", "Y", "MT"} | {z for z in isl.zones if isl.zone(z).kind == "donga"}
    free = set(isl.zones) - barred
    forces = load_forces("isandlwana")
    movable_in_7_1 = [u for u in forces.british if u.kind != "cavalry" and u.id != "durnford"]
    assert free and all(u.setup not in ("X", "Y") for u in movable_in_7_1)
    assert {u.setup for u in forces.british if u.kind == "cavalry"} == {"19", "2"}


def test_I14_zulus_enter_at_X_and_Y_on_turn_1_rule_6_2(isl: Board) -> None:
    assert set(isl.entry_zones(1)) == {"X", "Y"}


def test_I15_shields_from_the_solitaire_entry_chart_rule_18_1_3(isl: Board) -> None:
    charts = load_charts()
    first: dict[str, int] = {}
    for turn in range(1, 17):
        for die in range(1, 7):
            first.setdefault(charts.solitaire_entry("isandlwana", turn, die), turn)
    assert first == {"X": 1, "Y": 1, "2": 3, "19": 4, "1": 5, "30": 6}
    assert {z: isl.zone(z).entry_turn for z in first} == first
    assert all(isl.zone(z).edge for z in first)
    assert {z for z in isl.zones if isl.zone(z).entry_turn} == set(first)


def test_I16_shield_zones_2_and_19_hold_british_at_the_start_rule_6_1(isl: Board) -> None:
    setups = {u.setup for u in load_forces("isandlwana").british}
    assert {"2", "19"} <= setups
    assert isl.zone("2").entry_turn == 3 and isl.zone("19").entry_turn == 4


def test_I17_Y_meets_20_and_is_not_a_donga_rule_19_0(isl: Board) -> None:
    assert isl.is_adjacent("Y", "20") and not isl.crosses_ridge("Y", "20")
    assert isl.zone("Y").kind != "donga"


def test_I18_20_meets_donga_19_rule_19_0_21_0(isl: Board) -> None:
    assert isl.is_adjacent("20", "19") and isl.zone("19").kind == "donga"


def test_I19_durnford_rides_19_18_17_and_17_is_not_next_to_19_rule_19_0(isl: Board) -> None:
    for a, b in (("19", "18"), ("18", "17")):
        assert isl.is_adjacent(a, b) and not isl.crosses_ridge(a, b)
    assert isl.zone("18").kind == "open" and isl.zone("17").kind == "open"
    assert not touches(isl, "17", "19")
    assert "19" not in targets(isl, "17")


def test_I20_17_fires_at_20_at_range_3_past_18_rule_19_0_21_0(isl: Board) -> None:
    entry = isl.fire_target("17", "20")
    assert entry is not None and entry.range == 3 and entry.from_rules
    through = lines(isl, "17", "20")
    assert ("18", "19") in through
    assert all(line[0] == "18" for line in through)  # British in 18 block every line


def test_I21_19_26_25_and_26_is_not_a_donga_rule_19_0(isl: Board) -> None:
    assert isl.is_adjacent("19", "26") and isl.is_adjacent("26", "25")
    assert isl.zone("26").kind != "donga" and not isl.crosses_ridge("19", "26")


def test_I22_16_is_one_zone_from_15_rule_20_0(isl: Board) -> None:
    assert isl.is_adjacent("16", "15") and isl.steps("16", ["15"]) == 1


def test_I23_16_fires_at_12_at_range_2_past_17_or_11_rule_20_0(isl: Board) -> None:
    entry = isl.fire_target("16", "12")
    assert entry is not None and entry.range == 2
    assert lines(isl, "16", "12") == {("17",), ("11",)}


def test_I24_11_fires_at_17_at_range_2_past_12_or_16_rule_11_4_2(isl: Board) -> None:
    entry = isl.fire_target("11", "17")
    assert entry is not None and entry.range == 2
    assert lines(isl, "11", "17") == {("12",), ("16",)}
    # the ring 11-12-17-16 round the mountain
    for a, b in (("11", "12"), ("12", "17"), ("17", "16"), ("16", "11")):
        assert isl.is_adjacent(a, b)
    assert not touches(isl, "11", "17") and not touches(isl, "12", "16")
    assert set(isl.neighbours("MT")) == {"11", "12", "16", "17"}


def test_I25_11_and_17_both_meet_16_rule_22_0(isl: Board) -> None:
    assert isl.is_adjacent("11", "16") and isl.is_adjacent("17", "16")


def test_I26_13_and_6_across_the_ridge_rule_21_0(isl: Board) -> None:
    assert isl.is_adjacent("13", "6") and isl.crosses_ridge("13", "6")
    entry = isl.fire_target("13", "6")
    assert entry is not None and entry.range == 1


def test_I27_13_fires_at_20_clear_of_18_rule_21_0(isl: Board) -> None:
    entry = isl.fire_target("13", "20")
    assert entry is not None
    assert any("18" not in line for line in lines(isl, "13", "20"))


def test_I28_19_is_not_next_to_6_rule_21_0(isl: Board) -> None:
    assert not touches(isl, "19", "6") and "6" not in targets(isl, "19")
    assert "20" in targets(isl, "19")


def test_I29_18_is_not_next_to_6_rule_21_0(isl: Board) -> None:
    assert not touches(isl, "18", "6") and "6" not in targets(isl, "18")


def test_I30_18_fires_at_20_past_the_donga_rule_21_0(isl: Board) -> None:
    entry = isl.fire_target("18", "20")
    assert entry is not None and entry.range == 2
    assert ("19",) in lines(isl, "18", "20")


def test_I31_17_is_not_next_to_6_rule_21_0(isl: Board) -> None:
    assert not touches(isl, "17", "6") and "6" not in targets(isl, "17")


def test_solitaire_facing_is_toward_zone_15_rule_18_1_4_1(isl: Board) -> None:
    for z in isl.zones:
        if z in ("MT", "15"):
            continue
        facing = isl.facing(z)
        assert facing.ahead is not None
        assert isl.steps(facing.ahead, ["15"]) == isl.steps(z, ["15"]) - 1, z
        assert "MT" not in (facing.left, facing.right), z
    assert isl.facing("15") == Facing(None, None, None)


# --------------------------------------------------------------------------- forces


def test_isandlwana_order_of_battle_rule_6_1() -> None:
    forces = load_forces("isandlwana")
    by_zone: dict[str, list[str]] = {}
    for unit in forces.british:
        assert unit.setup is not None
        by_zone.setdefault(unit.setup, []).append(unit.kind)
    expected = {
        "19": ["leader"] + ["cavalry"] * 3 + ["native-infantry"] * 2,
        "13": ["artillery"] + ["infantry"] * 4,
        "10": ["infantry"] * 4,
        "5": ["infantry"] * 5,
        "18": ["infantry"] * 3 + ["native-infantry"],
        "12": ["native-infantry"],
        "2": ["cavalry"] * 2 + ["native-infantry"],
        "4": ["infantry"],
        "24": ["native-infantry"],
        "16": ["leader"] + ["infantry"] * 4,
    }
    assert {z: sorted(k) for z, k in by_zone.items()} == {z: sorted(k) for z, k in expected.items()}
    assert forces.unit("durnford").setup == "19" and forces.unit("pulleine").setup == "16"
    for unit in forces.british:
        if unit.kind in ("infantry", "native-infantry"):
            assert (unit.sp, unit.reduced) == (2, 1), unit.id
    assert forces.british_sp() == 67  # 72 by counter faces, the battery counting 1


def test_cavalry_is_2_sp_so_the_19_0_fire_has_at_least_5_dice_rule_3_2_19_0() -> None:
    forces = load_forces("isandlwana")
    cavalry = [u for u in forces.british if u.kind == "cavalry"]
    assert len(cavalry) == 5 and all((u.sp, u.reduced) == (2, 1) for u in cavalry)
    in_19 = [u for u in forces.british if u.setup == "19" and u.fires]
    dice = sum(u.sp for u in in_19)
    assert dice == 7 and dice >= 5  # Durnford and three troops: 5 hits need 5 dice at least
    assert "cavalry-strength" in load_notes()


def test_battery_and_native_infantry_rule_3_2_11_1_12_6() -> None:
    forces = load_forces("isandlwana")
    battery = forces.unit("curling")
    assert battery.sp == 6 and battery.counts_as == 1 and battery.moved_side
    assert battery.reduced is None  # one hit destroys it
    assert not any(u.fires for u in forces.british if u.kind == "native-infantry")


def test_isandlwana_set_up_respects_zone_limits_rule_2_2() -> None:
    board = load_board("isandlwana")
    totals: dict[str, int] = {}
    for unit in load_forces("isandlwana").british:
        if unit.kind != "leader" and unit.setup is not None:
            totals[unit.setup] = totals.get(unit.setup, 0) + (unit.counts_as or unit.sp)
    assert all(sp <= board.limit(z, "british") for z, sp in totals.items())


def test_rorkes_drift_garrison_rule_3_2_5_1_17_1_1_17_3() -> None:
    forces = load_forces("rorkes-drift")
    board = load_board("rorkes-drift")
    leaders = {u.id for u in forces.british if u.kind == "leader"}
    assert leaders == {"chard", "bromhead"}
    for named in ("dalton", "bourne"):
        unit = forces.unit(named)
        assert unit.kind == "infantry" and unit.optional_leader
    assert forces.unit("bourne").optional_charge
    assert {u.kind for u in forces.british} == {"leader", "infantry", "vp"}
    assert sum(u.kind == "vp" for u in forces.british) == 4
    for unit in forces.british:
        if unit.kind == "infantry":
            assert 1 <= unit.sp <= 2 and unit.reduced == 1, unit.id
    assert forces.british_sp() >= 40  # well above the 28 SP of 17.3
    totals: dict[str, int] = {}
    for unit in forces.british:
        assert unit.setup in LETTERS, unit.id
        totals[unit.setup] = totals.get(unit.setup, 0) + unit.sp  # leaders count (notes)
    for zone, sp in totals.items():
        cap = board.limit(zone, "british")
        assert cap is None or sp <= cap, zone
    assert forces.unit("chard").setup == "J" == forces.unit("bromhead").setup
    with_chard = [u for u in forces.british if u.setup == "J" and u.kind == "infantry"]
    assert sum(u.sp for u in with_chard) == 4  # 14.3: a volley of 4 SP into I or K from J


def test_zulu_force_rule_3_4_3_5_1_15_1() -> None:
    for battle in FILES:
        zulu = load_forces(battle).zulu
        assert zulu.warrior_sp == 90 and len(zulu.leaders) == 4
        values = [sp for sp, count in zulu.counters for _ in range(count)]
        assert all(1 <= v <= 10 for v in values) and sum(values) >= 90
        assert values.count(10) * 10 >= 90  # the whole force on the board at full size
        # 3.5.1: a 10 may become 2 x 5, 5 x 2 or 10 x 1
        assert values.count(5) >= 2 and values.count(2) >= 5 and values.count(1) >= 10


def test_zulu_counters_show_the_example_strengths_rule_19_0_22_0() -> None:
    counts = dict(load_forces("isandlwana").zulu.counters)

    def can_show(*totals: int) -> bool:
        stock = dict(counts)
        for total in totals:
            for value in sorted(stock, reverse=True):
                while total >= value and stock[value]:
                    total -= value
                    stock[value] -= 1
            if total:
                return False
        return True

    assert can_show(30, 30, 25, 5)  # 19.0: two forces of 30, then 25 and 5
    assert can_show(17, 13) and can_show(12, 13)  # 22.0 before and after the losses


# --------------------------------------------------------------------------- charts


def test_turn_record_rule_8_1() -> None:
    turns = load_charts().turns
    assert [t.turn for t in turns["isandlwana"]] == list(range(1, 17))
    assert all(t.light == "day" and t.water_cart_vp is None for t in turns["isandlwana"])
    lights = [t.light for t in turns["rorkes-drift"]]
    assert lights == ["day"] * 8 + ["night"] * 8


def test_sequence_of_play_rule_8_1() -> None:
    steps = load_charts().sequence
    assert "".join(s.step for s in steps) == "ABCDEFGHIJ"
    only_rd = {s.step for s in steps if s.battles == ("rorkes-drift",)}
    assert only_rd == {"A", "H"}


def test_random_fire_dice_and_night_range_rule_11_3_1_11_3_2_11_5() -> None:
    light = load_charts().light
    assert light["rorkes-drift"]["day"].random_fire_dice == 6
    assert light["rorkes-drift"]["night"].random_fire_dice == 4
    assert light["rorkes-drift"]["night"].max_range == 2
    assert light["rorkes-drift"]["day"].max_range == 3
    assert light["isandlwana"]["day"].random_fire_dice == 4 and "night" not in light["isandlwana"]


def test_hit_numbers_rule_11_2_2() -> None:
    assert load_charts().hit_by_range == {1: 3, 2: 4, 3: 5}


def test_hospital_fire_track_rule_13_2_13_3() -> None:
    track = load_charts().fire_track
    assert track.boxes == (0, 1, 2, 3, 4, 5) and track.start == 0 and track.burned_at == 5
    assert [track.after(0, die) for die in range(1, 7)] == [0, 1, 1, 1, 2, 3]
    assert track.after(4, 6) == 5


def test_loss_track_holds_the_whole_force_rule_3_5_17_2_1() -> None:
    first, last = load_charts().loss_track
    assert first == 0 and last >= 100


def test_average_hits_charts_rule_17_0() -> None:
    charts = load_charts()
    assert charts.faces == (3, 4, 5, 6)
    for dice in range(1, len(charts.average_hits) + 1):
        for face in charts.faces:
            exact = dice * (7 - face) / 6
            assert charts.hits(dice, face) == int(exact + 0.5), (dice, face)
    assert len(charts.average_hits) >= 104  # every Zulu SP and leader, with 17.2.1's 10 more


def test_solitaire_entry_chart_isandlwana_rule_18_1_3() -> None:
    charts = load_charts()
    table = {
        (1, 2): "XXXYYY",
        (3, 3): "2222YY",
        (4, 4): ["2", "2", "2", "19", "19", "19"],
        (5, 5): ["1", "1", "2", "2", "19", "19"],
        (6, 16): ["1", "2", "2", "30", "30", "30"],
    }
    for (first, last), zones in table.items():
        for turn in range(first, last + 1):
            rolled = [charts.solitaire_entry("isandlwana", turn, die) for die in range(1, 7)]
            assert rolled == list(zones), turn


# --------------------------------------------------------------------------- notes


def test_notes_fix_every_reading_the_issue_asks_for() -> None:
    notes = load_notes()
    required = {
        "leader-bonus-out-of-donga": {"14.2", "19.0"},
        "limits-where-moves-end": {"19.0"},
        "replacements-within-limits": {"2.2", "9.3"},
        "g-is-the-storehouse": {"9.3"},
        "ammunition-distance": {"11.2.2", "20.0"},
        "hospital-control": {"16.1"},
        "escorts-are-infantry": {"10.8", "16.1"},
        "forty-seven-sp": {"16.1", "16.2"},
        "leaders-and-building-limits": {"2.2"},
        "ninety-into-one-zone": {"18.1.3"},
        "bourne-charge": {"17.1.2"},
        "zone-y-second-move": {"19.0"},
        "isandlwana-vp": {"16.2"},
    }
    for note_id, refs in required.items():
        assert note_id in notes, note_id
        assert refs <= set(notes[note_id].refs), note_id
        assert len(notes[note_id].reading) > 80, note_id
    for reading in notes.values():
        assert not re.search(r"\b(TODO|TBD)\b", reading.reading), reading.id


def test_revision_3_puts_the_water_cart_in_the_middle_of_the_yard() -> None:
    """16.1 and 11.3.1 say only that J is the most open part of the compound. Revision 3 of
    our reading sets it in the middle of the yard, touching the storehouse, the hospital
    yard and the centre yard alone; the hospital yard I runs along the wagon wall to the
    outside zones 3 and 11. Games begun under revisions 1 and 2 keep their map."""
    board, before = load_board("rorkes-drift"), load_board(map_of("rorkes-drift", 2))
    assert set(board.neighbours("J")) == {"G", "I", "K"}
    assert {"3", "11", "12"} <= set(board.neighbours("I"))
    assert board.wall_between("I", "3") == "mealie-bag-wagon"
    assert set(before.neighbours("J")) == {"G", "I", "K", "3", "11"}
    assert map_of("rorkes-drift", 3) == "rorkes-drift" and map_of("isandlwana", 1) == "isandlwana"


def test_revision_3_sets_out_the_revised_posts_and_older_games_keep_theirs() -> None:
    """The revised posts (5.1 leaves them to the British player): both leaders and 4 SP in
    the water cart, 8 SP in each of the redoubt, the storehouse and its roof, a guard with
    each VP unit in the hospital and 4 SP in front of the storehouse."""
    now, then = new_state("rorkes-drift"), new_state("rorkes-drift", {"rules": 2})
    sp = {zone: sum(now["units"][u]["sp"] for u in units) for zone, units in now["stacks"].items()}
    assert sp == {"J": 6, "D": 8, "G": 8, "H": 8, "C": 4, "L": 2, "M": 2, "N": 2, "O": 2}
    assert then["stacks"]["I"] == ["chard", "b1", "b2"] and "D" not in then["stacks"]
