"""Steps that bring Ramparts states stored in older shapes to the current one."""

from __future__ import annotations

from games.core.engine import JSON
from games.core.levels import BOOK, LEVEL_OPTION


def add_level(state: JSON) -> JSON:
    """Shape 1 to 2: a game stored before bot levels existed had the bot by the book."""
    return {**state, LEVEL_OPTION: BOOK}
