"""Storage failures that callers are expected to handle."""


class StorageError(Exception):
    """Base class for expected storage failures."""


class GameNotFound(StorageError):
    def __init__(self, game_id: int) -> None:
        super().__init__(f"game {game_id} does not exist")
        self.game_id = game_id


class ActiveGameExists(StorageError):
    """The channel already hosts an active game."""

    def __init__(self, channel_id: int) -> None:
        super().__init__(f"channel {channel_id} already has an active game")
        self.channel_id = channel_id


class StaleVersion(StorageError):
    """The game changed since the caller read it; reload and decide again."""

    def __init__(self, game_id: int, expected: int, actual: int) -> None:
        super().__init__(f"game {game_id} is at version {actual}, not {expected}")
        self.game_id = game_id
        self.expected = expected
        self.actual = actual
