"""The turn line says what the British owe with its numbers, when play waits on a choice:
"allocate 3 hits in zone 24" (11.3), "mark 1 unit that fired Ammo Depleted" (11.2.2), not
only where the buttons are."""

from __future__ import annotations

from bot.posting.announce import turn_line
from bot.systems.installed import pairings
from games.zones.views import wanted
from tests.sampled_positions import sampled, update_of


def test_the_turn_line_names_the_hits_and_marks_owed_11_3_11_2_2() -> None:
    pairing = pairings([])["zones"]
    seen = set()
    for seed in range(6):
        for state in sampled(pairing, "isandlwana", "two-player", seed):
            line = turn_line(update_of(pairing, state), pairing.command_for)
            pending = state["pending"]
            if not pending:
                assert "allocate" not in line and "Ammo Depleted" not in line
                continue
            seen.add(pending["kind"])
            if pending["kind"] == "ammo":
                assert f"mark {pending['count']} unit" in line
            else:
                for owed in pending["zones"]:
                    hits = "1 hit" if owed["hits"] == 1 else f"{owed['hits']} hits"
                    assert f"{hits} in zone {owed['zone']}" in line, line
            assert line.endswith("with **My orders** (private)."), line
    assert seen == {"ammo", "hits"}


def test_hits_in_two_zones_are_named_in_order() -> None:
    state = {
        "pending": {"kind": "hits", "zones": [{"zone": "J", "hits": 3}, {"zone": "B", "hits": 1}]}
    }
    said = wanted(state) or ""
    assert said.startswith("allocate 3 hits in zone J, then 1 hit in zone B:"), said
    assert wanted({"pending": None}) is None
