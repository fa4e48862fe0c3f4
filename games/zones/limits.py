"""Who may stand where, and how much of them (2.1, 2.2, 3.3, 10.2, 13.4, 15.1).

Limits are checked where a move ends, where units enter and where they are placed, never in
zones only passed through (notes: limits-where-moves-end).
"""

from __future__ import annotations

from games.core.errors import RuleError
from games.zones.state import (
    BRITISH,
    COUNTER_LIMIT,
    ZULU,
    State,
    board_of,
    counters_after,
    limit_sp,
    zulu_sp,
)


def burned(s: State, zone: str) -> bool:
    """13.4: once the hospital has burned down no one may enter it again."""
    return (
        s["hospital_fire"] is not None
        and s["hospital_fire"] >= 5
        and "hospital" in board_of(s).zone(zone).roles
    )


def may_enter(s: State, side: str, zone: str) -> bool:
    """Whether ``side`` may ever stand in ``zone``: British only in lettered zones at Rorke's
    Drift (2.1), Zulus never on the roof H (2.2), nobody on Mt. Isandlwana (10.6)."""
    data = board_of(s).zone(zone)
    allowed = data.british if side == BRITISH else data.zulu
    return allowed and not (s["hospital_fire"] and burned(s, zone))


def british_room(s: State, zone: str, moving: list[str]) -> None:
    """Refuse if ``moving`` would take the British past the zone's limit (2.2)."""
    cap = board_of(s).limit(zone, BRITISH)
    if cap is None:
        return
    staying = [u for u in s["stacks"].get(zone, []) if u not in moving]
    total = sum(limit_sp(s, u) for u in staying + moving)
    if total > cap:
        raise RuleError(
            f"Zone {zone} holds at most {cap} British SP (rule 2.2); this would make {total}."
        )


def zulu_room(s: State, zone: str, adding: int) -> None:
    """Refuse if ``adding`` warrior SP would take the Zulus past the zone's limit (2.2);
    Zulu leaders never count (15.1)."""
    cap = board_of(s).limit(zone, ZULU)
    if cap is None:
        return
    total = zulu_sp(s, zone) + adding
    if total > cap:
        raise RuleError(
            f"Zone {zone} holds at most {cap} Zulu warrior SP (rule 2.2); this would make {total}."
        )


def check_counter_mix(
    s: State, origin: str | None, dest: str | None, sp: int, counters: int
) -> None:
    """3.3: the warriors on the map never show on more counters than the mix holds, the
    split left behind included."""
    if counters_after(s, origin, dest, sp, counters) > COUNTER_LIMIT:
        raise RuleError(f"The counter mix holds {COUNTER_LIMIT} warrior counters in all.")
