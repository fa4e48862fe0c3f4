"""The worked examples of the rule book, reproduced exactly, each naming its rule."""

from __future__ import annotations

from games.last_stand import combat
from games.last_stand.flow import apply
from games.last_stand.state import UNITS
from tests.last_stand.scenes import LoadedDice, scene, zulus_in

BRITISH, ZULU = "british", "zulu"
A_CO_RING = ["0806", "0808", "0707", "0708", "0907", "0908"]
C_CO_RING = ["0909", "1009"]


def example_position(phase: str, first: str | None = None) -> dict:
    """The examples of play: A Co. (8) surrounded in clear 0807; C Co. (4) with Durnford in
    the wagon hex 1008 (defence 4)."""
    return scene(
        {"a": "0807", "c": "1008", "durnfurd": "1008"},
        A_CO_RING + C_CO_RING,
        phase=phase,
        turn=2,
        colours="sent away",
        first=first,
    )


def test_examples_of_play_reaction_phase_5_4_and_8_3() -> None:
    """A Co. fires at 0808: 8 + 1 (range 1, 8.4) - 2 (clear) = 7; rolls 2, the Zulu dies.
    C Co. fires at 0909: 4 + 1 - 2 = 3; rolls 4, no effect."""
    state = example_position("reaction")
    aimed, events = apply(
        state, BRITISH, {"type": "aim", "target": "0808", "shots": {"a": 8}}, LoadedDice()
    )
    assert aimed["pending"]["hit"] == 7
    assert "A Co. 8 + 1 range 1 = 9" in events[0]
    assert "= 7: hit on 5 or less (a 6 always misses)" in events[0]
    state, events = apply(aimed, BRITISH, {"type": "confirm"}, LoadedDice(2))
    assert zulus_in(state, "0808") == 0 and "Rolled 2: hit" in events[0]
    assert state["british"]["a"]["hex"] == "0807"  # 8.7: the British never advance
    aimed, _ = apply(
        state, BRITISH, {"type": "aim", "target": "0909", "shots": {"c": 4}}, LoadedDice()
    )
    assert aimed["pending"]["hit"] == 3
    state, events = apply(aimed, BRITISH, {"type": "confirm"}, LoadedDice(4))
    assert zulus_in(state, "0909") == 1 and "Rolled 4: miss" in events[0]


def test_examples_of_play_zulu_attack_phase_8_3_2_and_8_9() -> None:
    """Five Zulus attack A Co. on 4 or less (6 - 2) rolling 4, 5, 6, 3, 2: three hits, 8 -> 5.
    Two attack C Co. with Durnford in 1008 on 1 (6 - (4 + 1 leader)) rolling 1 and 5: 4 -> 3."""
    state = example_position("zulu_attack")
    state["zulus"][next(z for z, h in state["zulus"].items() if h == "0808")] = "west"
    dice = LoadedDice(4, 5, 6, 3, 2, 1, 5)
    for origin in ["0806", "0707", "0708", "0907", "0908"]:
        state, events = apply(state, ZULU, {"type": "attack", "from": origin, "target": "a"}, dice)
        assert "hit on 4 or less" in events[0]
    assert state["british"]["a"]["strength"] == 5
    for origin in C_CO_RING:
        state, events = apply(state, ZULU, {"type": "attack", "from": origin, "target": "c"}, dice)
        assert "+1 leader present = hit on 1." in events[0]
    assert state["british"]["c"]["strength"] == 3


def test_examples_of_play_combat_phase_8_4() -> None:
    """A Co. (5) fires at 0909 at range 2: 5 - 2 = 3, rolls 2, hit. C Co. (3) fires at 0908
    at range 1: 3 + 1 - 2 = 2, rolls 4, miss."""
    state = scene(
        {"a": ("0807", 5), "c": ("1008", 3), "durnfurd": "1008"},
        ["0806", "0707", "0708", "0907", "0908", "0909", "1009"],
        phase="british_4",
        turn=2,
        colours="sent away",
        first="combat",
    )
    aimed, _ = apply(
        state, BRITISH, {"type": "aim", "target": "0909", "shots": {"a": 5}}, LoadedDice()
    )
    assert aimed["pending"]["hit"] == 3
    state, _ = apply(aimed, BRITISH, {"type": "confirm"}, LoadedDice(2))
    assert zulus_in(state, "0909") == 0
    aimed, _ = apply(
        state, BRITISH, {"type": "aim", "target": "0908", "shots": {"c": 3}}, LoadedDice()
    )
    assert aimed["pending"]["hit"] == 2
    state, _ = apply(aimed, BRITISH, {"type": "confirm"}, LoadedDice(4))
    assert zulus_in(state, "0908") == 1


def test_examples_of_play_movement_phase_7_1_and_6_3() -> None:
    """A Co. moves 0807 -> 0808 -> 0909 -> 1008 for 1 + 1 + 2 = 4 MP (the wagon symbol costs 2)
    and stacks with C Co.: 5 + 3 is within the 8-point limit."""
    state = scene(
        {"a": ("0807", 5), "c": ("1008", 3), "durnfurd": "1008"},
        ["0806", "0707", "0708", "0907", "0908", "1009"],
        phase="british_5",
        turn=2,
        colours="sent away",
        first="combat",
    )
    state, events = apply(
        state, BRITISH, {"type": "move", "units": ["a"], "to": "1008"}, LoadedDice()
    )
    assert state["british"]["a"]["hex"] == "1008"
    assert "(4 MP)" in events[0]
    assert state["marks"]["now"][-1]["p"] == ["0807", "0808", "0909", "1008"]


def test_examples_of_play_sniping_5_7_and_leader_fatality_5_8() -> None:
    """Turn 2: a 3 with only A Co. and C Co. exposed hits each once (C Co. 2, A Co. 4).
    Then the roll for Durnford is 3: a miss (only 1 or 2 kills)."""
    state = scene(
        {"a": ("1008", 5), "c": ("1008", 3), "durnfurd": "1008"},
        ["0908", "1009"],
        phase="sniping",
        turn=2,
        colours="sent away",
    )
    state, _ = apply(state, ZULU, {"type": "snipe"}, LoadedDice(3))
    assert state["british"]["a"]["strength"] == 4 and state["british"]["c"]["strength"] == 2
    assert state["phase"] == "leaders"
    state, events = apply(state, ZULU, {"type": "fatalities"}, LoadedDice(3))
    assert state["british"]["durnfurd"]["hex"] == "1008"
    assert "rolled 3" in events[0] and state["turn"] == 3


def test_sniping_example_1_turn_one_roll_three_of_four_exposed_5_7() -> None:
    state = scene(
        {"a": "1706", "e": "1704", "h": "1807", "g": "1609"},
        ["1705", "1703", "1808", "1610"],
        phase="sniping",
    )
    state, _ = apply(state, ZULU, {"type": "snipe"}, LoadedDice(3))
    assert state["pending"]["left"] == 3
    for unit in ("a", "e", "h"):
        state, _ = apply(state, ZULU, {"type": "hit", "unit": unit}, LoadedDice())
    assert [state["british"][u]["strength"] for u in ("a", "e", "h", "g")] == [7, 7, 7, 6]
    assert state["pending"] is None and (state["turn"], state["phase"]) == (2, "arrivals")


def test_sniping_example_2_turn_two_roll_five_of_four_exposed_5_7() -> None:
    state = scene(
        {"a": "1706", "e": "1704", "h": "1807", "g": "1609"},
        ["1705", "1703", "1808", "1610"],
        phase="sniping",
        turn=2,
        colours="sent away",
    )
    state, events = apply(state, ZULU, {"type": "snipe"}, LoadedDice(5))
    assert [state["british"][u]["strength"] for u in ("a", "e", "h", "g")] == [7, 7, 7, 5]
    assert "rolled 5 = 5 hits" in events[0]


def test_sniping_example_3_turn_four_adds_three_5_7() -> None:
    units = {
        "a": "1706",
        "e": "1704",
        "h": "1807",
        "g": "1609",
        "f": "1904",
        "nb": "1902",
        "qp": "1307",
        "c": "1504",
    }
    zulus = ["1705", "1703", "1808", "1610", "1905", "1901", "1306", "1503"]
    state = scene(units, zulus, phase="sniping", turn=4, colours="sent away")
    state, events = apply(state, ZULU, {"type": "snipe"}, LoadedDice(5))
    assert "rolled 5 + 3 (turn 3 on) = 8 hits" in events[0]
    assert all(state["british"][u]["strength"] == UNITS[u]["strength"] - 1 for u in units)


def test_range_example_8_4() -> None:
    """Strength 3 at range 1 counts 4; strength 4 at range 3 counts 3; together 7."""
    state = scene({"qp": "1807", "c": "2007"}, ["1707"], phase="british_4", first="combat")
    number, working = combat.fire_working(state, {"qp": 3, "c": 4}, "1707", reaction=False)
    assert "QP 3 + 1 range 1 = 4" in working and "C Co. 4 - 1 range 3 = 3" in working
    assert "Total 7" in working and number == 7 - 2
