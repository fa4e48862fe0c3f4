"""Positions of random games, each player giving a random legal order, and the update the
bot would announce for one: samples for tests that walk what the bot shows."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime

from bot.play.service import Update
from bot.posting.pairing import Pairing
from bot.storage.records import GameRecord, SeatRecord
from games.core.dice import Dice
from games.core.engine import JSON

SEED = "5a" * 16
GAMES = {
    "last-stand": [("historical", "two-player"), ("free-setup", "two-player")],
    "ramparts": [("standard", "solo")],
    "zones": [("rorkes-drift", "two-player"), ("isandlwana", "two-player")],
}
"""The scenarios and modes sampled in each system."""
STEPS, EVERY = 160, 5
"""Orders played at random in each game, and how often a position is sampled."""


def sampled(
    pairing: Pairing, scenario: str, mode: str, seed: int, told: list[str] | None = None
) -> Iterator[JSON]:
    """Positions of one random game: each player gives a random legal order. ``told``, if
    given, holds at each position what the channel was told since the one before."""
    system, rng = pairing.system, random.Random(seed)
    options = dict(system.modes[mode].options)
    state = system.new(scenario, options, Dice(SEED, 0, [str(seed)])).state
    for number in range(STEPS):
        sides = system.to_act(state)
        if not sides or system.result(state):
            return
        if number % EVERY == 0:
            yield state
            if told is not None:
                told.clear()
        side = rng.choice(sides)
        orders = system.legal_orders(state, side)
        action = rng.choice(orders).action if orders else system.bot_action(state, side, Dice(SEED))
        outcome = system.apply(state, side, action, Dice(SEED, number + 1, [str(seed)]))
        state = outcome.state
        if told is not None:
            told += [e.text for e in outcome.events if e.text]


def update_of(pairing: Pairing, state: JSON) -> Update:
    now = datetime.now(UTC)
    game = GameRecord(
        7, 1, 2, pairing.system.id, "", "", {}, "active", state, 1, SEED, "", 0, 1, None,
        now, now, now, None,
    )  # fmt: skip
    seats = [
        SeatRecord(7, side, 100 + n, False, now) for n, side in enumerate(pairing.system.sides)
    ]
    return Update(game, pairing.system, seats)
