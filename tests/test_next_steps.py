"""A post that waits for someone names the ways to give the orders open to them now: the
buttons, the private panel (which holds the orders too many for buttons, step by step), and
the slash commands that are shortcuts to them."""

from __future__ import annotations

from bot.posting.next_steps import ways
from bot.systems.last_stand.pairing import command_for as last_stand_command
from bot.systems.zones.pairing import command_for as zones_command
from games.core.engine import Order


def order(kind: str, *, button: bool = True, private: bool = False, key: str = "") -> Order:
    return Order(key or kind, kind, {"type": kind}, kind=kind, button=button, private=private)


def test_the_buttons_then_the_panel_then_the_commands_that_are_shortcuts() -> None:
    orders = [order("aim", button=False), order("move", button=False), order("end")]
    assert ways(orders, last_stand_command) == (
        "the buttons below, **My orders** (private), `/laststand fire` or `/laststand move`"
    )


def test_private_orders_point_to_the_private_panel_only() -> None:
    orders = [order("zmove", button=False, private=True), order("end")]
    assert ways(orders, zones_command) == (
        "the buttons below, **My orders** (private) or `/zones zmove`"
    )
    assert ways([order("hits", private=True)], zones_command) == "**My orders** (private)"


def test_escorts_and_renamed_kinds_name_their_own_subcommand() -> None:
    orders = [order("move", button=False, key="escort.b1"), order("random-fire", button=False)]
    assert ways(orders, zones_command) == (
        "**My orders** (private), `/zones escort` or `/zones randomfire`"
    )


def test_without_commands_of_its_own_a_system_offers_game_order() -> None:
    assert ways([order("move", button=False)], None) == "**My orders** (private) or `/game order`"
    assert ways([], last_stand_command) == ""
