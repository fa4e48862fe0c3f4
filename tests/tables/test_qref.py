"""The Isandlwana quick reference lookups, section by section."""

import pytest

from games.tables import TableError, qref


def test_i_rally_routing_and_prone() -> None:
    """QR I.B-C: routers rout 3d6 on 2-5 and rally on 6; prone units fall back on 2-3, stay
    prone on 4-5, stand on 6; the lost 1s are project defaults."""
    assert [qref.rally("routing", d).outcome_id for d in range(2, 7)] == ["rout"] * 4 + ["rally"]
    assert qref.rally("routing", 3).move == "3d6"
    assert [qref.rally("prone", d).outcome_id for d in range(2, 7)] == (
        ["fall_back"] * 2 + ["prone"] * 2 + ["stand_up"]
    )
    assert "[default]" in (qref.rally("prone", 1).cell or "")


def test_ii_movement_dice() -> None:
    """QR II: road column 2d6, two-deep line 1d6; difficult terrain costs double."""
    assert qref.movement_dice("british_infantry_column").dice_count == 2
    assert qref.movement_dice("british_infantry_line", [5]).inches == 5
    assert (
        qref.movement_dice("british_infantry_column", [3, 4], difficult_terrain=True).inches == 3.5
    )
    with pytest.raises(TableError):
        qref.movement_dice("british_infantry_line", [3, 4])


def test_iii_a_pre_melee_morale() -> None:
    """QR III.A: item 1 (read as the NNC) routs on 1-3, falls back on 4-5, stands on 6; exposed
    regulars fall back on 1-4 and stand on 5-6."""
    assert [qref.pre_melee_morale("nnc", d).outcome_id for d in (3, 4, 6)] == [
        "rout",
        "fall_back",
        "stand",
    ]
    assert [qref.pre_melee_morale("british_regulars_exposed", d).outcome_id for d in (4, 5)] == [
        "fall_back",
        "stand",
    ]


@pytest.mark.parametrize(
    ("case", "figures", "dice"),
    [
        ("zulus_v_covered_infantry_or_cavalry", 37, 2),
        ("zulus_v_covered_infantry_or_cavalry", 38, 3),
        ("zulus_v_open_infantry", 25, 2),
        ("zulus_v_open_infantry", 26, 3),
        ("open_foot_v_zulus", 9, 1),
        ("covered_foot_or_cavalry_v_zulus", 12, 2),
        ("covered_foot_or_cavalry_v_zulus", 13, 3),
        ("foot_v_routing_zulus", 2, 0),
        ("cavalry_v_routing_zulus", 13, 6),
    ],
)
def test_iii_b_melee_dice(case: str, figures: int, dice: int) -> None:
    """QR III.B: one die per group of figures, odd figures counting from half a group up."""
    assert qref.melee_dice(case, figures).dice_count == dice


def test_iii_c_post_melee() -> None:
    """QR III.C: the loser retreats the difference; on ties Zulus give way to regulars, but
    irregular cavalry and NNC give way to Zulus."""
    assert qref.post_melee(2, 5, "regulars").retreating == "Zulus"
    assert qref.post_melee(2, 5, "regulars").retreat_inches == 3
    assert qref.post_melee(4, 4, "regulars").retreating == "Zulus"
    assert qref.post_melee(4, 4, "nnc").retreating == "Natal Native Contingent"


def test_iv_scouting() -> None:
    """QR IV: 49-72 figures find Zulus on 1-3; broken units add 1; over 120 is automatic."""
    assert qref.scouting(60, 3).found
    assert not qref.scouting(60, 3, broken_zulu_units=1).found
    assert qref.scouting(121, 6).found
    assert not qref.scouting(30, 3).found
    assert qref.zulu_appearance(5, [1, 1], british_in_cover=True).direction == "right flank"
    assert qref.zulu_riflemen([3, 4]).zulus == 7
    sighted = qref.spear_sighting([4, 4, 4, 4], 16, zulus_in_cover=False)
    assert sighted.seen and sighted.zulus == 64
    assert not qref.spear_sighting([1, 1, 1, 1], 16, zulus_in_cover=False).seen


def test_v_fire() -> None:
    """QR V: rockets hit on 6; Gatlings jam on doubles (upright) or a 6 (prone); infantry by
    groups of figures; carbines by range; Zulu rifles by numbers firing."""
    assert qref.rocket_fire(6, 3).hits == 3
    assert qref.rocket_fire(5).hits == 0
    assert qref.gatling_fire(10, [2, 5], target_prone=False).hits == 7
    assert qref.gatling_fire(10, [4, 4], target_prone=False).jammed
    assert qref.gatling_fire(10, [6], target_prone=True).jammed
    assert qref.gatling_fire(19, [2, 5], target_prone=False).hits == 0
    assert qref.infantry_fire(25, 10, target_prone=False).dice_count == 2
    assert qref.infantry_fire(25, 10, target_prone=True).dice_count == 2
    assert qref.infantry_fire(22, 10, target_prone=True).dice_count == 1
    assert qref.carbine_fire(5, [3, 4, 5, 6], target_prone=False).hits == 3
    assert qref.carbine_fire(10, [3, 4, 5, 6], target_prone=True).hits == 1
    assert qref.native_rifle_fire(10, 5, target_mounted_or_covered=False).hits == 1
    assert qref.native_rifle_fire(7, 6, target_mounted_or_covered=True).hits == 0


def test_vi_zulu_morale() -> None:
    """QR VI.B-C: out of contact 2-3 fall back, 4-5 prone, 6 rush forward; in contact 4-6 stand."""
    assert [qref.zulu_morale(d, in_contact=False).outcome_id for d in (2, 4, 6)] == [
        "fall_back",
        "prone",
        "rush_forward",
    ]
    assert qref.zulu_morale(4, in_contact=True).outcome_id == "stand"
