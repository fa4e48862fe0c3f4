"""What taking an order back would give away: whether the order, with the bot's replies that
came with it, showed anyone something that had been hidden from them.

An order that rolled dice can never be taken back for free, since its dice were seen. An
order that rolled none may still have shown a hidden value: a card drawn from the pile, a
strength that a move uncovered, a bot reply that depended on what the player could not see.
The test here is the definition itself: the position is redrawn with everything hidden from
a viewer drawn afresh (``sample_hidden``), the same orders are carried out again, and if the
viewer could then see anything different, what they saw depended on a hidden value.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.core.dice import Dice, derived_seed
from games.core.engine import JSON, GameSystem, Viewer
from games.core.errors import LaagerError

SAMPLES = 4
"""Redrawn positions tried per viewer: a drawn card could, by chance, be the same in one."""


@dataclass(frozen=True)
class Given:
    """One order of the stretch to take back: the side, the order, and whether the bot gave it."""

    side: str
    action: JSON
    by_bot: bool = False


def reveals(
    system: GameSystem, before: JSON, orders: Sequence[Given], viewers: Sequence[Viewer], seed: str
) -> bool:
    """Whether carrying out ``orders`` (which rolled no dice) from ``before`` showed any of
    ``viewers`` something that depended on what was hidden from them.

    ``seed`` draws the redrawn positions; they are never shown, only compared.
    """
    seen = {viewer: _seen(system, before, orders, viewer, Dice(seed)) for viewer in viewers}
    for viewer in viewers:
        for sample in range(SAMPLES):
            dice = Dice(derived_seed(seed, "undo check", viewer.kind, viewer.side, sample))
            try:
                redrawn = system.sample_hidden(before, viewer, dice)
                dice.take_rolls()
                again = _seen(system, redrawn, orders, viewer, dice)
            except (LaagerError, KeyError, ValueError, IndexError):
                return True  # the orders fail in a position the viewer cannot tell apart
            if again != seen[viewer]:
                return True
    return False


def _seen(
    system: GameSystem, state: JSON, orders: Sequence[Given], viewer: Viewer, dice: Dice
) -> tuple[object, ...] | None:
    """What ``viewer`` sees after the orders: every event's words meant for them, then the
    position as shown to them. None when the orders rolled dice here: they depended on it."""
    words: list[str] = []
    for given in orders:
        action = system.bot_action(state, given.side, dice) if given.by_bot else given.action
        outcome = system.apply(state, given.side, action, dice)
        for event in outcome.events:
            words.append(event.text)
            if viewer.kind == "side" and viewer.side in event.private:
                words.append(event.private[viewer.side])
        state = outcome.state
    if dice.take_rolls():
        return None
    view = system.view(state, viewer)
    return (tuple(words), view.title, tuple(view.lines), repr(view.picture))
