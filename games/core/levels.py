"""How well the bot plays its sides: *by the book* or *strong*, a game option kept in state.

Every system keeps the level at the top of its state, under ``LEVEL_OPTION``, where its
``bot_action`` reads it; a simulation may set it there to play a position at another level.
By the book is the rules' own solitaire opponent where the rules give one, and the plain
built-in policy elsewhere; strong is a policy of the system's own that plays to win. Either
sees only what its side may see. The level is chosen when a game starts, written into the
logged set-up like any option, and a set-up logged without one was played by the book, so
stored games replay with the bot they had.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.engine import JSON
from games.core.errors import RuleError
from games.core.text import shorten

LEVEL_OPTION = "level"
BOOK = "book"
STRONG = "strong"
LEVELS = {BOOK: "by the book", STRONG: "strong"}
"""Each level and its name in words."""


def checked(value: Any) -> str:
    """A level named in an option, refused in words when it is none of ours."""
    if value not in LEVELS:
        named = shorten(repr(value), 40)
        raise RuleError(f"Unknown bot level {named}: choose {' or '.join(LEVELS)}.")
    return str(value)


def level_of(options: Mapping[str, Any]) -> str:
    """The level an options mapping names, by the book when it names none."""
    return checked(options.get(LEVEL_OPTION, BOOK))


def add_level(state: JSON) -> JSON:
    """The upgrade step of every system's state to the shape that keeps a level: a game
    stored before levels existed had the bot by the book."""
    return {**state, LEVEL_OPTION: BOOK}


def at_level(state: JSON, level: str) -> JSON:
    """The same position with the bot playing at ``level``."""
    return {**state, LEVEL_OPTION: checked(level)}
