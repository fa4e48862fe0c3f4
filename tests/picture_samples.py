"""Positions of every kind of picture the bot posts, typical and as large as play makes them,
for the picture size tests and the picture benchmark (tests/bench/pictures.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from games.core.dice import Dice, derived_seed
from games.core.engine import JSON, View, Viewer
from games.last_stand.board import board
from games.last_stand.system import SYSTEM as LAST_STAND
from games.ramparts.system import SYSTEM as RAMPARTS
from games.referee.roster import MAX_UNITS, UnitRow
from games.zones.schema import Battle
from renderers import last_stand, ramparts, zones
from renderers.roster import PAGE_UNITS, render_roster
from tests.zones.pictures import sample


@dataclass(frozen=True)
class Case:
    """One picture to draw: its kind, which position, and how to draw it to PNG bytes."""

    kind: str
    position: str
    draw: Callable[[], bytes | None]


def last_stand_game(seed: int, turn: int) -> JSON:
    """A bot-against-bot Last Stand game at the start of the given turn's Phase IV (or its end)."""
    dice = Dice(derived_seed("bench", seed))
    state = LAST_STAND.new("historical", {}, dice).state
    while not (state["turn"] == turn and state["phase"] == "british_4") and not state["result"]:
        [side] = LAST_STAND.to_act(state)
        state = LAST_STAND.apply(state, side, LAST_STAND.bot_action(state, side, dice), dice).state
    return state


def last_stand_crowded() -> JSON:
    """Set-up done, the British spread as the bot places them, and every one of the 112 Zulus
    on a hex of its own across the map: the most counters a map can hold."""
    dice = Dice(derived_seed("bench", "zulus"))
    state = LAST_STAND.new("historical", {}, dice).state
    for order in ({"type": "auto"}, {"type": "end"}):
        state = LAST_STAND.apply(state, "british", order, dice).state
    b = board()
    taken = {d["hex"] for d in state["british"].values() if d["hex"]} | {state["wagon"]}
    free = [h for h in sorted(b.numbers, key=lambda n: (-int(n[:2]), n)) if h not in taken]
    free = [h for h in free if h not in b.onrush]
    for zulu, hex_ in zip(sorted(state["zulus"]), free, strict=False):
        state["zulus"][zulu] = hex_
    return state


@cache
def last_stand_views() -> dict[str, View]:
    public = Viewer.public()
    return {
        "turn 2": LAST_STAND.view(last_stand_game(3, 2), public),
        "turn 4": LAST_STAND.view(last_stand_game(1, 4), public),
        "112 Zulus": LAST_STAND.view(last_stand_crowded(), public),
    }


def ramparts_state(seed: int, orders: int) -> JSON:
    dice = Dice(derived_seed("render", seed))
    state = RAMPARTS.new("standard", {}, dice).state
    for _ in range(orders):
        if state["over"]:
            break
        order = RAMPARTS.bot_action(state, "british", dice)
        state = RAMPARTS.apply(state, "british", order, dice).state
    return state


@cache
def ramparts_states() -> dict[str, JSON]:
    late = ramparts_state(9, 54)
    full_hand = {**late, "hand": list(range(3, 15))}
    return {"start": ramparts_state(0, 0), "late": late, "12 cards": full_hand}


def roster_rows(count: int) -> list[UnitRow]:
    """``count`` units with long details, losses and several state badges each."""
    states = (("routing", "disordered"), ("pinned", "impetuous"), (), ("pinned last turn",))
    return [
        UnitRow(
            name=f"{n + 1}st Battalion, 24th Regiment of Foot, company {chr(65 + n % 26)}",
            strength=f"{40 - n % 30} figures",
            losses=f"-{n % 7 + 1} this turn ({n % 20 + 3}%)" if n % 3 else "",
            details="Regular foot · iv-A-9 · officer +2 · close order · light cover · MH",
            states=states[n % len(states)],
            out=n % 11 == 10,
        )
        for n in range(count)
    ]


def zone_view(battle: Battle, zulu_view: bool, night: bool) -> View:
    return View(Viewer.public(), "map", [], sample(battle, zulu_view=zulu_view, night=night))


def cases() -> list[Case]:
    """Every picture kind at every sample position."""
    found: list[Case] = []
    for position, view in last_stand_views().items():
        for kind, options in (
            ("Last Stand posted", {}),
            ("Last Stand whole", {"whole": True}),
            ("Last Stand zoom", {"zoom": "1206"}),
        ):
            found.append(Case(kind, position, lambda v=view, o=options: last_stand.render(v, o)))
    for position, state in ramparts_states().items():
        public = RAMPARTS.view(state, Viewer.public())
        own = RAMPARTS.view(state, Viewer.of_side("british"))
        found.append(Case("Ramparts tracks", position, lambda v=public: ramparts.render(v, {})))
        found.append(
            Case("Ramparts hand", position, lambda v=own: ramparts.render(v, {"hand": True}))
        )
    for battle in ("rorkes-drift", "isandlwana"):
        for zulu_view in (False, True):
            for night in (False, True):
                view = zone_view(battle, zulu_view, night)
                position = ("Zulu view" if zulu_view else "public") + (" night" if night else "")
                found.append(Case(f"zones {battle}", position, lambda v=view: zones.render(v, {})))
    for count in (1, 8, MAX_UNITS):
        rows = roster_rows(count)
        pages = [rows[start : start + PAGE_UNITS] for start in range(0, count, PAGE_UNITS)]
        for n, page in enumerate(pages, 1):
            many = len(pages) > 1
            title = "Roster · turn 3" + (f" · {n} of {len(pages)}" if many else "")
            position = f"{count} units" + (f", page {n}" if many else "")
            found.append(Case("roster", position, lambda t=title, r=page: render_roster(t, r)))
    return found
