"""The contract every game system fulfils, and the shapes it trades in.

A system is pure: it never does I/O, reads the clock or calls ``random``.
Dice come in as a :class:`~games.core.dice.Dice`; state goes out as JSON-ready
data so it can be stored, replayed and compared.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

from games.core.dice import Dice

JSON = dict[str, Any]


@dataclass(frozen=True)
class Viewer:
    """Who is looking: the public channel, one side's player, or a referee."""

    kind: Literal["public", "side", "referee"]
    side: str | None = None

    @classmethod
    def public(cls) -> Viewer:
        return cls("public")

    @classmethod
    def of_side(cls, side: str) -> Viewer:
        return cls("side", side)

    @classmethod
    def referee(cls) -> Viewer:
        return cls("referee")


@dataclass(frozen=True)
class Event:
    """Something that happened, in words for the channel and, privately, per side."""

    text: str
    private: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Outcome:
    """The result of creating a game or applying an order to it."""

    state: JSON
    events: list[Event]


@dataclass(frozen=True)
class ActionChoice:
    """A legal order offered as a button: ``key`` is short and stable within a position."""

    key: str
    label: str
    action: JSON


@dataclass(frozen=True)
class Scenario:
    id: str
    title: str
    description: str


@dataclass(frozen=True)
class Mode:
    """How seats are filled: ``bot_sides`` are played by the bot unless a player takes them."""

    id: str
    title: str
    bot_sides: tuple[str, ...] | Literal["others", "all"] = ()


@dataclass(frozen=True)
class Result:
    """How a game ended: the winning side (None for a draw) and the reason in words."""

    winner: str | None
    summary: str


@dataclass(frozen=True)
class View:
    """What one viewer may know of a position: text lines and a picture description."""

    viewer: Viewer
    title: str
    lines: list[str]
    picture: Any = None


@runtime_checkable
class GameSystem(Protocol):
    """A rules engine. Every method is a pure function of its arguments.

    Pictures and commands are not its business: the bot pairs each system with a
    renderer and, where the system has orders of its own, with commands for them.
    """

    id: str
    title: str
    sides: tuple[str, ...]
    scenarios: Mapping[str, Scenario]
    modes: Mapping[str, Mode]

    def new(self, scenario: str, options: JSON, dice: Dice) -> Outcome:
        """Set up a game; may roll dice for the set-up."""
        ...

    def to_act(self, state: JSON) -> tuple[str, ...]:
        """The sides whose orders the game is waiting for (empty when it is over)."""
        ...

    def choices(self, state: JSON, side: str) -> list[ActionChoice]:
        """The legal orders of ``side`` that fit on buttons (may be a subset of all)."""
        ...

    def apply(self, state: JSON, side: str, action: JSON, dice: Dice) -> Outcome:
        """Carry out an order, or raise :class:`~games.core.errors.RuleError`."""
        ...

    def bot_action(self, state: JSON, side: str, dice: Dice) -> JSON:
        """The order the bot gives for ``side`` in this position."""
        ...

    def result(self, state: JSON) -> Result | None:
        """The outcome once the game is over, else None."""
        ...

    def view(self, state: JSON, viewer: Viewer) -> View:
        """Exactly what ``viewer`` may see; hidden values never leave through here."""
        ...


def position_id(state: JSON) -> str:
    """A short fingerprint of a position: buttons carry it, so a stale one is refused.

    Seating changes leave it alone; only a change of the game itself moves it on.
    """
    canonical = json.dumps(state, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()[:12]
