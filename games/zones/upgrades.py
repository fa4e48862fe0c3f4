"""Steps that bring zone-game states stored in older shapes to the current one."""

from __future__ import annotations

from games.core.engine import JSON
from games.zones.options import BOT_OPTION, FIRST_BOT, FIRST_RULES, RULES_OPTION


def add_rules_revision(state: JSON) -> JSON:
    """Shape 1 to 2: a game stored before rules revisions were recorded keeps the first
    revision's readings, so it plays on and replays exactly as it was started."""
    return {**state, "options": {**state["options"], RULES_OPTION: FIRST_RULES}}


def add_bot_revision(state: JSON) -> JSON:
    """Shape 3 to 4: a game stored before the strong bot's play had revisions keeps the
    first, so its log replays with the orders its bot gave."""
    return {**state, "options": {**state["options"], BOT_OPTION: FIRST_BOT}}
