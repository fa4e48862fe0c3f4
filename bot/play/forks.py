"""Where a finished game can be forked (``/game fork``) and the position it starts from.

The points are the first position of each public phase the game went through, named as the
channel saw them (bot.play.phase_names), up to its end; a phase an undo returned to is
taken where it last began. Both the points and the position come from replaying the log in
a worker, as ``/game verify`` does.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.play import errors
from bot.play.engine_work import printable
from bot.play.phase_names import phase_of, turn_of
from bot.storage.records import ForkOrigin
from games.core.engine import JSON, GameSystem, Viewer
from games.core.forks import ORIGIN, POSITION
from games.core.replay import Step, replay
from games.core.text import shorten

LISTED = 12
"""Phases named in a refusal, so it stays readable."""


@dataclass(frozen=True)
class ForkPoint:
    """The start of one public phase: its words, its turn (None where the game names none),
    and how many of the log's steps lead to it."""

    label: str
    turn: int | None
    steps: int


@dataclass(frozen=True)
class ForkStart:
    """What a what-if game starts from: where it came from, and the position there in stored
    form."""

    origin: ForkOrigin
    position: JSON

    def logged(self) -> JSON:
        """What its set-up step logs beside the scenario and options (games.core.forks)."""
        origin = self.origin
        return {
            POSITION: self.position,
            ORIGIN: {"game": origin.parent_id, "label": origin.label, "steps": origin.steps},
        }


def fork_points(system: GameSystem, seed: str, steps: list[Step]) -> list[ForkPoint] | None:
    """Every point the game can be forked from, in the order it reached them; None when the
    log does not replay."""
    positions: list[JSON] = []
    if not replay(system, seed, steps, watch=positions.append).ok:
        return None
    found: dict[str, ForkPoint] = {}
    previous = None
    for count, state in enumerate(positions, start=1):
        if system.result(state):
            break
        view = system.view(state, Viewer.public())
        label = phase_of(view)
        if label != previous:
            found[label] = ForkPoint(label, turn_of(view), count)
        previous = label
    return sorted(found.values(), key=lambda p: p.steps)


def position_at(system: GameSystem, seed: str, steps: list[Step], count: int) -> JSON:
    """The position after the log's first ``count`` steps."""
    return replay(system, seed, steps[:count]).state


def chosen(points: list[ForkPoint], turn: int | None, phase: str | None) -> ForkPoint:
    """The point a player named: the phase (by its words, any case) in the turn if given;
    else the turn's first phase; else the first phase of the game's last turn."""
    turns = [p.turn for p in points if p.turn is not None]
    if turn is not None and turn not in turns:
        shown = f"turns {min(turns)} to {max(turns)}" if turns else "no numbered turns"
        raise errors.BadInput(f"That game has no turn {turn} to fork from; it has {shown}.")
    within = [p for p in points if turn is None or p.turn == turn]
    if phase is not None:
        wanted = phase.strip().casefold()
        named = [p for p in within if p.label.casefold() == wanted] or [
            p for p in within if wanted and wanted in p.label.casefold()
        ]
        if not named:
            listed = "; ".join(p.label for p in within[:LISTED])
            more = " and more (start typing to see them)" if len(within) > LISTED else ""
            raise errors.BadInput(
                f"No phase of that game is called `{shorten(printable(phase), 60)}`. It has: "
                f"{listed}{more}."
            )
        return named[0]
    if turn is None and turns:
        turn = max(turns)
        within = [p for p in points if p.turn == turn]
    return within[0] if turn is not None else points[-1]
