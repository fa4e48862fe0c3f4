"""The optional rules chosen when a game starts (17.0-17.4, 18.0), checked and filled in.

``solitaire`` (18.0) the Zulus are played by the rules' dice (games.zones.solitaire): the
solo mode implies it (``Mode.options``), since a system does not see the mode;
``charts`` (17.0) British fire and every melee and bayonet charge are read from the chart
of average hits instead of rolled (Zulu random fire is always rolled); ``bourne_charge``
(17.1.2, Rorke's Drift) Colour Sgt. Bourne may lead a bayonet charge (notes: bourne-charge);
``extra_vp`` (17.1.3, 0-3) VP the Zulus need beyond 14; ``no_vp_win`` (17.1.4) the Zulus
win only by the British falling below 10 SP; ``laager`` (17.1.5, free Isandlwana set-up
only) zones 14, 15 and 23 are laagered; ``dalton_bourne_lead`` (17.1.1, Rorke's Drift)
Dalton and Bourne carry 4 SP a second zone like leaders; ``more_zulus`` (17.2.1, 0-10) warrior
SP added to the Zulu force; ``leaders_carry_15`` (17.2.2); ``more_fire`` (17.2.3) Zulu random
fire of 10 dice by day and 6 by night at Rorke's Drift, 6 at Isandlwana; ``survival_levels``
(17.3) the game is judged at the end of turn 16 by the British SP left, and neither Zulu
victory of 16.1 and 16.2 ends it sooner (notes: survival-levels); ``exit`` (17.4) from turn
13 British units may leave the board from zones 21, 27 and 31, each 12 SP taking 5 VP off the
Zulu total, and the Zulus no longer win by the British falling below 10 SP.

``level`` is how well the bot plays its sides (``games.core.levels``). By the book, a bot
Zulu side follows 18.0 (the modes turn ``solitaire`` on); the strong Zulus play the
two-player rules and mass their assault (``assault``), so a person may take the British
alone against Zulus that hide their strengths; the strong British play with intent
(``intent``).

``rules`` is the revision of this project's reading of the text: 2 for new games; 1 keeps the
first reading for games stored before revision 2, so they play on and replay as they began.
Revision 2 lets Zulus advance over wounded left alone after a melee (12.7 with 10.2), lets part
of a charging group advance (14.4 with 12.7), and moves the entire solitaire force straight
ahead (18.1.4.1). Revision 3 plays Rorke's Drift on the revised map, the water cart J in the
middle of the yard, from the revised suggested posts (``board.EARLIER`` keeps the map and
posts of revisions 1 and 2).

``bot`` is the revision of the strong bot's play (``BOT``), written into the logged set-up
the same way; a set-up logged without one was played by the first.
"""

from __future__ import annotations

from typing import Any

from games.core.errors import RuleError
from games.core.levels import LEVEL_OPTION, level_of
from games.core.revisions import known_revision

SWITCHES = (
    "solitaire",
    "charts",
    "bourne_charge",
    "no_vp_win",
    "laager",
    "dalton_bourne_lead",
    "leaders_carry_15",
    "more_fire",
    "survival_levels",
    "exit",
)
AMOUNTS = {"extra_vp": 3, "more_zulus": 10}
RULES_OPTION = "rules"
FIRST_RULES = 1
RULES = 3
"""The newest revision, which every new game is played under."""
BOT_OPTION = "bot"
FIRST_BOT = 1
BOT = 2
"""Revisions of the strong bot's play, kept by each game like the rules revision, so that a
game's log replays with the orders its bot gave (a replay asks the bot again for each).
Revision 2: the strong British hold the yard F at Rorke's Drift and draw the camp at
Isandlwana in to 15, 16 and 23 (``intent.HOLD_SINCE_2``)."""
ONLY = {
    "laager": ("isandlwana-free",),
    "dalton_bourne_lead": ("rorkes-drift",),
    "bourne_charge": ("rorkes-drift",),
    "exit": ("isandlwana", "isandlwana-free"),
}


def normalise(raw: dict[str, Any] | None, scenario: str) -> dict[str, Any]:
    raw = dict(raw or {})
    unknown = sorted(
        set(raw) - set(SWITCHES) - set(AMOUNTS) - {RULES_OPTION, BOT_OPTION, LEVEL_OPTION}
    )
    if unknown:
        known = ", ".join([*SWITCHES, *AMOUNTS])
        raise RuleError(f"Unknown option {', '.join(unknown)}; the options are {known}.")
    options: dict[str, Any] = {}
    for name in SWITCHES:
        value = raw.get(name, False)
        if not isinstance(value, bool):
            raise RuleError(f"Option {name} is on or off (true or false).")
        if value and name in ONLY and scenario not in ONLY[name]:
            raise RuleError(f"Option {name} belongs to the {', '.join(ONLY[name])} scenario.")
        options[name] = value
    for name, most in AMOUNTS.items():
        value = raw.get(name, 0)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
            raise RuleError(f"Option {name} is a whole number from 0 to {most}.")
        options[name] = value
    options[RULES_OPTION] = known_revision(raw, RULES_OPTION, FIRST_RULES, RULES, "rules")
    options[BOT_OPTION] = known_revision(raw, BOT_OPTION, FIRST_BOT, BOT, "bot")
    level_of(raw)  # refused here with the rest; the state keeps it (games.core.levels)
    return options


def revised(s: dict[str, Any]) -> bool:
    """True under revision 2's readings (see ``rules`` above)."""
    return bool(s["options"][RULES_OPTION] >= 2)
