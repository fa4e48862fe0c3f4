"""The zone game of Isandlwana and Rorke's Drift as a game system (system id ``zones``)."""

from __future__ import annotations

from typing import ClassVar

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
from games.core.levels import BOOK, LEVEL_OPTION, STRONG, add_level
from games.core.versions import Upgrade
from games.zones import assault, hidden, intent, orders, policy, setup, upgrades, views
from games.zones.flow import actor, end_phase
from games.zones.options import BOT, BOT_OPTION, FIRST_BOT, FIRST_RULES, RULES, RULES_OPTION
from games.zones.state import BRITISH, SIDES, ZULU, Log, State, copy_state

CURRENT = {RULES_OPTION: RULES, BOT_OPTION: BOT}
"""Every mode names the newest rules and bot revisions, so they are written into the logged
set-up."""
BOT_ZULUS = {BOOK: {"solitaire": True}, STRONG: {"solitaire": False}}
"""Bot Zulus by the book are the rules' solitaire Zulus (18.0); strong ones play the
two-player rules, strengths hidden, with a policy of their own."""


def outcome(s: State, log: Log) -> Outcome:
    private = {side: "\n".join(lines) for side, lines in log.private.items()}
    return Outcome(s, [Event("\n".join(log.public), private)])


class Zones:
    id = "zones"
    title = "Isandlwana and Rorke's Drift (zones)"
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
        "rorkes-drift": Scenario(
            "rorkes-drift",
            "Rorke's Drift",
            "The mission station holds out through 8 day and 8 night turns.",
        ),
        "isandlwana": Scenario(
            "isandlwana", "Isandlwana", "The camp under the mountain, in its historical set-up."
        ),
        "isandlwana-free": Scenario(
            "isandlwana-free",
            "Isandlwana, free set-up",
            "The British place their foot, Pulleine and the guns where they like (rule 7.1).",
        ),
    }
    modes: ClassVar[dict[str, Mode]] = {
        "two-player": Mode("two-player", "Two players", (), CURRENT),
        "solo": Mode(
            "solo",
            "Solo: you are the British; by the book the bot's Zulus follow rule 18.0",
            (ZULU,),
            CURRENT,
            BOT_ZULUS,
        ),
        "bots": Mode("bots", "Bot against bot", "all", CURRENT, BOT_ZULUS),
    }

    def new(self, scenario: str, options: JSON, dice: Dice) -> Outcome:
        if scenario not in self.scenarios:
            raise RuleError(f"Unknown scenario `{scenario}`; choose {', '.join(self.scenarios)}.")
        s = setup.new_state(scenario, options)
        log = Log()
        log.say(f"{self.scenarios[scenario].title}: the British set up (turn 1, rule 4.1).")
        if not orders.has_orders(s):
            end_phase(s, log, orders.has_orders)
        return outcome(s, log)

    def to_act(self, state: JSON) -> tuple[str, ...]:
        side = actor(state)
        return (side,) if side else ()

    def legal_orders(self, state: JSON, side: str) -> list[Order]:
        return orders.legal(state, side)

    def apply(self, state: JSON, side: str, action: JSON, dice: Dice) -> Outcome:
        if state["result"]:
            raise RuleError("This game is over; start a new game to play on.")
        if side not in SIDES:
            raise RuleError(f"The sides are {BRITISH} and {ZULU}.")
        s = copy_state(state)
        log = Log()
        before = hidden.zulu_strengths(s)
        orders.perform(s, side, dict(action), dice, log)
        report = hidden.strength_report(before, hidden.zulu_strengths(s))
        if report:
            log.tell(ZULU, report)
        return outcome(s, log)

    def bot_action(self, state: JSON, side: str, dice: Dice) -> JSON:
        """Strong, the British play with intent (``intent``) and the Zulus, under the
        two-player rules (the modes turn 18.0 off), mass their assault (``assault``); by the
        book, the plain policy (``policy``), which for solitaire Zulus is only ``solo``."""
        if state[LEVEL_OPTION] == STRONG:
            if side == BRITISH:
                return intent.choose(state)
            if not state["options"]["solitaire"]:
                return assault.choose(state)
        return policy.choose(state, side)

    def result(self, state: JSON) -> Result | None:
        found = state["result"]
        return Result(found["winner"], found["summary"]) if found else None

    def view(self, state: JSON, viewer: Viewer) -> View:
        return views.view(state, viewer)

    def wanted(self, state: JSON) -> str | None:
        """A choice the game is held for, in words with its numbers (for the turn line)."""
        return views.wanted(state)

    def secrets(self, state: JSON) -> list[Secret]:
        return hidden.secrets(state)

    def sample_hidden(self, state: JSON, viewer: Viewer, dice: Dice) -> JSON:
        return hidden.sample(state, viewer, dice)


SYSTEM = Zones()
