"""A campaign from the Zulu side: the bot takes the British seat that the zone game's
two-player mode would leave to a second player, and plays it at once."""

from __future__ import annotations

from bot.play.service import Actor, GameService, Place, SeedSource
from bot.storage.repository import Store
from bot.systems.installed import installed

PLACE = Place(1, 2)
PLAYER = 7


async def test_the_bot_takes_the_side_the_caller_gives_it(store: Store) -> None:
    service = GameService(store, installed(), SeedSource("seating"))
    update = await service.new_game(
        PLACE, Actor(PLAYER), "zones", "isandlwana", "two-player", "zulu", bot_sides=("british",)
    )
    seats = {s.side: (s.user_id, s.is_bot) for s in update.seats}
    assert seats == {"british": (None, True), "zulu": (PLAYER, False)}
    assert update.system.to_act(update.game.state) == ("zulu",), "the bot set the British up"
    assert update.waiting_for == [PLAYER]


async def test_without_it_the_mode_decides(store: Store) -> None:
    service = GameService(store, installed(), SeedSource("seating"))
    update = await service.new_game(
        PLACE, Actor(PLAYER), "zones", "isandlwana", "two-player", "zulu"
    )
    assert {s.side for s in update.seats} == {"zulu"}, "two players: the British seat is free"
