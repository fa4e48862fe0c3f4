"""The bot's pairings: each system with its renderer and cog; extra paths name a bare system
or a pairing, and anything else is refused."""

from __future__ import annotations

import pytest

from bot.posting.pairing import Pairing
from bot.systems.installed import BUILT_IN, load_pairing, pairings
from games.core.dice import Dice, derived_seed
from games.core.engine import View, Viewer
from tests.fixtures import duel, duel_pairing


def duel_view() -> View:
    state = duel.SYSTEM.new("standard", {}, Dice(derived_seed("pairing", 1))).state
    return duel.SYSTEM.view(state, Viewer.public())


def test_a_bare_system_gets_no_picture_and_no_cog() -> None:
    pairing = load_pairing("tests.fixtures.duel:SYSTEM")
    assert pairing == Pairing(duel.SYSTEM)
    assert pairing.picture(duel_view(), {}) is None


def test_a_pairing_brings_its_picture() -> None:
    pairing = load_pairing("tests.fixtures.duel_pairing:PAIRING")
    assert pairing is duel_pairing.PAIRING and pairing.cog is None
    png = pairing.picture(duel_view(), {})
    assert png is not None and png.startswith(b"\x89PNG")


def test_a_path_to_anything_else_is_refused() -> None:
    with pytest.raises(TypeError, match="neither a game system nor a pairing"):
        load_pairing("tests.fixtures.duel:render")


def test_extras_join_the_built_in_systems_by_id() -> None:
    found = pairings(["tests.fixtures.duel:SYSTEM"])
    assert list(found) == [*(p.system.id for p in BUILT_IN), "duel"]
    assert found["duel"].cog is None, "a bare system brings no commands of its own"
    assert {"bot.systems.last_stand.cog", "bot.systems.ramparts.cog", "bot.systems.zones.cog"} <= {
        p.cog for p in found.values()
    }


@pytest.mark.parametrize(
    "extra",
    [
        ["games.ramparts:SYSTEM"],
        ["tests.fixtures.duel:SYSTEM", "tests.fixtures.duel_pairing:PAIRING"],
    ],
)
def test_an_id_is_installed_once(extra: list[str]) -> None:
    with pytest.raises(ValueError, match="already installed; take it out of EXTRA_SYSTEMS"):
        pairings(extra)
