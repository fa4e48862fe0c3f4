"""A what-if game's start: a position of a finished game, played on with dice of its own.

A fork's set-up step logs the position it starts from (in stored form, under
:data:`POSITION`) and where it came from (under :data:`ORIGIN`), so its log replays from
its own seed like any game's. Once a game has ended every hidden value in it is public, so
the fork keeps each value someone at the table knew (a hand, a stack's strength); what no
one could know (the order of a shuffled pile) is drawn afresh by the fork's dice, or the
fork would deal the cards everyone saw come up in the original.
"""

from __future__ import annotations

from games.core.dice import Dice
from games.core.engine import JSON, Event, GameSystem, Outcome, Viewer
from games.core.versions import loaded

POSITION = "position"
ORIGIN = "fork"


def set_up(system: GameSystem, action: JSON, dice: Dice) -> Outcome:
    """The outcome of a game's set-up step: a new game of its scenario, or a fork's start."""
    if POSITION not in action:
        options = {**system.logged_options, **action.get("options", {})}
        return system.new(action["scenario"], options, dice)
    state = system.sample_hidden(loaded(system, action[POSITION]), Viewer.referee(), dice)
    origin = action.get(ORIGIN, {})
    said = (
        f"A what-if game from game {origin.get('game')}, at {origin.get('label')}: "
        "the position as it stood there, played on with fresh dice."
    )
    return Outcome(state, [Event(said)])
