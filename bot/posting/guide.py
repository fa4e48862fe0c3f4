"""What the bot teaches about a game system: each phase and what it is for, what each kind of
order does, and a short guide by topic, all in the project's own words with the rule numbers
a player can look up. ``/game help`` and ``/game rules`` show them (bot.cogs.game)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from games.core.engine import JSON

TOPIC_LIMIT = 3800
"""A topic's words fit one embed description (4,096) with room for its heading."""
TOPICS = ("sequence", "winning", "combat", "units", "map")
"""The topics every guide covers: the sequence of play, how to win, combat, the units and
their codes, and the map's key."""


@dataclass(frozen=True)
class PhaseNote:
    """One phase of the turn: its name, what it is for, and the rules that govern it."""

    title: str
    purpose: str
    rules: str
    """Rule numbers, e.g. "5.6, 7.1-7.4"."""


@dataclass(frozen=True)
class Guide:
    """A system's teaching. ``phase_of`` names the phase a position is in (a key of
    ``phases``); ``orders`` says what each kind of order does (by ``Order.kind``);
    ``topics`` holds the guide's pages, one for each of ``TOPICS`` at least, each under
    ``TOPIC_LIMIT`` characters."""

    phase_of: Callable[[JSON], str]
    phases: Mapping[str, PhaseNote]
    orders: Mapping[str, str]
    topics: Mapping[str, str]
