"""The Zulus on the Ramparts! game system: set-up, orders, views and pictures.

One side acts (the British player); the Zulus are run by the engine inside
``apply`` with the seeded dice, so no seat is held by the bot.
"""

from __future__ import annotations

from typing import Any, ClassVar

from games.core.dice import Dice
from games.core.engine import (
    JSON,
    Event,
    Mode,
    Order,
    Outcome,
    Result,
    Scenario,
    Secret,
    View,
    Viewer,
)
from games.core.errors import NotYourTurn, RuleError
from games.core.levels import LEVEL_OPTION, STRONG, add_level, level_of
from games.core.versions import Upgrade
from games.ramparts import actions, hidden, orders, policy, strong, views
from games.ramparts.catalog import CHIT, IBUTHO, TRACK_IDS, TRACK_NAME
from games.ramparts.deck import STARTING_HAND, build, shuffle
from games.ramparts.options import describe, normalise
from games.ramparts.phases import fresh_flags, run
from games.ramparts.state import SIDE, Ctx, State, copy_state, start_markers
from games.ramparts.victory import HOW


def new_state(options: dict[str, Any], dice: Dice) -> State:
    """Set-up steps 1-5 of 3.0, before the first turn begins."""
    opts = normalise(options)
    order = shuffle(list(IBUTHO), dice, "place the iButhos on the tracks")
    chits = [c for c in CHIT if not (opts["officers"] and CHIT[c].kind == "seniority_debate")]
    s: State = {
        "turn": 0,
        "step": "turn",
        "night": False,
        "dawn": False,
        "final_assault": 0,
        "options": opts,
        LEVEL_OPTION: level_of(options),
        "ibuthos": {},
        "victory": 5,
        "barricade": {"steps": 0, "builder": None},
        "fires": [],
        "ammo_low": True,
        "reserve": [],
        "banners": [],
        "markers": {},
        "cup": chits,
        "drawn": [],
        "chits_used": [],
        "chits_removed": [c for c in CHIT if c not in chits],
        "deck": build(opts["cards"], dice),
        "hand": list(STARTING_HAND),
        "tableau": [],
        "discard": [],
        "removed": [],
        "volleys_fired": 0,
        "relief": False,
        "turn_flags": fresh_flags(),
        "over": None,
    }
    for name, track in zip(order, TRACK_IDS, strict=True):
        s["ibuthos"][name] = {"track": track, "pos": 0, "markers": 0, "status": "active"}
    for name in order:
        s["ibuthos"][name]["markers"] = start_markers(s, name)
    return s


def outcome(ctx: Ctx) -> Outcome:
    private = {SIDE: "\n".join(ctx.private)} if ctx.private else {}
    text = "\n".join(ctx.log) or "-"
    return Outcome(ctx.s, [Event(text, private)])


class Ramparts:
    id = "ramparts"
    title = "Zulus on the Ramparts!"
    sides = (SIDE,)
    state_version = 2
    upgrades: ClassVar[dict[int, Upgrade]] = {1: add_level}
    logged_options: ClassVar[JSON] = {}
    scenarios: ClassVar[dict[str, Scenario]] = {
        "standard": Scenario(
            "standard",
            "Rorke's Drift, 22 January 1879",
            "Hold the mission station until Lord Chelmsford's column returns.",
        )
    }
    modes: ClassVar[dict[str, Mode]] = {
        "solo": Mode("solo", "Solitaire: the game runs the Zulus", ()),
        "bots": Mode("bots", "Watch: the bot defends with the built-in policy", "all"),
    }

    def new(self, scenario: str, options: JSON, dice: Dice) -> Outcome:
        if scenario not in self.scenarios:
            raise RuleError("The only scenario is `standard`.")
        s = new_state(options, dice)
        ctx = Ctx(s, dice)
        placed = ", ".join(f"{n} on the {TRACK_NAME[b['track']]}" for n, b in s["ibuthos"].items())
        ctx.say(f"Set-up ({describe(s['options'])}): {placed}, each in its 5 box.")
        ctx.say("It is 3:30 PM. You hold three cards.")
        ctx.tell("Your hand: " + "; ".join(views.hand_lines(s)))
        run(ctx, "turn")
        return outcome(ctx)

    def to_act(self, state: JSON) -> tuple[str, ...]:
        return () if state["over"] else (SIDE,)

    def legal_orders(self, state: JSON, side: str) -> list[Order]:
        if side != SIDE:
            return []
        return [orders.order(state, a) for a in actions.legal(state)]

    def apply(self, state: JSON, side: str, action: JSON, dice: Dice) -> Outcome:
        if state["over"]:
            raise RuleError("This game is over; start a new game to play on.")
        if side != SIDE:
            raise NotYourTurn("Only the British player gives orders in this game.")
        actions.check(state, dict(action))
        ctx = Ctx(copy_state(state), dice)
        run(ctx, actions.perform(ctx, dict(action)))
        return outcome(ctx)

    def bot_action(self, state: JSON, side: str, dice: Dice) -> JSON:
        """The built-in defence by the book; the strong one weighs each Volley by the threat
        it meets and its exact dice (``strong``). The Zulus are the game's own at both."""
        if state[LEVEL_OPTION] == STRONG:
            return strong.choose(state)
        return policy.choose(state)

    def result(self, state: JSON) -> Result | None:
        over = state["over"]
        if not over or "level" not in over:
            return None
        return Result(over["winner"], f"{HOW[over['how']]}. {over['vp']} VP: {over['level']}.")

    def view(self, state: JSON, viewer: Viewer) -> View:
        return views.view(state, viewer)

    def secrets(self, state: JSON) -> list[Secret]:
        return hidden.secrets(state)

    def sample_hidden(self, state: JSON, viewer: Viewer, dice: Dice) -> JSON:
        sees_hand = viewer.kind == "referee" or viewer.side == SIDE
        return hidden.sample(state, sees_hand, dice)


SYSTEM = Ramparts()
