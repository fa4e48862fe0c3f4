"""Last Stand at Isandlwana as a :class:`~games.core.engine.GameSystem`."""

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
from games.core.errors import RuleError
from games.core.levels import LEVEL_OPTION, STRONG, add_level, level_of
from games.core.revisions import known_revision
from games.core.versions import Upgrade
from games.last_stand import ai, assault, flow, orders, report, setup, strong, upgrades
from games.last_stand.state import (
    BOT,
    BOT_OPTION,
    FIRST_BOT,
    FIRST_RULES,
    PHASE_TITLES,
    RECYCLED,
    RULES,
    RULES_OPTION,
    UNITS,
    name,
    strength_text,
    zulus_by_hex,
)

SIDES = (flow.BRITISH, flow.ZULU)
CURRENT = {RULES_OPTION: RULES, BOT_OPTION: BOT}
"""Every mode names the newest rules and bot revisions, so they are written into the logged
set-up."""


class LastStand:
    id = "last-stand"
    title = "Last Stand at Isandlwana"
    sides = SIDES
    state_version = 4
    upgrades: ClassVar[dict[int, Upgrade]] = {
        1: upgrades.add_rules_revision,
        2: add_level,
        3: upgrades.add_bot_revision,
    }
    logged_options: ClassVar[JSON] = {RULES_OPTION: FIRST_RULES, BOT_OPTION: FIRST_BOT}
    """A set-up logged before revisions were written into it was played under the first."""
    scenarios: ClassVar[dict[str, Scenario]] = {
        "historical": Scenario(
            "historical",
            "Historical set-up (3.0)",
            "The British start where they stood; you place the seven detachments.",
        ),
        "free-setup": Scenario(
            "free-setup",
            "Free British set-up (10.0)",
            "Place every company, leader and detachment yourself; easier for the British.",
        ),
    }
    modes: ClassVar[dict[str, Mode]] = {
        "solo": Mode(
            "solo", "Solo: you command the British, the bot the Zulus", ("zulu",), CURRENT
        ),
        "two-player": Mode("two-player", "Two players", (), CURRENT),
        "solo-zulu": Mode(
            "solo-zulu", "Solo as the Zulus against a bot British", ("british",), CURRENT
        ),
        "bots": Mode("bots", "Bot against bot", "all", CURRENT),
    }

    def new(self, scenario: str, options: JSON, dice: Dice) -> Outcome:
        if scenario not in self.scenarios:
            raise RuleError(f"Unknown scenario `{scenario}`: choose historical or free-setup.")
        revision = known_revision(options, RULES_OPTION, FIRST_RULES, RULES, "rules")
        bot = known_revision(options, BOT_OPTION, FIRST_BOT, BOT, "bot")
        state = setup.new_state(scenario, revision, level_of(options), bot)
        what = "the seven detachments" if scenario == "historical" else "your whole command"
        text = (
            "The Zulu impi gathers at the seven onrush hexes, 16 units in each. "
            f"British set-up: move {what} onto the map one by one, or press "
            "**Place for me**, then **Finish set-up**."
        )
        return Outcome(state, [Event(text)])

    def to_act(self, state: JSON) -> tuple[str, ...]:
        side = flow.to_act(state)
        return (side,) if side else ()

    def apply(self, state: JSON, side: str, action: JSON, dice: Dice) -> Outcome:
        before = state["phase"]
        new, texts = flow.apply(state, side, action, dice)
        if new["phase"] != before and not new["result"]:
            texts.append(f"Turn {new['turn']}, {PHASE_TITLES[new['phase']]}: {self._whose(new)}.")
        return Outcome(new, [Event("\n".join(texts))] if texts else [])

    def summarize(self, lines: list[str]) -> list[str]:
        """A report too long for one post, grouped (``report``)."""
        return report.summarize(lines)

    def _whose(self, state: JSON) -> str:
        side = flow.to_act(state)
        return f"the {side} player acts" if side else "over"

    def bot_action(self, state: JSON, side: str, dice: Dice) -> JSON:
        """By the book, the Zulus as the solitaire rules run them (9.0) and the plain British
        commander. Strong, at the game's bot revision: British who play to survive
        (``strong``) and Zulus who strike where the defence is weakest (``assault``)."""
        if side == flow.ZULU:
            if state[LEVEL_OPTION] == STRONG:
                return assault.zulu_action(state, dice)
            return ai.zulu_action(state, dice)
        if state[LEVEL_OPTION] == STRONG:
            return strong.british_action(state, dice)
        return ai.british_action(state, dice)

    def result(self, state: JSON) -> Result | None:
        found = state["result"]
        return Result(found["winner"], found["summary"]) if found else None

    def legal_orders(self, state: JSON, side: str) -> list[Order]:
        if side != flow.to_act(state):
            return []
        return orders.legal(state)

    def secrets(self, state: JSON) -> list[Secret]:
        """Nothing: both sides see the whole map (6.5)."""
        return []

    def sample_hidden(self, state: JSON, viewer: Viewer, dice: Dice) -> JSON:
        return state

    def view(self, state: JSON, viewer: Viewer) -> View:
        return View(
            viewer,
            f"Turn {state['turn']} · {PHASE_TITLES[state['phase']]}",
            summary_lines(state),
            picture(state),
            phase=f"{state['turn']}.{state['phase']}",
        )


def summary_lines(state: JSON) -> list[str]:
    lines = []
    if state["result"]:
        lines.append(
            f"**{state['result']['winner'].title()} victory:** {state['result']['summary']}"
        )
    else:
        lines.append(f"To act: the {flow.to_act(state)} player.")
    held = [
        strength_text(state, u) + f" {d['hex']}" for u, d in state["british"].items() if d["hex"]
    ]
    lines.append("British: " + (", ".join(held) or "none"))
    wagon = state["wagon"] or "captured"
    lines.append(f"Wagon: {wagon}; Colours: {state['colours']}.")
    on_map = sum(len(z) for z in zulus_by_hex(state).values())
    waiting = sum(1 for w in state["zulus"].values() if w in RECYCLED)
    lines.append(f"Zulus: {on_map} on the map, {waiting} regrouping to re-enter.")
    pending = state["pending"]
    if pending and pending["kind"] == "fire":
        lines.append(f"Aimed at {pending['target']}: {pending['working']}.")
    if pending and pending["kind"] == "displace":
        lines.append(
            f"{name(pending['unit'])} must leave overstacked {pending['from']}; the Zulu "
            f"player picks among {', '.join(pending['to'])} (6.2)."
        )
    if pending and pending["kind"] == "refuge":
        choice = pending["choices"][0]
        lines.append(
            f"{name(choice['leader'])}, left alone in {choice['from']}, waits for the British "
            f"player to pick among {', '.join(choice['to'])} (8.6)."
        )
    return lines


def picture(state: JSON) -> dict[str, Any]:
    """What the map shows; everything in this game is open to both sides (6.5)."""
    return {
        "turn": state["turn"],
        "phase": state["phase"],
        "phase_title": PHASE_TITLES[state["phase"]],
        "first": state["first"],
        "british": [
            {
                "id": u,
                "name": name(u),
                "label": UNITS[u].get("counter", name(u)),
                "arm": UNITS[u].get("arm", "leader"),
                "hex": d["hex"],
                "strength": d["strength"],
                "square": bool(d.get("square")),
                "leader": UNITS[u]["leader"],
            }
            for u, d in state["british"].items()
            if d["hex"]
        ],
        "wagon": state["wagon"],
        "colours": state["colours"],
        "zulus": {h: len(z) for h, z in zulus_by_hex(state).items()},
        "regrouping": {
            part: sum(1 for w in state["zulus"].values() if w == part) for part in RECYCLED
        },
        "marks": state["marks"]["before"] + state["marks"]["now"],
        "result": state["result"],
    }


SYSTEM = LastStand()
