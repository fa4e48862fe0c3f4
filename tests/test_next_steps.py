"""A post that waits for someone names the ways to give the orders open to them now."""

from __future__ import annotations

from bot.posting.next_steps import ways
from bot.systems.last_stand.pairing import command_for as last_stand_command
from bot.systems.zones.pairing import command_for as zones_command
from games.core.engine import Order


def order(kind: str, *, button: bool = True, private: bool = False, key: str = "") -> Order:
    return Order(key or kind, kind, {"type": kind}, kind=kind, button=button, private=private)


def test_commands_for_orders_too_many_for_buttons_then_the_buttons() -> None:
    orders = [order("aim", button=False), order("move", button=False), order("end")]
    assert ways(orders, last_stand_command) == (
        "`/laststand fire`, `/laststand move` or the buttons below"
    )


def test_private_orders_point_to_the_private_panel_only() -> None:
    orders = [order("zmove", button=False, private=True), order("end")]
    assert ways(orders, zones_command) == (
        "`/zones zmove`, the buttons below or **My orders** (private)"
    )
    assert ways([order("hits", private=True)], zones_command) == "**My orders** (private)"


def test_escorts_and_renamed_kinds_name_their_own_subcommand() -> None:
    orders = [order("move", button=False, key="escort.b1"), order("random-fire", button=False)]
    assert ways(orders, zones_command) == "`/zones escort` or `/zones randomfire`"


def test_without_commands_of_its_own_a_system_offers_game_order() -> None:
    assert ways([order("move", button=False)], None) == "the buttons below or `/game order`"
    assert ways([], last_stand_command) == ""
