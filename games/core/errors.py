"""Errors that carry the sentence a player should read.

Each message says what went wrong and, where it can, what is allowed instead.
The bot shows these ephemerally; anything else is an internal failure.
"""

from __future__ import annotations

from collections.abc import Callable


class LaagerError(Exception):
    """Base for every error whose message is meant for the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class RuleError(LaagerError):
    """An order the rules do not allow in the current position."""


class NotYourTurn(RuleError):
    """The side is not the one expected to act now."""


class UnknownAction(RuleError):
    """The order names something the game does not know."""


def passes(check: Callable[..., object], *args: object) -> bool:
    """Whether ``check(*args)`` accepts, raising no RuleError: an order is offered, or a move
    made by a policy, only where the rules allow it."""
    try:
        check(*args)
    except RuleError:
        return False
    return True
