"""The GameSystem contract: hidden hand, private draws, buttons, replay and pictures."""

from __future__ import annotations

import re

from bot.systems.installed import pairings
from games.core.dice import Dice, derived_seed
from games.core.engine import GameSystem, Viewer
from games.core.replay import Step, replay
from games.ramparts.catalog import CARD
from games.ramparts.orders import LABEL_LIMIT, label
from games.ramparts.policy import choose
from games.ramparts.system import SYSTEM
from renderers.ramparts import render

KEY = re.compile(r"^[\w.-]+$")


def test_is_a_game_system_the_bot_pairs_with_its_cog_and_pictures() -> None:
    assert isinstance(SYSTEM, GameSystem)
    assert SYSTEM.id == "ramparts" and SYSTEM.sides == ("british",)
    pairing = pairings()["ramparts"]
    assert pairing.system is SYSTEM and pairing.cog == "bot.systems.ramparts.cog"
    assert pairing.render is render
    assert SYSTEM.modes["solo"].bot_sides == ()


def test_public_view_hides_the_hand() -> None:
    state = SYSTEM.new("standard", {}, Dice(derived_seed("v", 1))).state
    public = SYSTEM.view(state, Viewer.public())
    mine = SYSTEM.view(state, Viewer.of_side("british"))
    assert "hand" not in public.picture and public.picture["hand_count"] == 3
    assert not any("Chard" in line for line in public.lines if "Available" not in line)
    assert any(line.startswith("Your hand: #3 Lieutenant Chard") for line in mine.lines)
    assert [c["number"] for c in mine.picture["hand"]] == [3, 4, 5]
    text = repr(public)
    assert "deck" not in public.picture and "Here they come" not in text


def test_new_game_tells_the_hand_privately() -> None:
    outcome = SYSTEM.new("standard", {}, Dice(derived_seed("v", 2)))
    private = outcome.events[0].private["british"]
    assert "Lieutenant Chard" in private
    assert "#5" not in outcome.events[0].text


def test_choice_keys_are_short_and_stable() -> None:
    dice = Dice(derived_seed("k", 1))
    state = SYSTEM.new("standard", {"cards": "all"}, dice).state
    for _ in range(80):
        if SYSTEM.result(state):
            break
        offered = SYSTEM.legal_orders(state, "british")
        assert offered == SYSTEM.legal_orders(state, "british")
        for choice in offered:
            assert KEY.match(choice.key) and len(choice.label) <= 80
        state = SYSTEM.apply(state, "british", choose(state), dice).state


def test_replay_reproduces_a_whole_game() -> None:
    seed = derived_seed("replay", 1)
    dice = Dice(seed)
    outcome = SYSTEM.new("standard", {"melee": True}, dice)
    steps = [Step(None, {"scenario": "standard", "options": {"melee": True}}, dice.take_rolls())]
    state = outcome.state
    while not SYSTEM.result(state):
        action = SYSTEM.bot_action(state, "british", dice)
        state = SYSTEM.apply(state, "british", action, dice).state
        steps.append(Step("british", action, dice.take_rolls()))
    report = replay(SYSTEM, seed, steps)
    assert report.ok, report.problem
    assert report.state == state
    result = SYSTEM.result(state)
    assert result and "VP" in result.summary


def test_pictures_are_pngs() -> None:
    state = SYSTEM.new("standard", {}, Dice(derived_seed("p", 1))).state
    board = render(SYSTEM.view(state, Viewer.public()), {})
    hand = render(SYSTEM.view(state, Viewer.of_side("british")), {"hand": True})
    assert board and board.startswith(b"\x89PNG")
    assert hand and hand.startswith(b"\x89PNG")
    assert render(SYSTEM.view(state, Viewer.public()), {"hand": True}) is None


def test_6_6_ammunition_low_says_what_it_costs_and_how_to_end_it() -> None:
    """6.6: while the marker is on the map every Volley has -1; a Hero's Action removes it.
    The game sets up with it on the map (2.0), so the opening position says so."""
    state = SYSTEM.new("standard", {}, Dice(derived_seed("v", 3))).state
    lines = SYSTEM.view(state, Viewer.public()).lines
    assert any("Ammunition / Water Low (each Volley loses 1 from its best die" in x for x in lines)
    for number in (n for n, card in CARD.items() if card.is_hero):
        said = label(state, {"type": "ammo", "card": number})
        assert said.endswith("hands out ammunition: Volleys lose the -1"), said
        assert len(said) <= LABEL_LIMIT, f"{said!r} would be cut on its button"
