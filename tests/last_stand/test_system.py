"""The game system's contract: replayable bot games, button keys, views and pictures."""

from __future__ import annotations

import io
import json
import re
from dataclasses import replace

import pytest
from PIL import Image

from bot.systems.installed import pairings
from games.core.dice import Dice, derived_seed
from games.core.engine import GameSystem, Viewer, buttons
from games.core.errors import RuleError
from games.core.levels import LEVEL_OPTION, STRONG
from games.core.replay import Step, replay
from games.core.versions import VERSION_KEY, loaded
from games.last_stand.state import BOT, BOT_OPTION, FIRST_BOT, FIRST_RULES, RULES, RULES_OPTION
from games.last_stand.system import CURRENT, SYSTEM
from renderers.last_stand import map_image, render

KEY = re.compile(r"^[\w.-]+$")


def bot_game(seed: str, options: dict = CURRENT) -> tuple[dict, list[Step]]:
    dice = Dice(seed)
    state = SYSTEM.new("historical", dict(options), dice).state
    steps = [Step(None, {"scenario": "historical", "options": options}, dice.take_rolls())]
    while not SYSTEM.result(state):
        [side] = SYSTEM.to_act(state)
        for choice in SYSTEM.legal_orders(state, side):
            assert KEY.match(choice.key), choice.key
        action = SYSTEM.bot_action(state, side, dice)
        state = SYSTEM.apply(state, side, action, dice).state
        steps.append(Step(side, action, dice.take_rolls(), by_bot=True))
    return state, steps


def test_is_a_game_system_the_bot_pairs_with_its_cog_and_map() -> None:
    assert isinstance(SYSTEM, GameSystem) and SYSTEM.id == "last-stand"
    pairing = pairings()["last-stand"]
    assert pairing.system is SYSTEM and pairing.cog == "bot.systems.last_stand.cog"
    assert pairing.render is render


def test_a_bot_game_replays_exactly_and_its_state_is_plain_json() -> None:
    seed = derived_seed("system-test", 1)
    state, steps = bot_game(seed)
    assert json.loads(json.dumps(state)) == state
    report = replay(SYSTEM, seed, steps)
    assert report.ok, report.problem
    assert report.state == state


def test_apply_never_changes_the_state_it_is_given() -> None:
    dice = Dice(derived_seed("system-test", 2))
    state = SYSTEM.new("historical", {}, dice).state
    for _ in range(40):
        [side] = SYSTEM.to_act(state)
        frozen = json.dumps(state, sort_keys=True)
        after = SYSTEM.apply(state, side, SYSTEM.bot_action(state, side, dice), dice).state
        assert json.dumps(state, sort_keys=True) == frozen
        state = after


def test_public_view_and_map_picture() -> None:
    dice = Dice(derived_seed("system-test", 3))
    state = SYSTEM.new("historical", {}, dice).state
    view = SYSTEM.view(state, Viewer.public())
    assert view.title.startswith("Turn 1")
    assert any("Zulus: 112 on the map" in line for line in view.lines)
    image = Image.open(io.BytesIO(render(view, {"whole": True})))
    assert image.size[0] > 1000 and image.size[1] > 500
    zoom = Image.open(io.BytesIO(render(view, {"zoom": "1206"})))
    assert zoom.size[0] < image.size[0]
    unknown = map_image(view.picture, {"zoom": "9999"})  # not a hex: the posted map
    assert unknown.size == map_image(view.picture, {}).size


def test_map_highlights_moves_and_hits() -> None:
    dice = Dice(derived_seed("system-test", 4))
    state = SYSTEM.new("historical", {}, dice).state
    while (not state["marks"]["now"] and not state["marks"]["before"]) or state["turn"] < 2:
        [side] = SYSTEM.to_act(state)
        state = SYSTEM.apply(state, side, SYSTEM.bot_action(state, side, dice), dice).state
    picture = SYSTEM.view(state, Viewer.public()).picture
    assert picture["marks"]
    plain = map_image({**picture, "marks": []}, {})
    marked = map_image(picture, {})
    assert plain.tobytes() != marked.tobytes()


def test_buttons_for_the_british_choices() -> None:
    """Phase IV's announcement (5.6), squares (7.7), the Colours (5.10), and confirming a
    fire once its hit number and modifiers are shown."""
    from tests.last_stand.scenes import LoadedDice, scene

    def labels(state: dict) -> list[str]:
        return [c.label for c in buttons(SYSTEM, state, "british")]

    announce = scene({"a": "1706"}, ["1704"], phase="british_4")
    assert labels(announce) == ["Movement first", "Combat first"]
    moving = SYSTEM.apply(announce, "british", {"type": "order", "first": "move"}, LoadedDice())
    assert "Form square: A Co." in labels(moving.state)
    arrivals = scene({"a": "1706"}, [], phase="arrivals", turn=2)
    assert labels(arrivals) == ["Raise the Colours", "Send the Colours away"]
    combat = scene({"a": "1706"}, ["1704"], phase="british_4", first="combat")
    aimed = SYSTEM.apply(
        combat, "british", {"type": "aim", "target": "1704", "shots": {"a": 8}}, LoadedDice()
    ).state
    assert labels(aimed) == ["Fire: hit on 5 or less (a 6 always misses)", "Cancel this fire"]
    assert SYSTEM.legal_orders(aimed, "zulu") == []


def test_every_new_game_is_under_the_newest_rules_revision() -> None:
    for mode in SYSTEM.modes.values():
        state = SYSTEM.new("historical", dict(mode.options), Dice("11" * 32)).state
        assert state["rules"] == RULES
    forgotten = SYSTEM.new("historical", {}, Dice("11" * 32)).state  # a caller names none
    assert forgotten["rules"] == RULES


@pytest.mark.parametrize("logged", [{}, {RULES_OPTION: FIRST_RULES}, {RULES_OPTION: RULES}])
def test_a_logged_set_up_replays_under_the_revision_it_was_played_by(logged: dict) -> None:
    """Set-ups logged before 8.7's revision were played under the first revision and named
    none; a set-up naming one keeps it."""
    step = Step(side=None, action={"scenario": "historical", "options": logged}, rolls=[])
    report = replay(SYSTEM, "11" * 32, [step])
    assert report.ok, report.problem
    assert report.state["rules"] == logged.get(RULES_OPTION, FIRST_RULES)


def test_a_strong_game_replays_with_the_bot_revision_it_was_played_by() -> None:
    """A game against the strong British logged before the bot had revisions named none and
    was played by the first: its log replays, and the same log read as the newest revision
    (planted) is caught, since its leaders walk off where the first kept them."""
    seed = derived_seed("system-test", "bot revision")
    logged = {RULES_OPTION: RULES, LEVEL_OPTION: STRONG}
    state, steps = bot_game(seed, {**logged, BOT_OPTION: FIRST_BOT})

    def set_up(options: dict) -> list[Step]:
        return [replace(steps[0], action={**steps[0].action, "options": options}), *steps[1:]]

    report = replay(SYSTEM, seed, set_up(logged))
    assert report.ok, report.problem
    assert report.state == state and state["bot"] == FIRST_BOT
    caught = replay(SYSTEM, seed, set_up({**logged, BOT_OPTION: BOT}))
    assert not caught.ok and "the bot would now order otherwise" in (caught.problem or "")
    assert SYSTEM.new("historical", dict(CURRENT), Dice(seed)).state["bot"] == BOT
    with pytest.raises(RuleError, match="Unknown bot revision 9"):
        SYSTEM.new("historical", {BOT_OPTION: 9}, Dice(seed))


def test_a_state_stored_before_rules_revisions_upgrades_to_the_first_revision() -> None:
    state = SYSTEM.new("historical", dict(CURRENT), Dice("11" * 32)).state
    shape_one = {k: v for k, v in state.items() if k != "rules"}
    upgraded = loaded(SYSTEM, {**shape_one, VERSION_KEY: 1})
    assert upgraded == {**shape_one, "rules": FIRST_RULES, "bot": FIRST_BOT}
    assert list(upgraded)[: len(shape_one)] == list(shape_one)


def test_a_state_stored_before_bot_revisions_upgrades_to_the_first() -> None:
    state = SYSTEM.new("historical", dict(CURRENT), Dice("11" * 32)).state
    shape_three = {k: v for k, v in state.items() if k != "bot"}
    assert loaded(SYSTEM, {**shape_three, VERSION_KEY: 3}) == {**shape_three, "bot": FIRST_BOT}
