"""The dice a lookup needs: the referee's own when given as options, otherwise rolled here.

Bot rolls come from a seeded ``Dice`` stream (reproducible under the bot's master seed) and
every answer that used them is written to the channel's roll log (``/rolls``).
"""

from collections.abc import Sequence

from games.core.dice import Dice, Roll
from games.tables import TableError

MAX_DICE = 60


class Roller:
    """Takes given values as they are and rolls the rest, remembering which were rolled."""

    def __init__(self, dice: Dice) -> None:
        self._dice = dice
        self.rolled: list[Roll] = []

    def _roll(self, sides: int, purpose: str) -> int:
        value = self._dice.roll(sides, purpose)
        self.rolled.append(Roll(purpose, f"d{sides}", value))
        return value

    def d6(self, given: int | None, purpose: str) -> int:
        return given if given is not None else self._roll(6, purpose)

    def d10(self, given: int | None, purpose: str) -> int:
        """A D10 given (see :func:`d10_face`) or rolled."""
        if given is not None:
            return d10_face(given)
        return self._roll(10, purpose)

    def average(self, given: int | None, purpose: str) -> int:
        if given is not None:
            return given
        value = self._dice.average(purpose)
        self.rolled.append(Roll(purpose, "avg", value))
        return value

    def d6s(self, given: Sequence[int] | None, count: int, purpose: str) -> list[int]:
        if given is not None:
            return list(given)
        return [self._roll(6, purpose) for _ in range(count)]


def d10_face(given: int) -> int:
    """What a D10 the referee reads counts as: the face marked 0 is 10 (the abbreviations
    print 0-9, every table counts 1-10)."""
    return given or 10


def d10_face_or_none(given: int | None) -> int | None:
    return None if given is None else d10_face(given)


def parse_dice(text: str | None, what: str = "dice") -> list[int] | None:
    """Dice typed as "3,5,6" (spaces allowed); None when the option was left out."""
    if text is None:
        return None
    parts = [p for p in text.replace(" ", ",").split(",") if p]
    if not parts or not all(p.isascii() and p.isdigit() for p in parts):
        raise TableError(f"Give the {what} as numbers separated by commas, like 3,5,6.")
    if len(parts) > MAX_DICE:
        raise TableError(f"Give at most {MAX_DICE} {what}.")
    return [int(p) for p in parts]
