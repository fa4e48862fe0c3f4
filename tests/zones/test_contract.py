"""The shared contract checks, run on the zone game before it is paired with the bot.

Once ``bot/systems/installed.py`` pairs it, ``tests/conformance`` runs the same checks; until then
this file plays its games with a picture-less pairing of its own.
"""

from __future__ import annotations

import pytest

from bot.posting.pairing import Pairing
from games.zones.state import BRITISH
from games.zones.system import SYSTEM
from tests.conformance import test_contract as contract
from tests.zones.helpers import SEED, arrange


@pytest.mark.parametrize("game", range(3))
def test_the_zone_game_keeps_the_contract(game: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(contract.PAIRINGS, SYSTEM.id, Pairing(SYSTEM))
    contract.play(SYSTEM, game)


def test_a_hit_to_allocate_opens_the_panel_when_no_stack_hides_anything(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """11.2.2: the British allocate a hit on the panel, since the order names a unit; when
    every British zone holds one counter the side knows no secret, and the channel post
    must still carry the button that opens the panel."""
    monkeypatch.setitem(contract.PAIRINGS, SYSTEM.id, Pairing(SYSTEM))
    s = arrange("isandlwana", 2, "E", {"16": ["f1"], "15": ["f2"]}, {"17": (7, 1, [])})
    s["pending"] = {"kind": "hits", "zones": [{"zone": "16", "hits": 1, "units": ["f1"]}]}
    assert not [x for x in SYSTEM.secrets(s) if x.readers == frozenset({BRITISH})]
    hits = [o for o in SYSTEM.legal_orders(s, BRITISH) if o.kind == "hits"]
    assert hits and all(o.button and o.private for o in hits)
    contract.check_components(SYSTEM, s, SEED)
