"""Public lines count things in plain words: "1 counter", "2 counters", never "counter(s)"."""

from __future__ import annotations

import random
import re

import pytest

from games.core.dice import Dice, derived_seed
from games.core.errors import RuleError
from games.core.text import counted
from games.zones.system import SYSTEM
from tests.zones.helpers import SEED

SLIPS = re.compile(
    r"\w\(s\)|\b1 (?:counters|leaders|hits|units)\b"
    r"|\b(?:[02-9]|\d\d+) (?:counter|leader|hit|unit)\b"
)
"""A "(s)" plural, a plural after 1, or a singular after any other number."""


def slips(text: str) -> list[str]:
    return SLIPS.findall(text)


def test_a_planted_slip_is_caught() -> None:
    assert slips("Zulus move 2 counter(s) from 20 to 26.")
    assert slips("Zulus enter at X: 1 counters, 0 leaders.")
    assert slips("hits on 4-6: 3 hit.")
    assert slips(f"{counted(1, 'counter')}, {counted(4, 'leader')}") == []


@pytest.mark.parametrize("scenario", ["rorkes-drift", "isandlwana"])
def test_public_lines_and_labels_say_how_many_in_plain_words(scenario: str) -> None:
    rng = random.Random(f"words:{scenario}")
    dice = Dice(derived_seed(SEED, "words", scenario))
    s = SYSTEM.new(scenario, {}, dice).state
    found: list[str] = []
    for _ in range(2500):
        if not SYSTEM.to_act(s):
            break
        side = SYSTEM.to_act(s)[0]
        orders = SYSTEM.legal_orders(s, side)
        found += [o.label for o in orders if slips(o.label)]
        order = rng.choice(orders)
        if "counters" in order.action:
            try:
                SYSTEM.apply(s, side, {**order.action, "counters": 999}, dice)
            except RuleError as refusal:
                found += [str(refusal)] if slips(str(refusal)) else []
        out = SYSTEM.apply(s, side, order.action, dice)
        found += [e.text for e in out.events if slips(e.text)]
        found += [t for e in out.events for t in e.private.values() if slips(t)]
        s = out.state
    assert found == []
