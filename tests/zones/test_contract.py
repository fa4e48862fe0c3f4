"""The shared contract checks, run on the zone game before it is paired with the bot.

Once ``bot/systems.py`` pairs it, ``tests/conformance`` runs the same checks; until then
this file plays its games with a picture-less pairing of its own.
"""

from __future__ import annotations

import pytest

from bot.systems import Pairing
from games.zones.system import SYSTEM
from tests.conformance import test_contract as contract


@pytest.mark.parametrize("game", range(3))
def test_the_zone_game_keeps_the_contract(game: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(contract.PAIRINGS, SYSTEM.id, Pairing(SYSTEM))
    contract.play(SYSTEM, game)
