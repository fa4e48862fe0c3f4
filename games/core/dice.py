"""The game's dice: a seeded, recorded, provably fair roller.

The bot picks a secret seed and publishes ``commitment(seed)``, its SHA-256 digest,
when the game starts. From then on the players add contributions the bot cannot
foresee (the ids Discord gives their joins and orders, and any value they type);
each is fixed in the game's log when it is made and folded into the dice key with
:meth:`Dice.mix`. Every die is drawn from HMAC-SHA256(key, cursor), so it depends
on the seed, on every contribution made before it, in order, and on how many dice
came before. When the game ends the seed is revealed and anyone can replay every
roll from the seed and the logged contributions.

Why the order matters: the bot chooses the seed when the command that starts the
game arrives, so nothing in that command can bind it; only contributions made after
the commitment was published can. What remains in the operator's power:

- the dice rolled at set-up (and the bot's own orders in the same reply, such as a
  whole bot-against-bot game) depend on the seed alone, so an operator who tries
  many seeds before publishing one can choose them;
- the bot sees each contribution before it rolls, so a dishonest operator could
  make a command fail whenever it dislikes the dice that would follow (visible to
  the players as a refused or failed command, but not provable);
- a Discord id mostly carries the moment of the click (a millisecond timestamp and
  counters): the operator cannot predict it, but it is no secret from Discord.
  A value the player types is fully their own.

A game with no contributions (every game stored before they existed) rolls from
the seed alone, exactly as before.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

AVERAGE_DIE_FACES: tuple[int, ...] = (2, 3, 3, 4, 4, 5)
"""The wargamers' average die: a d6 marked 2, 3, 3, 4, 4, 5."""

_SPACE = 1 << 64

_MIX_TAG = b"laager contribution\x00"
"""Prefixed to every contribution, so mixing one never computes a die's own message."""


@dataclass(frozen=True)
class Roll:
    """One die as rolled: what it was for, which die, and the face shown."""

    purpose: str
    die: str
    value: int

    def to_json(self) -> dict[str, object]:
        return {"purpose": self.purpose, "die": self.die, "value": self.value}

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Roll:
        return cls(str(data["purpose"]), str(data["die"]), int(data["value"]))  # type: ignore[arg-type]


def new_seed() -> str:
    """A fresh secret seed, as 64 hex digits."""
    return secrets.token_hex(32)


def derived_seed(master: str, *parts: object) -> str:
    """A seed derived from a master seed, for reproducible runs (tests, the sandbox)."""
    text = ":".join([master, *map(str, parts)])
    return hashlib.sha256(text.encode()).hexdigest()


def commitment(seed: str) -> str:
    """The SHA-256 digest published before play, binding the bot to its seed."""
    return hashlib.sha256(bytes.fromhex(seed)).hexdigest()


class Dice:
    """Rolls dice from a seed and the contributions so far, starting at ``cursor``,
    and records each roll."""

    def __init__(self, seed: str, cursor: int = 0, contributions: Iterable[str] = ()) -> None:
        self._key = bytes.fromhex(seed)
        self.cursor = cursor
        self.rolls: list[Roll] = []
        for contribution in contributions:
            self.mix(contribution)

    def mix(self, contribution: str) -> None:
        """Fold a player's contribution into the key: every die drawn from now on depends on it.

        The key becomes HMAC-SHA256(key, tag + contribution), a chain that starts at the
        seed, so the dice depend on every contribution and on their order. The cursor
        carries on, so the log's count of dice stays the game's count.
        """
        self._key = hmac.digest(self._key, _MIX_TAG + contribution.encode(), "sha256")

    def carry_on(self, copy: Dice) -> None:
        """Go on from where a copy of these dice stopped: the copy rolled in another
        process (the engine's worker), and its cursor and unclaimed rolls come back here."""
        self._key, self.cursor, self.rolls = copy._key, copy.cursor, copy.rolls

    def draw(self, n: int) -> int:
        """A uniform integer in [0, n) from the next position of the stream, not recorded.

        For callers that keep their own record, such as free-form rolls.
        """
        limit = _SPACE - (_SPACE % n)
        attempt = 0
        while True:
            message = self.cursor.to_bytes(8, "big") + attempt.to_bytes(4, "big")
            digest = hmac.digest(self._key, message, "sha256")
            value = int.from_bytes(digest[:8], "big")
            if value < limit:
                self.cursor += 1
                return value % n
            attempt += 1

    def roll(self, sides: int, purpose: str) -> int:
        """Roll one die with ``sides`` faces numbered from 1."""
        if sides < 2:
            raise ValueError("a die needs at least two sides")
        value = self.draw(sides) + 1
        self.rolls.append(Roll(purpose, f"d{sides}", value))
        return value

    def d6(self, purpose: str) -> int:
        return self.roll(6, purpose)

    def average(self, purpose: str) -> int:
        """Roll the average die (2, 3, 3, 4, 4, 5)."""
        value = AVERAGE_DIE_FACES[self.draw(6)]
        self.rolls.append(Roll(purpose, "avg", value))
        return value

    def plus_minus(self, purpose: str) -> tuple[int, int]:
        """Roll a pair of average dice, one counted plus and one minus: -3 to +3 in all."""
        return self.average(f"{purpose} (plus die)"), self.average(f"{purpose} (minus die)")

    def choice(self, options: list[T], purpose: str) -> T:
        """Pick one of ``options`` evenly; used to break ties in a recorded way."""
        if not options:
            raise ValueError("nothing to choose from")
        if len(options) == 1:
            return options[0]
        return options[self.roll(len(options), purpose) - 1]

    def take_rolls(self) -> list[Roll]:
        """Hand over the rolls made since the last call, for the event log."""
        taken, self.rolls = self.rolls, []
        return taken
