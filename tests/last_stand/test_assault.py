"""The strong Zulus of ``games.last_stand.assault``: 9.2's Zulus, but each attack goes where
the defence is weakest (8.3.2), from bot revision 2."""

from __future__ import annotations

from games.core.dice import Dice
from games.core.errors import RuleError
from games.last_stand import assault
from games.last_stand.system import SYSTEM
from tests.last_stand.scenes import scene

DICE = "11" * 32


def test_8_3_2_the_strong_zulus_attack_the_worst_defended_unit_first() -> None:
    """A Co. (8) stands with Pulleine, +1 to its defence; E Co. (3) stands alone on the
    same ground. 9.2 attacks the strongest first; the strong Zulus hit on 4 or less against
    E Co. rather than 3 or less against A Co., and the engine takes the order."""
    state = scene(
        {"a": "1706", "pulleine": "1706", "e": ("1704", 3)}, ["1705"], phase="zulu_attack"
    )
    assert SYSTEM.bot_action(state, "zulu", Dice(DICE))["target"] == "a"  # by the book
    order = SYSTEM.bot_action({**state, "level": "strong"}, "zulu", Dice(DICE))
    assert order == {"type": "attack", "from": "1705", "target": "e"}
    SYSTEM.apply(state, "zulu", order, Dice(DICE))
    assert assault.zulu_action({**state, "bot": 1}, Dice(DICE))["target"] == "a"


def test_among_equal_defences_the_strongest_unit_is_attacked() -> None:
    state = scene({"a": ("1706", 5), "e": ("1704", 7)}, ["1705"], phase="zulu_attack")
    assert assault.zulu_action(state, Dice(DICE))["target"] == "e"


def test_the_strong_zulus_play_whole_games_the_engine_accepts() -> None:
    """Against both British levels, every strong Zulu order is one the engine takes."""
    for level in ("book", "strong"):
        dice = Dice(DICE)
        state = SYSTEM.new("historical", dict(SYSTEM.modes["bots"].options), dice).state
        while not SYSTEM.result(state):
            side = SYSTEM.to_act(state)[0]
            at = {**state, "level": level if side == "british" else "strong"}
            try:
                state = SYSTEM.apply(state, side, SYSTEM.bot_action(at, side, dice), dice).state
            except RuleError as refused:
                raise AssertionError(f"{side} order refused: {refused}") from refused
            dice.take_rolls()
