"""What the channel may not know in this game, and positions it cannot tell apart.

The hand is the player's alone: the channel learns only how many cards it holds.
The Draw Pile's order is hidden from everyone, the player included.
"""

from __future__ import annotations

from games.core.dice import Dice
from games.core.engine import Secret
from games.ramparts.catalog import CARD
from games.ramparts.deck import NIGHT, RELIEF, shuffle
from games.ramparts.state import SIDE, State, copy_state

NEVER_HELD = frozenset({RELIEF, NIGHT})
"""Cards that take effect as they are drawn, so they are never in a hand."""


def secrets(s: State) -> list[Secret]:
    """Each card in the hand, by name, readable by the British player alone."""
    return [
        Secret(f"hand:{n}", CARD[n].name, frozenset({SIDE}), "a card in the British hand")
        for n in s["hand"]
    ]


def sample(s: State, sees_hand: bool, dice: Dice) -> State:
    """A copy with the Draw Pile reshuffled and, for someone who may not see the hand, a hand
    of the same size dealt afresh from the cards they cannot place."""
    new = copy_state(s)
    unseen = sorted(new["deck"]) if sees_hand else sorted([*new["deck"], *new["hand"]])
    if not sees_hand:
        dealable = shuffle(
            [n for n in unseen if n not in NEVER_HELD], dice, "sample a hand the asker cannot see"
        )
        new["hand"] = sorted(dealable[: len(s["hand"])])
        unseen = sorted(n for n in unseen if n not in new["hand"])
    new["deck"] = _reshuffled(unseen, dice)
    return new


def _reshuffled(cards: list[int], dice: Dice) -> list[int]:
    """A fresh order for the unseen Draw Pile, keeping the Relief Column in the last four."""
    mixed = shuffle([n for n in cards if n != RELIEF], dice, "reshuffle the unseen Draw Pile")
    if RELIEF not in cards:
        return mixed
    spots = min(4, len(cards))
    spot = dice.roll(spots, "where the Relief Column lies") - 1 if spots > 1 else 0
    return [*mixed[:spot], RELIEF, *mixed[spot:]]
