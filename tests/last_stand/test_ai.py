"""The bot's Zulus follow the solitaire rules (9.2); ties go to the seeded dice."""

from __future__ import annotations

from games.core.dice import Dice
from games.last_stand import ai, combat, movement
from games.last_stand.board import board
from games.last_stand.flow import apply
from games.last_stand.state import zulus_by_hex
from tests.last_stand.scenes import SEED, LoadedDice, scene

ZULU = "zulu"


def run_moves(state):
    action = ai.zulu_action(state, Dice(SEED))
    assert action["type"] == "moves" and action["end"]
    after, _ = apply(state, ZULU, {**action, "end": False}, Dice(SEED))
    return after, action["moves"]


def test_9_2_every_reachable_hex_next_to_the_british_is_filled_first() -> None:
    state = scene({"a": "1706"}, ["1601"] * 10, phase="zulu_move", spare_moved=True)
    after, _ = run_moves(state)
    zulus = zulus_by_hex(after)
    assert all(n in zulus for n in board().neighbours["1706"])
    assert all(len(z) == 1 for h, z in zulus.items() if h not in board().onrush)


def test_9_2_hexes_next_to_the_wagon_and_colours_come_first() -> None:
    state = scene(
        {"a": "1008", "e": "1706"},
        ["0906", "1304"],
        phase="zulu_move",
        colours="shown",
        turn=2,
        spare_moved=True,
    )
    _after, moves = run_moves(state)
    wagon_ring = set(board().neighbours["1008"])
    assert all(to in wagon_ring for _, to in moves)


def test_9_2_then_two_hexes_away_and_onrush_units_must_come_on() -> None:
    state = scene({"a": "1706"}, ["1601"] * 16, phase="zulu_move", spare_moved=True)
    after, _moves = run_moves(state)
    zulus = zulus_by_hex(after)
    ring2 = [h for h in board().numbers if board().distance(h, "1706") == 2]
    reachable = [h for h in ring2 if h in movement.zulu_paths(state, ("1601",))]
    assert len(reachable) == 9 and all(h in zulus for h in reachable)
    assert sum(len(z) for h, z in zulus.items() if board().distance(h, "1706") == 3) == 1
    assert "1601" not in zulus  # all came on: open hexes were within reach


def test_9_2_attack_every_adjacent_unit_strongest_first() -> None:
    state = scene({"a": "1706", "rb": ("1708", 1)}, ["1705", "1707"], phase="zulu_attack")
    first = ai.zulu_action(state, Dice(SEED))
    assert first == {"type": "attack", "from": "1705", "target": "a"}  # only 1705 reaches A
    state, _ = apply(state, ZULU, first, LoadedDice(6))
    second = ai.zulu_action(state, Dice(SEED))
    assert second == {"type": "attack", "from": "1707", "target": "rb"}  # RB not yet attacked


def test_9_2_always_advance_and_snipe_strongest_first() -> None:
    state = scene({"rb": ("1708", 1), "a": "1402"}, ["1707"], phase="zulu_attack")
    state, _ = apply(state, ZULU, ai.zulu_action(state, Dice(SEED)), LoadedDice(1))
    assert ai.zulu_action(state, Dice(SEED)) == {"type": "advance", "from": "1707"}
    snipe = scene(
        {"a": "1706", "c": "1709", "g": "1604"}, ["1705", "1710", "1603"], phase="sniping"
    )
    snipe, _ = apply(snipe, ZULU, {"type": "snipe"}, LoadedDice(1))
    assert ai.zulu_action(snipe, Dice(SEED)) == {"type": "hit", "unit": "a"}


def test_bot_orders_are_deterministic_given_the_dice() -> None:
    state = scene(
        {"a": "1706", "e": "1504"},
        ["1601"] * 16 + ["2301"] * 16,
        phase="zulu_move",
        spare_moved=True,
    )
    assert ai.zulu_action(state, Dice(SEED)) == ai.zulu_action(state, Dice(SEED))


def test_british_bot_fires_at_its_best_target() -> None:
    state = scene({"a": "1706"}, ["1705"], phase="reaction")
    assert ai.british_action(state, Dice(SEED)) == {
        "type": "aim",
        "target": "1705",
        "shots": {"a": 8},
    }
    assert combat.fire_targets(state, reaction=True) == ["1705"]


def test_a_human_zulu_can_hand_a_phase_to_the_solitaire_rules_9_2() -> None:
    state = scene({"a": "1706"}, ["1601"] * 4, phase="zulu_move", spare_moved=True)
    state, events = apply(state, ZULU, {"type": "auto"}, Dice(SEED))
    assert "4 Zulu units move" in events[0]
    assert state["phase"] == "reaction"
    attack = scene({"a": "1706", "e": "1704"}, ["1705", "1707", "1605"], phase="zulu_attack")
    attack, events = apply(attack, ZULU, {"type": "auto"}, Dice(SEED))
    assert attack["phase"] != "zulu_attack" and sum("attacks" in e for e in events) == 3


def test_9_2_every_adjacent_unit_is_attacked_when_the_attackers_can_cover_them_all() -> None:
    """Six Zulus can give each of five units its own attack; only the one in 2402 reaches RB."""
    state = scene(
        {"p40r": "2504", "qp": "2504", "rb": "2503", "28rd": "2403", "g": "2304"},
        ["2203", "2404", "2303", "2204", "2402", "2505"],
        phase="zulu_attack",
    )
    adjacent = {u for us in combat.zulu_attackers(state).values() for u in us}
    attacked = []
    while state["phase"] == "zulu_attack":
        order = ai.zulu_action(state, Dice(SEED))
        if order["type"] == "end":
            break
        attacked.append(order["target"])
        state, _ = apply(state, ZULU, order, LoadedDice(6))
    assert set(attacked) == adjacent and len(attacked) == 6


def test_9_2_wagon_comes_first_only_while_it_and_the_colours_are_on_the_map() -> None:
    """An unguarded wagon in 1504 and a free hex next to A Co.: the Colours decide which first."""
    for colours, first in (("waiting", "1605"), ("sent away", "1605"), ("shown", "1504")):
        state = scene(
            {"a": "1706"}, ["1302"], wagon="1504", colours=colours, turn=3, spare_moved=True
        )
        _after, moves = run_moves(state)
        assert moves == [["1302", first]], colours


def test_5_10_the_british_bot_sends_the_colours_away_once_the_wagon_is_lost() -> None:
    state = scene({"a": "1706"}, [], phase="arrivals", turn=2, wagon=None)
    assert ai.british_action(state, Dice(SEED)) == {"type": "colours", "show": False}
    state["wagon"] = "1008"
    assert ai.british_action(state, Dice(SEED)) == {"type": "colours", "show": True}


def test_6_2_the_bot_zulu_displaces_into_the_hex_with_most_zulus_next_to_it() -> None:
    state = scene({"a": "1206", "c": "1206"}, ["1105", "1306"], phase="british_4", first="move")
    state, _ = apply(state, "british", {"type": "end"}, Dice(SEED))
    order = ai.zulu_action(state, Dice(SEED))
    assert order == ai.zulu_action(state, Dice(SEED)) and order["type"] == "displace"
    most = max(ai.menace(state, h) for h in state["pending"]["to"])
    assert ai.menace(state, order["to"]) == most


def test_8_6_the_british_bot_sends_a_stranded_leader_by_the_seeded_dice() -> None:
    state = scene(
        {"rb": ("1706", 1), "wardell": "1706", "a": "1708", "c": "1807"},
        ["1705"],
        phase="zulu_attack",
    )
    state, _ = apply(state, ZULU, {"type": "attack", "from": "1705", "target": "rb"}, LoadedDice(1))
    order = ai.british_action(state, Dice(SEED))
    assert order == ai.british_action(state, Dice(SEED))
    assert order["type"] == "refuge" and order["to"] in ("1708", "1807")
