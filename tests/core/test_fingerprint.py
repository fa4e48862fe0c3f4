"""Position fingerprints are keyed with the game's secret, so a public button id cannot be
used to test guesses about hidden values (a hand, a draw order)."""

from __future__ import annotations

import hashlib
import itertools
import json

from games.core.dice import Dice, derived_seed
from games.core.engine import fingerprint_key, position_id
from games.ramparts.system import SYSTEM

SEED = derived_seed("fingerprint", 1)


def candidate_hands(state: dict) -> list[dict]:
    """Every position the channel cannot tell from this one by the hand alone."""
    unseen = sorted([*state["hand"], *state["deck"]])
    return [
        {**state, "hand": list(hand), "deck": [n for n in state["deck"] if n not in hand]}
        for hand in itertools.combinations(unseen, len(state["hand"]))
    ]


def unkeyed(state: dict) -> str:
    canonical = json.dumps(state, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()[:12]


def test_the_same_position_and_key_give_the_same_fingerprint() -> None:
    state = SYSTEM.new("standard", {}, Dice(SEED)).state
    key = fingerprint_key(SEED)
    assert position_id(state, key) == position_id(json.loads(json.dumps(state)), key)
    assert position_id(state, key) != position_id(state, fingerprint_key(derived_seed("other")))


def test_guessing_the_hand_from_a_fingerprint_fails_without_the_seed() -> None:
    state = SYSTEM.new("standard", {}, Dice(SEED)).state
    state = {**state, "deck": sorted(state["deck"])}
    shown = position_id(state, fingerprint_key(SEED))
    guesses = candidate_hands(state)
    assert len(guesses) > 1000
    wrong_key = fingerprint_key(derived_seed("attacker's guess"))
    assert not any(position_id(g, wrong_key) == shown for g in guesses)


def test_the_attack_works_on_an_unkeyed_fingerprint() -> None:
    """Planted fault: the old unkeyed hash gives the hand away among the same guesses."""
    state = SYSTEM.new("standard", {}, Dice(SEED)).state
    state = {**state, "deck": sorted(state["deck"])}
    shown = unkeyed(state)
    found = [g["hand"] for g in candidate_hands(state) if unkeyed(g) == shown]
    assert found == [state["hand"]]
