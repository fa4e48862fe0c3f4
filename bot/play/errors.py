"""User-facing errors raised by the service: each message tells the player what to do."""

from games.core.errors import LaagerError


class NoGame(LaagerError):
    """There is no game in this channel to act on."""


class ChannelBusy(LaagerError):
    """A game is already running in this channel."""


class NotSeated(LaagerError):
    """The user holds no seat in this game, or not the one they named."""


class SeatTaken(LaagerError):
    """The seat the user asked for is held by someone else."""


class NotAllowed(LaagerError):
    """The user may not run this command (creator or referee only)."""


class GameFinished(LaagerError):
    """The game has ended; nothing more can be ordered."""


class GameMovedOn(LaagerError):
    """Another order changed the game first; this one was not applied."""


class BadInput(LaagerError):
    """An option was malformed or out of range."""
