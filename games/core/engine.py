"""The contract every game system fulfils, and the shapes it trades in.

A system is pure: it never does I/O, reads the clock or calls ``random``.
Dice come in as a :class:`~games.core.dice.Dice`; state goes out as JSON-ready
data so it can be stored, replayed and compared.
"""

from __future__ import annotations

import hmac
import json
from collections.abc import Callable, Mapping
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
class Order:
    """One legal order of a position.

    ``key`` is short and stable within the position: buttons carry it and a player may
    type it. ``kind`` names the order's family (move, fire, end...) so the bot can group
    orders into menus and fill a command's autocomplete. ``button`` is False for orders too
    numerous for buttons (a move to each reachable hex); they are given through the system's
    own commands. ``private`` marks an order whose label or key names a secret of the side
    giving it (a card in the hand): it is offered only on that player's own panel.
    """

    key: str
    label: str
    action: JSON
    kind: str = ""
    button: bool = True
    private: bool = False


@dataclass(frozen=True)
class Secret:
    """A hidden value as words would show it, and the sides allowed to know it.

    ``ident`` tells two secrets with the same words apart (two copies of one card), so a
    check can exempt the words of a secret that has just been revealed.
    """

    ident: str
    text: str
    readers: frozenset[str] = frozenset()
    what: str = ""


@dataclass(frozen=True)
class Scenario:
    id: str
    title: str
    description: str


@dataclass(frozen=True)
class Mode:
    """How seats are filled: ``bot_sides`` are played by the bot unless a player takes them.
    ``options`` are those the mode itself implies; ``level_options`` those each bot level
    implies on top (by the book, the bot's side may follow a solitaire rule that the strong
    bot does without). The options given when the game starts are laid over both."""

    id: str
    title: str
    bot_sides: tuple[str, ...] | Literal["others", "all"] = ()
    options: Mapping[str, Any] = field(default_factory=dict, hash=False)
    level_options: Mapping[str, Mapping[str, Any]] = field(default_factory=dict, hash=False)


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
    phase: str | None = None
    """The phase the position is in, for systems whose turn has phases: while orders stay
    within one phase, the channel keeps one post for it. None: every order is posted."""


@runtime_checkable
class GameSystem(Protocol):
    """A rules engine. Every method is a pure function of its arguments.

    Pictures and commands are not its business: the bot pairs each system with a
    renderer and, where the system has orders of its own, with commands for them.

    ``state_version`` is the shape of state the code reads and writes, and ``upgrades``
    maps each older version n to a pure step from shape n to n + 1, so games stored by
    older code still load (see :mod:`games.core.versions`). ``logged_options`` likewise
    keeps old logs replaying: the value each option had by default when a set-up was logged
    without it, before the option was written into every set-up; ``new`` itself gives an
    option left out its current meaning.
    """

    id: str
    title: str
    sides: tuple[str, ...]
    scenarios: Mapping[str, Scenario]
    modes: Mapping[str, Mode]
    state_version: int
    upgrades: Mapping[int, Callable[[JSON], JSON]]
    logged_options: Mapping[str, Any]

    def new(self, scenario: str, options: JSON, dice: Dice) -> Outcome:
        """Set up a game; may roll dice for the set-up."""
        ...

    def to_act(self, state: JSON) -> tuple[str, ...]:
        """The sides whose orders the game is waiting for (empty when it is over)."""
        ...

    def legal_orders(self, state: JSON, side: str) -> list[Order]:
        """Every order ``side`` may give now (empty when it may give none).

        An order with an amount (how many to fire) is listed at its full amount; ``apply``
        also takes any smaller amount the rules allow.
        """
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

    def secrets(self, state: JSON) -> list[Secret]:
        """The hidden values of this position, each with the sides that may read it."""
        ...

    def sample_hidden(self, state: JSON, viewer: Viewer, dice: Dice) -> JSON:
        """A position ``viewer`` cannot tell from this one: every value hidden from them is
        drawn afresh, consistently with what they can see. Simulations start from it."""
        ...


def buttons(system: GameSystem, state: JSON, side: str) -> list[Order]:
    """The orders of ``side`` that are offered as buttons or menu items."""
    return [order for order in system.legal_orders(state, side) if order.button]


def readable_by(secret: Secret, viewer: Viewer) -> bool:
    """Whether ``viewer`` may know ``secret`` (a referee knows everything)."""
    return viewer.kind == "referee" or (viewer.kind == "side" and viewer.side in secret.readers)


def hidden_from(system: GameSystem, state: JSON, viewer: Viewer) -> list[Secret]:
    """The secrets of the position that ``viewer`` may not know."""
    return [s for s in system.secrets(state) if not readable_by(s, viewer)]


def fingerprint_key(seed: str) -> bytes:
    """The key of a game's position fingerprints, derived from its secret seed."""
    return hmac.digest(bytes.fromhex(seed), b"laager position fingerprint", "sha256")


def position_id(state: JSON, key: bytes) -> str:
    """A short fingerprint of a position: buttons carry it, so a stale one is refused.

    It is keyed with the game's secret, so no one can test a guess about a hidden value
    against a fingerprint seen in public. Seating changes leave it alone; only a change
    of the game itself moves it on.
    """
    canonical = json.dumps(state, sort_keys=True, separators=(",", ":"))
    return hmac.digest(key, canonical.encode(), "sha256").hex()[:12]
