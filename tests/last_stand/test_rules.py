"""One or more tests per rule section, 3.0 to 10.0, each naming its rule."""

from __future__ import annotations

import pytest

from games.core.errors import NotYourTurn, RuleError
from games.last_stand import combat, flow, movement, setup
from games.last_stand.flow import apply
from games.last_stand.orders import legal as legal_orders
from games.last_stand.state import FIRST_RULES, STACK_LIMIT
from games.last_stand.system import summary_lines
from tests.last_stand.scenes import LoadedDice, scene, zulus_in

BRITISH, ZULU = "british", "zulu"


def go(state, side, action, *faces):
    return apply(state, side, action, LoadedDice(*faces))


# -- 3.0 set-up ------------------------------------------------------------------------


def test_3_2_historical_set_up_and_detachments_on_empty_tent_or_wagon_hexes() -> None:
    state = setup.new_state("historical")
    assert state["british"]["stiz"]["hex"] == "1005" and state["wagon"] == "1008"
    assert state["british"]["lta"]["hex"] is None and state["colours"] == "waiting"
    assert sorted(setup.to_place(state)) == sorted(setup.DETACHMENTS)
    with pytest.raises(RuleError, match="tent or wagon"):
        go(state, BRITISH, {"type": "place", "unit": "rb", "hex": "1307"})  # QP is there
    state, _ = go(state, BRITISH, {"type": "place", "unit": "rb", "hex": "1008"})  # wagon hex ok
    with pytest.raises(RuleError):
        go(state, BRITISH, {"type": "place", "unit": "1bb", "hex": "1008"})  # one per hex
    with pytest.raises(RuleError, match="Place every unit"):
        go(state, BRITISH, {"type": "end"})
    state, _ = go(state, BRITISH, {"type": "auto"})
    state, _ = go(state, BRITISH, {"type": "end"})
    assert state["phase"] == "zulu_move"


def test_3_3_zulus_start_sixteen_in_each_onrush_hex() -> None:
    state = setup.new_state("historical")
    for hex_ in ("1601", "2301", "2506", "2013", "1201", "1314", "0401"):
        assert zulus_in(state, hex_) == 16


def test_10_free_set_up_columns_10_to_19_without_overstacking() -> None:
    state = setup.new_state("free-setup")
    assert state["british"]["stiz"]["hex"] == "1005" and state["british"]["a"]["hex"] is None
    with pytest.raises(RuleError, match="columns 10-19"):
        go(state, BRITISH, {"type": "place", "unit": "a", "hex": "2004"})
    state, _ = go(state, BRITISH, {"type": "place", "unit": "a", "hex": "1507"})
    with pytest.raises(RuleError):
        go(state, BRITISH, {"type": "place", "unit": "f", "hex": "1507"})  # 8 + 8
    state, _ = go(state, BRITISH, {"type": "auto"})
    assert not setup.to_place(state)


# -- 4.0 victory ------------------------------------------------------------------------


def test_4_1_escape_with_a_combat_unit_the_wagon_and_the_colours() -> None:
    state = scene(
        {"a": "0211"}, [], phase="british_4", first="move", turn=3, wagon="0212", colours="shown"
    )
    state, _ = go(state, BRITISH, {"type": "move", "units": ["a"], "to": "0212"})
    assert state["result"] is None  # the wagon is not in an escape hex yet
    state, _ = go(state, BRITISH, {"type": "move", "units": ["wagon"], "to": "0112"})
    assert state["result"] is None  # no combat unit with it
    state2 = scene(
        {"a": "0212"}, [], phase="british_4", first="move", turn=3, wagon="0212", colours="shown"
    )
    state2, _ = go(state2, BRITISH, {"type": "move", "units": ["a", "wagon"], "to": "0112"})
    assert state2["result"]["winner"] == BRITISH


def test_4_1_no_escape_victory_once_the_colours_are_sent_away_5_10() -> None:
    state = scene(
        {"a": "0212"},
        [],
        phase="british_4",
        first="move",
        turn=3,
        wagon="0212",
        colours="sent away",
    )
    state, _ = go(state, BRITISH, {"type": "move", "units": ["a", "wagon"], "to": "0112"})
    assert state["result"] is None


def test_4_2_survival_to_the_end_of_turn_six() -> None:
    state = scene({"durnfurd": "1206"}, [], phase="leaders", turn=6, colours="sent away")
    state, _ = go(state, ZULU, {"type": "fatalities"})
    assert state["result"]["winner"] == BRITISH


def test_4_3_the_last_leader_falling_on_turn_six_is_a_massacre_not_a_survival() -> None:
    """4.2 needs a British unit on the map at the end of turn 6; when the leaders' phase
    takes the last one, 4.3 applies (rules revision 2; revision 1 gave it to the British)."""
    state = scene({"wardell": "1706"}, ["1705"], phase="leaders", turn=6, colours="sent away")
    ended, _ = go(state, ZULU, {"type": "fatalities"}, 2)
    assert ended["british"]["wardell"]["hex"] is None
    assert ended["result"]["winner"] == ZULU and "4.3" in ended["result"]["summary"]
    old = scene({"wardell": "1706"}, ["1705"], phase="leaders", turn=6, colours="sent away") | {
        "rules": FIRST_RULES
    }
    ended, _ = go(old, ZULU, {"type": "fatalities"}, 2)
    assert ended["result"]["winner"] == BRITISH


def test_4_3_massacre_when_no_combat_unit_or_leader_is_left() -> None:
    state = scene({"rb": ("1206", 1)}, ["1207"], phase="zulu_attack", turn=3)
    state, _ = go(state, ZULU, {"type": "attack", "from": "1207", "target": "rb"}, 1)
    assert state["result"]["winner"] == ZULU


# -- 5.0 sequence of play ------------------------------------------------------------------


def test_5_2_phases_in_order_and_only_the_phasing_side_acts() -> None:
    state = scene({"a": "1706"}, ["1703"], phase="zulu_move")
    with pytest.raises(NotYourTurn):
        go(state, BRITISH, {"type": "end"})
    state, _ = go(state, ZULU, {"type": "end"})
    # nothing adjacent: reaction and attack pass on their own; Phase IV awaits the choice
    assert state["phase"] == "british_4" and state["first"] is None


def test_5_4_reaction_fire_is_adjacent_full_strength_and_may_combine() -> None:
    """The 5.4 example: A Co. may fire at 0608 but not 0708; E Co. at 0708 alone or with
    A Co. at 0608."""
    state = scene({"a": "0509", "e": "0709"}, ["0608", "0708"], phase="reaction")
    with pytest.raises(RuleError, match="adjacent only"):
        go(state, BRITISH, {"type": "aim", "target": "0708", "shots": {"a": 8}})
    aimed, _ = go(state, BRITISH, {"type": "aim", "target": "0708", "shots": {"e": 8}})
    assert aimed["pending"]["hit"] == 8 + 1 - 2
    both, _ = go(state, BRITISH, {"type": "aim", "target": "0608", "shots": {"a": 8, "e": 8}})
    assert both["pending"]["hit"] == 9 + 9 - 2
    split, _ = go(state, BRITISH, {"type": "aim", "target": "0608", "shots": {"a": 3}})
    assert split["pending"]["shots"] == {"a": 8}  # no split: the full strength fires


def test_5_5_each_zulu_attacks_alone_and_leaders_are_never_targets() -> None:
    """The 5.5 example: Zulus in 0607 and 0509 may each attack A Co. or E Co."""
    state = scene(
        {"a": "0508", "e": "0608", "young": "0608"}, ["0607", "0509"], phase="zulu_attack"
    )
    options = combat.zulu_attackers(state)
    assert options == {"0607": ["a", "e"], "0509": ["a", "e"]}
    with pytest.raises(RuleError, match="leaders are never targets"):
        go(state, ZULU, {"type": "attack", "from": "0607", "target": "young"})
    state, _ = go(state, ZULU, {"type": "attack", "from": "0607", "target": "e"}, 6)
    with pytest.raises(RuleError):
        go(state, ZULU, {"type": "attack", "from": "0607", "target": "a"})  # once each


def test_5_5_7_6_4_2_a_leader_alone_is_never_attacked_nor_entered_and_wins_by_lasting() -> None:
    """A leader walked off alone: no Zulu may attack him (5.5) or enter his hex (7.6), only
    the leaders' phase can kill him, on a 1 or 2 (5.8), and standing at the end of turn 6 he
    wins the game for the British (4.2). The strong British were measured walking leaders
    off like this, and lost more games than keeping them with their companies."""
    state = scene({"pulleine": "1206"}, ["1205", "1004"], phase="zulu_attack", turn=6)
    assert combat.zulu_attackers(state) == {}
    with pytest.raises(RuleError, match=r"can attack now\. Hexes that can: none"):
        go(state, ZULU, {"type": "attack", "from": "1205", "target": "pulleine"})
    moving = scene({"pulleine": "1206"}, ["1205", "1004"], phase="zulu_move", turn=6)
    assert "1206" not in movement.zulu_destinations(moving, "1004")
    with pytest.raises(RuleError):
        go(moving, ZULU, {"type": "move", "from": "1004", "to": "1206"})
    last = scene({"pulleine": "1206"}, ["1205"], phase="leaders", turn=6, colours="sent away")
    survived, _ = go(last, ZULU, {"type": "fatalities"}, 3)
    assert survived["british"]["pulleine"]["hex"] == "1206"
    assert survived["result"]["winner"] == BRITISH and "4.2" in survived["result"]["summary"]


def test_5_6_phase_iv_announced_then_phase_v_is_the_other() -> None:
    state = scene({"a": "1706"}, ["1704"], phase="british_4")
    state, _ = go(state, BRITISH, {"type": "order", "first": "move"})
    assert state["first"] == "move"
    with pytest.raises(RuleError):
        go(state, BRITISH, {"type": "aim", "target": "1704", "shots": {"a": 8}})
    state, _ = go(state, BRITISH, {"type": "end"})
    assert state["phase"] == "british_5"
    state, _ = go(state, BRITISH, {"type": "aim", "target": "1704", "shots": {"a": 4}})
    assert state["pending"]["hit"] == 4 + 0 - 2


def test_5_8_leader_fatality_on_one_or_two() -> None:
    state = scene({"a": "1706", "wardell": "1706"}, ["1705"], phase="leaders", turn=3)
    state, events = go(state, ZULU, {"type": "fatalities"}, 2)
    assert state["british"]["wardell"]["hex"] is None and "falls" in events[0]


def test_5_9_turn_two_arrivals_and_5_10_colours_decision() -> None:
    state = scene({"a": "1706"}, ["1705"], phase="leaders", turn=1)
    state, _ = go(state, ZULU, {"type": "fatalities"})
    assert state["phase"] == "arrivals" and state["turn"] == 2
    with pytest.raises(RuleError, match="decide the Colours"):
        go(state, BRITISH, {"type": "arrive", "hex": "1008"})
    shown, _ = go(state, BRITISH, {"type": "colours", "show": True})
    assert shown["colours"] == "shown"
    with pytest.raises(RuleError):
        go(shown, BRITISH, {"type": "arrive", "hex": "1206"})  # not at or next to the wagon
    shown, _ = go(shown, BRITISH, {"type": "arrive", "hex": "0909"})
    assert shown["british"]["lta"]["hex"] == "0909" and shown["phase"] == "zulu_move"
    away, _ = go(state, BRITISH, {"type": "colours", "show": False})
    assert away["colours"] == "sent away"


def test_5_10_a_wagon_lost_on_turn_one_leaves_the_colours_to_the_player() -> None:
    """The wagon fell in 1206 on turn 1: the Colours cannot be raised, and sending them away
    (which lifts the 8.12 penalty) is the player's call, not the engine's."""
    state = scene({"a": "1706"}, ["1705"], phase="leaders", turn=1, wagon=None)
    state, events = go(state, ZULU, {"type": "fatalities"})
    assert state["phase"] == "arrivals" and state["colours"] == "waiting"
    assert any("send them away" in e for e in events)
    keys = {o.key for o in legal_orders(state)}
    assert {"colours.away", "colours.hold"} <= keys and "colours.show" not in keys
    with pytest.raises(RuleError, match="cannot be raised"):
        go(state, BRITISH, {"type": "colours", "show": True})
    held, _ = go(state, BRITISH, {"type": "colours", "hold": True})
    assert held["colours"] == "held back"
    held["phase"], held["first"] = "british_4", "combat"
    assert (
        dict(combat.fire_modifiers(held, "a", "1705", reaction=False)).get(
            "ammunition wagon captured"
        )
        == -1
    )
    away, _ = go(state, BRITISH, {"type": "colours", "show": False})
    assert away["colours"] == "sent away"


# -- 6.0 stacking -------------------------------------------------------------------------


def test_6_2_overstack_of_2004_displaced_at_the_end_of_the_first_british_movement() -> None:
    state = scene({"f": "2004", "nb": "2004"}, ["1903"], phase="british_4", first="move")
    state, events = go(state, BRITISH, {"type": "end"})
    assert state["pending"]["kind"] == "displace" and state["pending"]["unit"] == "nb"
    state, events = go(state, ZULU, {"type": "displace"}, 1)
    assert state["british"]["f"]["hex"] == "2004"
    assert state["british"]["nb"]["hex"] in ("1904", "2003", "2005", "2103", "2104")
    assert any("displaces" in e for e in events) and state["phase"] == "british_5"


def test_6_2_the_zulu_player_picks_where_an_overstacked_unit_displaces() -> None:
    """A Co. (8) and C Co. (4) end turn 1 together in 1206 with two Zulus near: C Co. must go,
    and the hex is the Zulu player's to pick, the solitaire pick offered as the default."""
    state = scene({"a": "1206", "c": "1206"}, ["1105", "1306"], phase="british_4", first="move")
    state, events = go(state, BRITISH, {"type": "end"})
    assert flow.to_act(state) == ZULU and state["phase"] == "british_4"
    assert "the Zulu player picks" in events[-1]
    assert any("Zulu player picks among" in line for line in summary_lines(state))
    orders = legal_orders(state)
    keys = [o.key for o in orders]
    assert keys[0] == "disp.auto" and {f"disp.{h}" for h in state["pending"]["to"]} <= set(keys)
    assert all(len(o.label) <= 80 for o in orders)
    with pytest.raises(NotYourTurn):
        go(state, BRITISH, {"type": "end"})
    with pytest.raises(RuleError, match="only to"):
        go(state, ZULU, {"type": "displace", "to": "1206"})
    far = max(state["pending"]["to"])
    state, events = go(state, ZULU, {"type": "displace", "to": far})
    assert state["british"]["c"]["hex"] == far and state["british"]["a"]["hex"] == "1206"
    assert state["pending"] is None and state["phase"] == "british_5"


def test_6_2_overstack_surrounded_is_eliminated() -> None:
    ring = ["1904", "1905", "2003", "2005", "2104", "2105"]
    state = scene({"f": "2004", "nb": "2004"}, ring, phase="british_4", first="move")
    state, _ = go(state, BRITISH, {"type": "end"})
    assert state["british"]["nb"]["hex"] is None and state["british"]["f"]["hex"] == "2004"


def test_6_3_british_stack_limit_eight_leaders_and_wagon_free() -> None:
    state = scene(
        {"a": "1706", "g": "1708", "pulleine": "1706"}, [], phase="british_4", first="move"
    )
    with pytest.raises(RuleError, match="limit is 8"):
        go(state, BRITISH, {"type": "move", "units": ["g"], "to": "1706"})
    assert STACK_LIMIT == 8


def test_6_4_zulus_one_a_hex_except_onrush_hexes() -> None:
    state = scene({"a": "1706"}, ["1703", "1702"], phase="zulu_move")
    with pytest.raises(RuleError, match="already holds a Zulu"):
        go(state, ZULU, {"type": "move", "from": "1702", "to": "1703"})
    state, _ = go(state, ZULU, {"type": "move", "from": "1702", "to": "1601"})
    assert zulus_in(state, "1601") == 1


# -- 7.0 movement ---------------------------------------------------------------------------


def test_7_zulu_movement_allowance_six_through_zulus_not_british() -> None:
    state = scene({"a": "1706"}, ["1601"], phase="zulu_move")
    reach = movement.zulu_destinations(state, "1601")
    assert "1607" in reach and "1608" not in reach  # six clear hexes south, not seven
    assert "1706" not in reach  # 7.6


def test_7_british_movement_allowance_four_and_no_onrush_hexes() -> None:
    state = scene({"a": "1706"}, ["1703"], phase="british_4", first="move")
    reach = movement.british_destinations(state, ["a"])
    assert "1709" in reach and "1710" not in reach  # 3 clear hexes, then a 2-MP donga
    assert "1703" not in reach  # enemy-occupied (7.6)
    near_onrush = scene({"a": "1602"}, [], phase="british_4", first="move")
    assert "1601" not in movement.british_destinations(near_onrush, ["a"])  # 8.8


def test_7_4_a_unit_moves_once_a_phase() -> None:
    state = scene({"a": "1706"}, [], phase="british_4", first="move")
    state, _ = go(state, BRITISH, {"type": "move", "units": ["a"], "to": "1707"})
    with pytest.raises(RuleError, match="already moved"):
        go(state, BRITISH, {"type": "move", "units": ["a"], "to": "1708"})


def test_7_7_square_costs_two_halves_movement_and_changes_combat() -> None:
    state = scene({"a": "1706"}, ["1704"], phase="british_4", first="move")
    state, _ = go(state, BRITISH, {"type": "square", "unit": "a"})
    assert state["british"]["a"]["square"] and movement.british_allowance(state, "a") == 1
    assert combat.zulu_defence(state, "a")[0] == 3  # 7.7 example: clear 2 + 1
    mods = dict(combat.fire_modifiers(state, "a", "1704", reaction=False))
    assert mods["in square"] == -1
    later = scene({"a": "1706"}, [], phase="british_4", first="move")
    later["british"]["a"]["square"] = True
    assert movement.british_allowance(later, "a") == 2  # MA 2 in square
    later, _ = go(later, BRITISH, {"type": "square", "unit": "a"})
    assert movement.british_allowance(later, "a") == 2  # left square: 2 MP remain


def test_7_8_wagon_two_along_the_road_or_one_off_it_colours_follow() -> None:
    state = scene({"a": "1706"}, [], phase="british_4", first="move", colours="shown")
    reach = movement.british_destinations(state, ["wagon"])
    assert {"0909", "0809", "1108", "1207"} <= set(reach)  # two road hexes
    assert "1009" in reach and "0910" not in reach  # one hex off the road, never more
    assert "1007" in reach  # clear
    assert "1109" in reach
    state, _ = go(state, BRITISH, {"type": "move", "units": ["wagon"], "to": "0809"})
    assert state["wagon"] == "0809"


def test_7_9_st_iz_never_moves_or_fires() -> None:
    state = scene({"stiz": "1005"}, ["1006"], phase="british_4", first="move")
    with pytest.raises(RuleError, match="never moves"):
        go(state, BRITISH, {"type": "move", "units": ["stiz"], "to": "0906"})
    with pytest.raises(RuleError, match="cannot form square"):
        go(state, BRITISH, {"type": "square", "unit": "stiz"})
    fire = scene({"stiz": "1005"}, ["1006"], phase="reaction")
    assert combat.fire_targets(fire, reaction=True) == []


# -- 8.0 combat -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "number", "hit"), [(1, -3, True), (6, 9, False), (4, 4, True), (5, 4, False)]
)
def test_8_6_one_always_hits_six_always_misses(roll: int, number: int, hit: bool) -> None:
    assert combat.hits(roll, number) is hit


def test_8_1_strength_never_modified_below_one() -> None:
    state = scene(
        {"rb": ("1706", 1)},
        ["1903"],
        phase="british_4",
        turn=6,
        first="combat",
        wagon=None,
        colours="captured",
    )
    number, working = combat.fire_working(state, {"rb": 1}, "1903", reaction=False)
    assert "= 1 (never below 1)" in working and number == 1 - 2


def test_8_3_1_split_fire_in_the_combat_phase_one_shot_per_zulu() -> None:
    state = scene({"a": "1706"}, ["1704", "1708"], phase="british_4", first="combat")
    state, _ = go(state, BRITISH, {"type": "fire", "target": "1704", "shots": {"a": 5}}, 6)
    with pytest.raises(RuleError, match="already been fired on"):
        go(state, BRITISH, {"type": "aim", "target": "1704", "shots": {"a": 1}})
    with pytest.raises(RuleError, match="3 strength left"):
        go(state, BRITISH, {"type": "aim", "target": "1708", "shots": {"a": 4}})
    state, _ = go(state, BRITISH, {"type": "fire", "target": "1708", "shots": {"a": 3}}, 6)


def test_8_4_range_three_and_8_5_heights_block() -> None:
    state = scene({"a": "1306"}, ["1006", "1706"], phase="british_4", first="combat")
    with pytest.raises(RuleError, match="range is 3"):
        go(state, BRITISH, {"type": "aim", "target": "1706", "shots": {"a": 8}})
    blocked = scene({"a": "1206"}, ["1004", "0907"], phase="british_4", first="combat")
    with pytest.raises(RuleError, match="Heights block"):
        go(blocked, BRITISH, {"type": "aim", "target": "1004", "shots": {"a": 8}})
    assert combat.fire_targets(blocked, reaction=False) == ["0907"]


def test_8_6_leader_left_alone_goes_to_nearest_british_hex_or_dies() -> None:
    state = scene(
        {"rb": ("1706", 1), "wardell": "1706", "a": "1709"}, ["1705"], phase="zulu_attack"
    )
    state, _events = go(state, ZULU, {"type": "attack", "from": "1705", "target": "rb"}, 1)
    assert state["british"]["wardell"]["hex"] == "1709"
    ring = ["1705", "1707", "1605", "1606", "1805", "1806"]
    trapped = scene({"rb": ("1706", 1), "wardell": "1706", "a": "1709"}, ring, phase="zulu_attack")
    trapped, _ = go(trapped, ZULU, {"type": "attack", "from": "1705", "target": "rb"}, 1)
    assert trapped["british"]["wardell"]["hex"] is None


def test_8_6_the_british_player_picks_among_equally_near_refuges() -> None:
    """RB falls in 1706 under a Zulu attack; Wardell could reach A Co. (1708) or C Co. (1807),
    both two hexes off, so the British player picks before the Zulu may advance."""
    state = scene(
        {"rb": ("1706", 1), "wardell": "1706", "a": "1708", "c": "1807"},
        ["1705"],
        phase="zulu_attack",
    )
    state, _ = go(state, ZULU, {"type": "attack", "from": "1705", "target": "rb"}, 1)
    assert flow.to_act(state) == BRITISH and state["british"]["wardell"]["hex"] == "1706"
    keys = [o.key for o in legal_orders(state)]
    assert keys == ["ref.auto", "ref.1708", "ref.1807"]
    assert any("1708, 1807 (8.6)" in line for line in summary_lines(state))
    with pytest.raises(RuleError, match="1708, 1807"):
        go(state, BRITISH, {"type": "refuge", "to": "1606"})
    state, _ = go(state, BRITISH, {"type": "refuge", "to": "1807"})
    assert state["british"]["wardell"]["hex"] == "1807"
    assert state["pending"]["kind"] == "advance" and flow.to_act(state) == ZULU


def test_8_6_a_sniped_leader_s_refuge_waits_for_the_rest_of_the_sniping() -> None:
    """Sniping on turn 3 takes RB out of 1706 and hits A Co. and C Co.: Wardell's choice
    comes after the hits, then the phase ends."""
    state = scene(
        {"rb": ("1706", 1), "wardell": "1706", "a": "1708", "c": "1807"},
        ["1705", "1709", "1808"],
        phase="sniping",
        turn=3,
    )
    state, _ = go(state, ZULU, {"type": "snipe"}, 1)
    assert state["pending"]["kind"] == "refuge" and state["british"]["a"]["strength"] == 7
    state, _ = go(state, BRITISH, {"type": "refuge"}, 2)
    assert state["british"]["wardell"]["hex"] == "1807" and state["phase"] == "leaders"


def test_8_7_advance_after_combat_captures_wagon_and_colours() -> None:
    state = scene(
        {"rb": ("1008", 1)}, ["0909", "1007"], phase="zulu_attack", turn=3, colours="shown"
    )
    state["british"]["a"].update(hex="1706", strength=8)  # someone left elsewhere
    state, _ = go(state, ZULU, {"type": "attack", "from": "0909", "target": "rb"}, 1)
    assert state["pending"]["kind"] == "advance" and state["pending"]["from"] == ["0909"]
    with pytest.raises(RuleError, match="advance"):
        go(state, ZULU, {"type": "attack", "from": "1007", "target": "a"})
    state, _events = go(state, ZULU, {"type": "advance", "from": "0909"})
    assert zulus_in(state, "1008") == 1 and state["wagon"] is None
    assert state["colours"] == "captured"


def test_8_3_2_the_zulu_player_picks_which_unit_of_a_stack_takes_a_hit() -> None:
    state = scene({"a": "1706", "c": "1706"}, ["1705"], phase="zulu_attack", turn=3)
    state, _ = go(state, ZULU, {"type": "attack", "from": "1705", "target": "a"}, 1)
    assert state["pending"]["kind"] == "casualty" and state["british"]["a"]["strength"] == 8
    keys = [o.key for o in legal_orders(state)]
    assert keys == ["cas.auto", "cas.a", "cas.c"]
    with pytest.raises(RuleError, match=r"can fall on .* \(8\.3\.2\)"):
        go(state, ZULU, {"type": "casualty", "unit": "e"})
    chosen, _ = go(state, ZULU, {"type": "casualty", "unit": "c"})
    assert chosen["british"]["c"]["strength"] == 3 and chosen["british"]["a"]["strength"] == 8
    default, _ = go(state, ZULU, {"type": "casualty"})
    assert default["british"]["a"]["strength"] == 7 and default["british"]["c"]["strength"] == 4


def test_8_3_2_games_of_the_first_rules_revision_hit_the_named_unit_at_once() -> None:
    state = scene({"a": "1706", "c": "1706"}, ["1705"], phase="zulu_attack", turn=3)
    state["rules"] = FIRST_RULES
    state, _ = go(state, ZULU, {"type": "attack", "from": "1705", "target": "a"}, 1)
    assert state["british"]["a"]["strength"] == 7 and not state["pending"]


def test_8_7_only_a_zulu_that_attacked_the_emptied_hex_may_advance_into_it() -> None:
    state = scene({"a": "1706", "c": ("1806", 1)}, ["1805", "1907"], phase="zulu_attack", turn=3)
    state, _ = go(state, ZULU, {"type": "attack", "from": "1805", "target": "a"}, 6)
    state, _ = go(state, ZULU, {"type": "attack", "from": "1907", "target": "c"}, 1)
    assert state["pending"] == {"kind": "advance", "hex": "1806", "from": ["1907"]}
    with pytest.raises(RuleError, match="advance"):
        go(state, ZULU, {"type": "advance", "from": "1805"})
    state, _ = go(state, ZULU, {"type": "advance", "from": "1907"})
    assert zulus_in(state, "1806") == 1 and zulus_in(state, "1805") == 1


def test_8_7_games_of_the_first_rules_revision_keep_their_looser_advance() -> None:
    state = scene({"a": "1706", "c": ("1806", 1)}, ["1805", "1907"], phase="zulu_attack", turn=3)
    state["rules"] = FIRST_RULES
    state, _ = go(state, ZULU, {"type": "attack", "from": "1805", "target": "a"}, 6)
    state, _ = go(state, ZULU, {"type": "attack", "from": "1907", "target": "c"}, 1)
    assert state["pending"]["from"] == ["1805", "1907"]


def test_8_8_recycling_by_side_of_the_13_14_line_and_one_attack_per_onrush_hex() -> None:
    state = scene({"a": "1602", "c": "1302"}, ["1601", "1601", "1303"], phase="reaction")
    state, _ = go(state, BRITISH, {"type": "fire", "target": "1303", "shots": {"c": 4}}, 1)
    assert "west" in state["zulus"].values()
    state, _ = go(state, BRITISH, {"type": "fire", "target": "1601", "shots": {"a": 8}}, 1)
    assert zulus_in(state, "1601") == 1
    attack = scene({"a": "1602"}, ["1601", "1601"], phase="zulu_attack")
    attack, _ = go(attack, ZULU, {"type": "attack", "from": "1601", "target": "a"}, 6)
    assert attack["phase"] != "zulu_attack"  # the second Zulu there may not attack


def test_8_9_leaders_add_one_at_most() -> None:
    state = scene(
        {"a": "1706", "wardell": "1706", "pulleine": "1706"}, ["1705"], phase="zulu_attack"
    )
    assert combat.zulu_defence(state, "a")[0] == 3


def test_8_10_colours_defence_fire_and_capture_penalty() -> None:
    state = scene({"a": "1008"}, ["1007"], phase="zulu_attack", colours="shown", turn=3)
    assert combat.zulu_defence(state, "a")[0] == 5
    mods = dict(combat.fire_modifiers(state, "a", "1007", reaction=False))
    assert mods["with the Queen's Colours"] == 1
    assert "with the Queen's Colours" not in dict(
        combat.fire_modifiers(state, "a", "1007", reaction=True)
    )
    state["colours"], state["wagon"] = "captured", None
    mods = dict(combat.fire_modifiers(state, "a", "1007", reaction=True))
    assert mods["Queen's Colours captured"] == -1 and mods["ammunition wagon captured"] == -1


def test_8_11_turn_six_shortage_spares_the_wagon_hex_and_neighbours() -> None:
    state = scene(
        {"a": "0909", "e": "1706"},
        ["0908", "1704"],
        phase="british_4",
        turn=6,
        first="combat",
        colours="sent away",
    )
    assert "turn 6 ammunition shortage" not in dict(
        combat.fire_modifiers(state, "a", "0908", reaction=False)
    )
    assert (
        dict(combat.fire_modifiers(state, "e", "1704", reaction=False))[
            "turn 6 ammunition shortage"
        ]
        == -1
    )


def test_8_12_wagon_captured_penalty_cancelled_by_sending_the_colours_away_5_10() -> None:
    state = scene(
        {"a": "1706"}, ["1704"], phase="british_4", first="combat", wagon=None, colours="sent away"
    )
    assert "ammunition wagon captured" not in dict(
        combat.fire_modifiers(state, "a", "1704", reaction=False)
    )


def test_unguarded_wagon_is_captured_by_a_zulu_moving_in() -> None:
    state = scene({"a": "1706"}, ["1007"], phase="zulu_move", colours="shown", turn=2)
    state, _events = go(state, ZULU, {"type": "move", "from": "1007", "to": "1008"})
    assert state["wagon"] is None and state["colours"] == "captured"


def test_6_1_stacking_counts_only_where_a_move_ends() -> None:
    """G Co. passes through 1707, already full with E Co. (8), on its way to 1705."""
    state = scene({"e": "1707", "g": "1708"}, ["1607", "1807"], phase="british_4", first="move")
    state, _ = go(state, BRITISH, {"type": "move", "units": ["g"], "to": "1705"})
    assert state["marks"]["now"][-1]["p"][:2] == ["1708", "1707"]


def test_6_5_no_fog_of_war_the_public_view_shows_every_unit() -> None:
    from games.core.engine import Viewer
    from games.last_stand.system import SYSTEM

    state = setup.new_state("historical")
    picture = SYSTEM.view(state, Viewer.public()).picture
    assert {u["id"] for u in picture["british"]} == {
        u for u, d in state["british"].items() if d["hex"]
    }
    assert sum(picture["zulus"].values()) == 112


def test_8_2_each_unit_fires_once_and_each_zulu_attacks_once() -> None:
    state = scene({"a": "1706"}, ["1705", "1707"], phase="reaction")
    state, _ = go(state, BRITISH, {"type": "fire", "target": "1705", "shots": {"a": 8}}, 6)
    assert state["phase"] == "zulu_attack"  # A Co. has fired: nothing left, the phase passes
    state, _ = go(state, ZULU, {"type": "attack", "from": "1705", "target": "a"}, 6)
    with pytest.raises(RuleError, match="can attack now"):
        go(state, ZULU, {"type": "attack", "from": "1705", "target": "a"})
