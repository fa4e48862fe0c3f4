"""Hidden information (3.1, 3.4) and the map's record of the last phase.

Zulu strengths and the SP held off board are the Zulu player's alone; what lies under the
top of a British stack is the British player's alone. Random legal games, which audit for
leaks as they go, are in test_properties.
"""

from __future__ import annotations

import json

from games.core.dice import Dice, derived_seed
from games.core.engine import GameSystem, Viewer, hidden_from
from games.zones.state import State
from games.zones.system import SYSTEM
from tests.zones.helpers import SEED, Scripted, act, arrange, warriors

VIEWERS = [Viewer.public(), Viewer.of_side("british"), Viewer.of_side("zulu")]


def shown(system: GameSystem, s: State, viewer: Viewer) -> str:
    """Everything a viewer is shown: the view, and other sides' orders that are not private."""
    view = system.view(s, viewer)
    words = [view.title, *view.lines, json.dumps(view.picture, sort_keys=True)]
    for side in system.to_act(s):
        if viewer.side != side:
            words += [f"{o.key} {o.label}" for o in system.legal_orders(s, side) if not o.private]
    return "\n".join(words)


def leaks(s: State) -> list[str]:
    return [
        f"{secret.text!r} shown to {viewer}"
        for viewer in VIEWERS
        for secret in hidden_from(SYSTEM, s, viewer)
        if secret.text in shown(SYSTEM, s, viewer)
    ]


def position() -> State:
    return arrange(
        "isandlwana",
        3,
        "D",
        {"16": ["pulleine", "f1", "f2"], "15": ["h1", "h2", "h3", "h4"]},
        {"12": (17, 2, ["ntshingwayo"]), "20": (25, 3, [])},
    )


def test_rule_3_1_zulu_strengths_are_secrets_of_the_zulu_player() -> None:
    s = position()
    texts = {x.ident: (x.text, x.readers) for x in SYSTEM.secrets(s)}
    assert texts["zulu:12"] == ("Zulu stack in zone 12: 17 SP", frozenset({"zulu"}))
    assert texts["zulu:held"] == ("Zulu SP held off board: 48", frozenset({"zulu"}))
    assert texts["stack:16"][1] == frozenset({"british"})
    assert texts["stack:16"][0].startswith("British stack in zone 16: Lt-Col. Pulleine 1 SP")


def test_rule_3_1_each_viewer_sees_counters_and_only_their_own_secrets() -> None:
    s = position()
    public = SYSTEM.view(s, Viewer.public()).picture
    zulu = SYSTEM.view(s, Viewer.of_side("zulu")).picture
    british = SYSTEM.view(s, Viewer.of_side("british")).picture
    assert public["zones"]["12"]["zulu"] == {"counters": 2, "sp": None, "leaders": 1}
    assert zulu["zones"]["12"]["zulu"]["sp"] == 17 and british["zones"]["12"]["zulu"]["sp"] is None
    assert public["held"] is None and british["held"] is None and zulu["held"] == 48
    assert [u["id"] for u in british["zones"]["16"]["british"]] == ["pulleine", "f1", "f2"]
    for picture in (public, zulu):
        stack = picture["zones"]["16"]["british"]
        assert [u["id"] for u in stack] == ["pulleine", "", ""]
        assert stack[0]["top"] and stack[0]["leader"] and stack[1]["sp"] == 0
    assert public["losses"] == {"zulu": 0, "british": 0}
    assert leaks(s) == []


def test_rule_3_1_a_planted_strength_in_a_public_line_is_caught() -> None:
    s = position()
    s["last"]["moves"].append(["Zulu stack in zone 12: 17 SP", "12"])
    assert any("17 SP" in found for found in leaks(s))


def test_rule_3_1_moves_show_counters_in_public_and_strength_in_private() -> None:
    s = arrange("isandlwana", 3, "C", {"15": ["h1"]}, {"20": (25, 3, [])})
    out = SYSTEM.apply(
        s,
        "zulu",
        {"type": "zmove", "from": "20", "path": ["26"], "sp": 12, "counters": 2, "leaders": []},
        Dice(SEED),
    )
    event = out.events[0]
    assert "12 SP" not in event.text
    assert "2 counters" in event.text
    private = event.private["zulu"].splitlines()
    assert private[0] == "You move 12 SP from 20 to 26."
    assert private[1] == (
        "Zulu strengths changed: zone 20 13 SP (was 25 SP); zone 26 12 SP (was 0 SP)."
    )


def test_rule_3_4_sample_hidden_keeps_the_public_record() -> None:
    s = position()
    s["zulu"]["loss"] = 7
    s["zulu"]["held"] -= 7
    for n in range(20):
        dice = Dice(derived_seed(SEED, n))
        for viewer in VIEWERS:
            other = SYSTEM.sample_hidden(s, viewer, dice)
            assert SYSTEM.view(other, viewer) == SYSTEM.view(s, viewer)
            assert warriors(other) == 90 and other["zulu"]["loss"] == 7
            for zone, here in other["zulu"]["zones"].items():
                assert here["counters"] <= here["sp"] <= min(30, 10 * here["counters"]), zone
        assert SYSTEM.sample_hidden(s, Viewer.of_side("zulu"), dice)["zulu"] == s["zulu"]
    drawn = {
        SYSTEM.sample_hidden(s, Viewer.public(), Dice(derived_seed(SEED, n)))["zulu"]["zones"][
            "12"
        ]["sp"]
        for n in range(20)
    }
    assert len(drawn) > 1, "the hidden strength is drawn afresh"


def test_the_map_shows_the_moves_and_losses_of_the_last_phase() -> None:
    s = arrange("isandlwana", 3, "B", {"16": ["f1", "f2", "f3", "f4"], "15": ["h1", "h2"]},
                {"17": (10, 1, [])})  # fmt: skip
    s = act(s, "british", {"type": "move", "units": ["h1"], "path": ["14"]})
    assert SYSTEM.view(s, Viewer.public()).picture["last"] == {"moves": [], "losses": {}}
    s = act(s, "british", {"type": "end"})
    assert s["phase"] == "C"
    assert SYSTEM.view(s, Viewer.public()).picture["last"]["moves"] == [["15", "14"]]
    s = act(s, "zulu", {"type": "end"})
    s = act(s, "british", {"type": "fire", "units": ["f1", "f2"], "target": "17"},
            Scripted(3, 3, 3, 2))  # fmt: skip
    s = act(s, "british", {"type": "end"})
    assert SYSTEM.view(s, Viewer.public()).picture["last"] == {"moves": [], "losses": {"17": 3}}
