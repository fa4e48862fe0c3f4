"""The strong British of ``games.last_stand.strong``: only orders the engine accepts, checked
by its own refusals (7.x movement, 7.7 squares, 8.2-8.5 fire) over whole seeded games, and
leaders that walk off alone from a worn company from bot revision 2."""

from __future__ import annotations

from collections.abc import Callable

from games.core.dice import Dice, derived_seed
from games.core.engine import JSON
from games.core.errors import RuleError
from games.last_stand import ai, combat, movement, strong
from games.last_stand.state import phase_kind
from games.last_stand.system import SYSTEM
from tests.last_stand.scenes import scene

Policy = Callable[[JSON, Dice], JSON]


def first_refusal(policy: Policy, seed: int) -> str | None:
    """Play a game with ``policy`` as the British and the 9.2 Zulus; the engine's words
    refusing the first British order it will not take, or None if it took them all."""
    dice = Dice(derived_seed("strong-legal", seed))
    state = SYSTEM.new("historical", SYSTEM.modes["bots"].options, dice).state
    while not SYSTEM.result(state):
        side = SYSTEM.to_act(state)[0]
        if side == "british":
            try:
                state = SYSTEM.apply(state, side, policy(state, dice), dice).state
            except RuleError as refused:
                return str(refused)
        else:
            state = SYSTEM.apply(state, side, SYSTEM.bot_action(state, side, dice), dice).state
        dice.take_rolls()
    return None


def test_strong_british_orders_are_all_accepted() -> None:
    for seed in range(3):
        assert first_refusal(strong.british_action, seed) is None


def test_a_planted_illegal_fire_is_caught() -> None:
    """St. Iz never fires (7.9): slipped into the first massed fire, it must be refused."""

    def with_stiz(state: JSON, dice: Dice) -> JSON:
        order = strong.british_action(state, dice)
        if phase_kind(state) == "british_combat" and order["type"] == "aim":
            return {**order, "shots": {**order["shots"], "stiz": 1}}
        return order

    assert "St. Iz never fires" in (first_refusal(with_stiz, 0) or "")


def test_5_5_7_6_4_2_a_leader_walks_off_alone_from_a_worn_company() -> None:
    """Bot revision 2: Pulleine stands with A Co. worn down to 3 SP next to two Zulus. Alone
    he can be neither attacked (5.5) nor entered (7.6) and would win by standing at the end
    of turn 6 (4.2), so he walks off to a hex no Zulu stands beside. The same position at
    revision 1, and beside a company of 5 SP, keeps him where he is."""
    worn = scene(
        {"a": ("1206", 3), "pulleine": "1206"}, ["1205", "1105"], phase="british_4", first="move"
    )
    order = strong.british_action(worn, Dice("11" * 32))
    assert order["type"] == "move" and order["units"] == ["pulleine"]
    assert ai.menace(worn, order["to"]) == 0
    assert order["to"] in movement.british_destinations(worn, ["pulleine"])
    walked = SYSTEM.apply(worn, "british", order, Dice("11" * 32)).state
    assert combat.zulu_attackers({**walked, "phase": "zulu_attack"}).get("1205") == ["a"]
    for kept in (
        {**worn, "bot": 1},
        scene(
            {"a": ("1206", 5), "pulleine": "1206"},
            ["1205", "1105"],
            phase="british_4",
            first="move",
        ),
    ):
        assert "pulleine" not in strong.british_action(kept, Dice("11" * 32)).get("units", [])
