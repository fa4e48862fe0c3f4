"""The zone game's strong bot: it sees only what its side may see, and plays with intent.

The invariance check redraws every value hidden from the side to move (``sample_hidden``)
and asks the strong bot again: a bot that decides on what its side may see gives the same
order in every redrawn position. A bot planted to peek at the Zulu strengths is caught.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import replace

import pytest

from games.core.dice import Dice, derived_seed
from games.core.engine import JSON, Viewer
from games.core.errors import RuleError
from games.core.levels import LEVEL_OPTION, STRONG, at_level
from games.core.replay import Step, replay
from games.core.versions import VERSION_KEY, loaded
from games.zones import assault, intent, policy
from games.zones.options import BOT, BOT_OPTION, FIRST_BOT, RULES, RULES_OPTION
from games.zones.state import BRITISH, ZULU, State, zulu_sp
from games.zones.system import CURRENT, SYSTEM
from tests.zones.helpers import SEED, arrange

Chooser = Callable[[State], JSON]
REDRAWS = 4


def positions(scenario: str, games: int = 3) -> Iterator[State]:
    """Positions of strong-against-strong games (two-player rules), with the side to move."""
    for game in range(games):
        dice = Dice(SEED, 0, [f"strong/{scenario}/{game}"])
        state = at_level(SYSTEM.new(scenario, {}, dice).state, STRONG)
        for _ in range(3000):
            sides = SYSTEM.to_act(state)
            if not sides or SYSTEM.result(state):
                break
            yield state
            action = SYSTEM.bot_action(state, sides[0], dice)
            state = SYSTEM.apply(state, sides[0], action, dice).state
            dice.take_rolls()


def peeks(chooser: Chooser, side: str, scenario: str) -> State | None:
    """The first position where ``chooser`` changes its order when what ``side`` cannot see
    is drawn afresh, or None when it never does."""
    viewer = Viewer.of_side(side)
    for number, state in enumerate(positions(scenario)):
        if SYSTEM.to_act(state) != (side,) or number % 3:
            continue
        wanted = chooser(state)
        for redraw in range(REDRAWS):
            seen = SYSTEM.sample_hidden(state, viewer, Dice(SEED, redraw, [str(number)]))
            if chooser(seen) != wanted:
                return state
    return None


@pytest.mark.parametrize("scenario", ["rorkes-drift", "isandlwana"])
def test_the_strong_british_decide_on_what_the_british_may_see(scenario: str) -> None:
    assert peeks(intent.choose, BRITISH, scenario) is None


@pytest.mark.parametrize("scenario", ["rorkes-drift", "isandlwana"])
def test_the_strong_zulus_decide_on_what_the_zulus_may_see(scenario: str) -> None:
    assert peeks(assault.choose, ZULU, scenario) is None


def test_a_planted_peek_at_the_zulu_strengths_is_caught() -> None:
    """Plant the fault: a British bot that fires at the strongest Zulu stack, which only the
    Zulu player knows (3.1). The redrawn positions give it away."""

    def peeking(s: State) -> JSON:
        shots = [o for o in SYSTEM.legal_orders(s, BRITISH) if o.kind in ("fire", "volley")]
        if shots:
            return max(shots, key=lambda o: zulu_sp(s, o.action["target"])).action
        return intent.choose(s)

    assert peeks(peeking, BRITISH, "rorkes-drift") is not None


def test_a_planted_peek_under_the_british_stacks_is_caught() -> None:
    """Plant the fault: Zulus that aim their random fire wherever B Company's tenth section
    stands, which under a stack's top only the British player knows (3.1). Every British
    strength can be worked out from the public losses, so strengths alone give nothing away;
    which of two alike units is where cannot."""

    def peeking(s: State) -> JSON:
        shots = [o for o in SYSTEM.legal_orders(s, ZULU) if o.kind == "random-fire"]
        for order in shots:
            if "b10" in s["stacks"].get(next(iter(order.action["shots"])), [])[1:]:
                return order.action
        return assault.choose(s)

    assert peeks(peeking, ZULU, "rorkes-drift") is not None


def test_rule_14_3_the_strong_british_volley_before_they_fire() -> None:
    """Chard with 4 SP beside Zulus in I: the volley's 15 dice at 3-6 come first."""
    s = arrange(
        "rorkes-drift", 4, "D", {"J": ["chard", "bourne", "dalton"], "G": ["b1"]},
        {"I": (12, 2, [])},
    )  # fmt: skip
    assert intent.choose(s)["type"] == "volley"


def test_rule_12_7_the_strong_british_never_leave_a_building_to_advance() -> None:
    """Where a melee has emptied a zone next to the storehouse or the redoubt, the built-in
    British advance out of it; the strong ones stay, advancing only from open ground."""
    found = 0
    for state in positions("rorkes-drift"):
        if SYSTEM.to_act(state) != (BRITISH,):
            continue
        advances = [o for o in SYSTEM.legal_orders(state, BRITISH) if o.kind == "advance"]
        out = [o for o in advances if state["units"][o.action["units"][0]]["zone"] in "DGH"]
        if not out:
            continue
        found += 1
        assert intent.choose(state) not in [o.action for o in out]
        book = at_level(state, "book")
        assert SYSTEM.bot_action(book, BRITISH, Dice(SEED)) == advances[0].action
    assert found


def test_rule_10_8_the_strong_british_take_the_wounded_away_from_the_zulus() -> None:
    """Once the Zulus have meleed into the hospital, the escort in O takes its VP unit into
    K, away from the Zulus in 12 and N, and nearer the water cart."""
    s = arrange(
        "rorkes-drift", 5, "B", {"O": ["sick1", "vp4"], "J": ["chard", "bourne"]},
        {"N": (8, 1, []), "12": (20, 2, [])},
    )  # fmt: skip
    s["hospital_melee"] = True
    action = intent.choose(s)
    assert action["type"] == "move" and set(action["units"]) == {"sick1", "vp4"}
    assert action["path"][-1] in ("I", "K")


def test_rule_9_3_1_the_strong_british_send_a_reduced_unit_to_the_storehouse() -> None:
    s = arrange("rorkes-drift", 5, "B", {"J": ["chard", "b1", "b2"], "G": ["b3"]})
    s["units"]["b1"]["sp"] = 1
    action = intent.choose(s)
    assert action == {"type": "move", "units": ["b1"], "path": ["G"]}


def test_the_strong_level_reaches_every_bot_order_of_the_zone_game() -> None:
    """Strong, the British play with intent and the Zulus mass their assault."""
    rng = random.Random(5)
    dice = Dice(SEED)
    for state in positions("rorkes-drift", games=1):
        if rng.random() > 0.05:
            continue
        side = SYSTEM.to_act(state)[0]
        expected = intent.choose(state) if side == BRITISH else assault.choose(state)
        assert SYSTEM.bot_action(state, side, dice) == expected


def test_the_strong_zulus_mass_beside_one_british_zone() -> None:
    """The storehouse, one counter seen in it, is worth more to break than the redoubt's
    four: the Zulus enter at the edge beside it (2) and nearest it, then the force in 12
    moves into the hospital yard beside it, where the built-in Zulus would go elsewhere."""
    s = arrange(
        "rorkes-drift", 3, "C", {"D": ["b1", "b2", "b3", "b4"], "G": ["b5"], "J": ["b6", "b7"]},
        {"12": (20, 2, []), "9": (10, 1, [])},
    )  # fmt: skip
    assert assault.target(s) == "G"
    entry = assault.choose(s)
    assert entry["type"] == "enter" and entry["path"][-1] == "2"
    while entry["type"] == "enter":
        s = SYSTEM.apply(s, ZULU, entry, Dice(SEED)).state
        entry = assault.choose(s)
    move = entry
    assert move["type"] == "zmove" and move["from"] == "12" and move["path"][-1] == "I"
    assert policy.choose(s, ZULU) != move


def strong_game(seed: str, options: JSON, orders: int | None = None) -> tuple[State, list[Step]]:
    """A Rorke's Drift of the strong bots on both sides, with its log."""
    dice = Dice(seed)
    state = SYSTEM.new("rorkes-drift", dict(options), dice).state
    steps = [Step(None, {"scenario": "rorkes-drift", "options": options}, dice.take_rolls())]
    while not SYSTEM.result(state) and (orders is None or len(steps) <= orders):
        [side] = SYSTEM.to_act(state)
        action = SYSTEM.bot_action(state, side, dice)
        state = SYSTEM.apply(state, side, action, dice).state
        steps.append(Step(side, action, dice.take_rolls(), by_bot=True))
    return state, steps


def test_the_strong_british_of_bot_revision_2_set_up_in_the_yard() -> None:
    """From revision 2 both leaders and the foot of J and C set up in the yard F (5.1 lets
    them stand in any lettered zone); revision 1 keeps the suggested posts."""
    seed = derived_seed("strong-test", "yard")
    for bot, yard in ((BOT, True), (FIRST_BOT, False)):
        options = {RULES_OPTION: RULES, BOT_OPTION: bot, LEVEL_OPTION: STRONG}
        state, _ = strong_game(seed, options, orders=len(intent.YARD) + 1)
        assert state["turn"] == 1 and state["phase"] != "B"
        in_f = {u for u in intent.YARD if state["units"][u]["zone"] == "F"}
        assert in_f == (set(intent.YARD) if yard else set())


def test_a_strong_game_replays_with_the_bot_revision_it_was_played_by() -> None:
    """A strong game logged before the bot had revisions named none and was played by the
    first: its log replays, and the same log read as the newest revision (planted) is caught,
    since the newest British set up in the yard where the first kept to their posts."""
    seed = derived_seed("strong-test", "bot revision")
    logged = {RULES_OPTION: RULES, LEVEL_OPTION: STRONG}
    state, steps = strong_game(seed, {**logged, BOT_OPTION: FIRST_BOT}, orders=60)

    def set_up(options: JSON) -> list[Step]:
        return [replace(steps[0], action={**steps[0].action, "options": options}), *steps[1:]]

    report = replay(SYSTEM, seed, set_up(logged))
    assert report.ok, report.problem
    assert report.state == state and state["options"][BOT_OPTION] == FIRST_BOT
    caught = replay(SYSTEM, seed, set_up({**logged, BOT_OPTION: BOT}))
    assert not caught.ok and "the bot would now order otherwise" in (caught.problem or "")
    assert SYSTEM.new("rorkes-drift", dict(CURRENT), Dice(seed)).state["options"][BOT_OPTION] == BOT
    for wrong in (9, True, "2"):
        with pytest.raises(RuleError, match="Unknown bot revision"):
            SYSTEM.new("rorkes-drift", {BOT_OPTION: wrong}, Dice(seed))


def test_a_state_stored_before_bot_revisions_upgrades_to_the_first() -> None:
    state = SYSTEM.new("rorkes-drift", dict(CURRENT), Dice("11" * 32)).state
    options = {k: v for k, v in state["options"].items() if k != BOT_OPTION}
    shape_three = {**state, "options": options}
    upgraded = loaded(SYSTEM, {**shape_three, VERSION_KEY: 3})
    assert upgraded == {**shape_three, "options": {**options, BOT_OPTION: FIRST_BOT}}


def test_the_strong_british_of_bot_revision_2_give_up_the_salient_at_isandlwana() -> None:
    """From revision 2 the camp holds 15, 16 and 23, which touch one another: foot in 17
    moves into the one that lacks most, where revision 1 kept it in 17."""
    british = {"17": ["f1", "f2"], "16": ["pulleine", "a1"], "15": ["c1"], "23": ["h1"]}
    s = arrange("isandlwana", 3, "B", british)
    action = intent.choose(s)
    assert action["type"] == "move" and action["units"][0] in ("f1", "f2")
    assert action["path"][-1] in ("15", "16", "23")
    s["options"][BOT_OPTION] = FIRST_BOT
    moved = intent.choose(s)
    assert not (moved["type"] == "move" and moved["units"][0] in ("f1", "f2"))
