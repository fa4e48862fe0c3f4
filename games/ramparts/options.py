"""The optional rules of 12.0 as switches chosen when a game starts, with their VP adjustments.

``cards`` may name groups of optional cards or card numbers. Deck balancing
(12.3) then adds one extra Volley card (#44 to #48, lowest first) for Reverend
Smith, for Corporal Allen and for each complete pair among #34-#39; every card
added, balancing ones included, costs 1 VP. ``level`` is how well the bot defends when it
plays (``games.core.levels``); it changes no rule.
"""

from __future__ import annotations

from typing import Any

from games.core.errors import RuleError
from games.core.levels import LEVEL_OPTION, level_of

CARD_GROUPS: dict[str, tuple[int, ...]] = {
    "smith": (32,),
    "allen": (33,),
    "privates": (34, 35, 36, 37, 38, 39),
    "random_events": (40, 41, 42, 43),
    "movie": (49, 50),
}
CARD_GROUPS["all"] = tuple(n for g in CARD_GROUPS.values() for n in g)
CHOSEN_CARDS = frozenset(CARD_GROUPS["all"])
BALANCE_VOLLEYS = (44, 45, 46, 47, 48)
SWITCHES = ("stronger", "melee", "officers", "morning_attack")

SWITCH_VP = {"stronger": 0, "melee": -1, "officers": -2, "morning_attack": 0}
"""12.1 none; 12.2 -1; 12.5 -2; 12.4 none."""


def normalise(raw: dict[str, Any] | None) -> dict[str, Any]:
    raw = dict(raw or {})
    unknown = set(raw) - {*SWITCHES, "cards", LEVEL_OPTION}
    if unknown:
        raise RuleError(
            f"Unknown option {', '.join(sorted(unknown))}; the options are "
            f"{', '.join(SWITCHES)} and cards."
        )
    picked = _cards(raw.get("cards", []))
    options: dict[str, Any] = {k: bool(raw.get(k, False)) for k in SWITCHES}
    options["cards"] = sorted(picked | set(BALANCE_VOLLEYS[: balancing(picked)]))
    level_of(raw)  # refused here with the rest; the state keeps it (games.core.levels)
    return options


def _cards(value: Any) -> set[int]:
    if isinstance(value, str):
        value = [v.strip() for v in value.split(",") if v.strip()]
    picked: set[int] = set()
    for item in value or []:
        if isinstance(item, str) and item in CARD_GROUPS:
            picked |= set(CARD_GROUPS[item])
        elif str(item).isascii() and str(item).isdigit() and int(item) in CHOSEN_CARDS:
            picked.add(int(item))
        elif str(item).isascii() and str(item).isdigit() and int(item) in BALANCE_VOLLEYS:
            continue
        else:
            raise RuleError(
                f"`{item}` is not an optional card; choose from {', '.join(CARD_GROUPS)} "
                "or card numbers 32-43, 49 and 50."
            )
    return picked


def balancing(picked: set[int]) -> int:
    """How many extra Volley cards keep the Hero to Volley ratio (12.3)."""
    pairs = len(picked & set(CARD_GROUPS["privates"])) // 2
    return (32 in picked) + (33 in picked) + pairs


def vp_adjustment(options: dict[str, Any]) -> dict[str, int]:
    found = {k: SWITCH_VP[k] for k in SWITCHES if options[k] and SWITCH_VP[k]}
    if options["cards"]:
        found["optional cards"] = -len(options["cards"])
    return found


def describe(options: dict[str, Any]) -> str:
    names = {
        "stronger": "Stronger iButhos (12.1)",
        "melee": "Melee Combat (12.2)",
        "officers": "Officers (12.5)",
        "morning_attack": "Zulu Morning Attack (12.4)",
    }
    parts = [names[k] for k in SWITCHES if options[k]]
    if options["cards"]:
        parts.append("optional cards " + ", ".join(f"#{n}" for n in options["cards"]))
    return "; ".join(parts) if parts else "standard game, no optional rules"
