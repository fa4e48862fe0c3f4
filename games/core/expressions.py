"""Free-form rolls: dice expressions, the average die and the plus/minus pair, with working.

Expressions go through the ``d20`` library; its dice are drawn from our own
seeded stream so that free rolls are as reproducible as a game's. ``d20`` builds its grammar
when imported (a fifth of a second or more), so it is loaded by the first roll that needs it,
not when the bot starts.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from games.core.dice import AVERAGE_DIE_FACES, Dice
from games.core.errors import LaagerError

if TYPE_CHECKING:
    import d20.diceast

MAX_DICE = 100
MAX_SIDES = 1000
LARGEST = 10**9
"""The largest number written or total rolled; the roll log stores totals as integers."""
AVERAGE = re.compile(r"^\s*(\d*)\s*(?:avg|average)\s*(?:([+-])\s*(\d+))?\s*$", re.IGNORECASE)
PLUS_MINUS = re.compile(r"^\s*(?:pm|plusminus|±)\s*(?:([+-])\s*(\d+))?\s*$", re.IGNORECASE)

HELP = (
    "Write dice like `2d6+1`, `4d6kh3` or `d10`; `avg` or `3avg+1` for average dice "
    "(faces 2, 3, 3, 4, 4, 5); `pm` or `pm-1` for the plus/minus pair of average dice."
)


class BadExpression(LaagerError):
    """The text is not a dice expression we can roll."""


@dataclass(frozen=True)
class ExpressionRoll:
    expression: str
    working: str
    total: int


class _StreamRandom:
    """Stands in for the ``random`` module inside d20, drawing from a :class:`Dice` stream."""

    def __init__(self, dice: Dice) -> None:
        self._dice = dice

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        if stop is None:
            start, stop = 0, start
        return start + step * self._dice.draw(len(range(start, stop, step)))


@contextmanager
def _drawing_from(dice: Dice) -> Iterator[None]:
    import d20.expression

    saved = d20.expression.random
    d20.expression.random = _StreamRandom(dice)  # type: ignore[assignment]
    try:
        yield
    finally:
        d20.expression.random = saved


def _modifier(sign: str | None, amount: str | None) -> int:
    return 0 if amount is None else int(amount) * (-1 if sign == "-" else 1)


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def roll_expression(expression: str, dice: Dice) -> ExpressionRoll:
    """Roll ``expression`` and explain it, or raise :class:`BadExpression` with help."""
    text = expression.strip()
    if not text:
        raise BadExpression("Tell me what to roll. " + HELP)
    if match := AVERAGE.match(text):
        count = int(match[1] or 1)
        if not 1 <= count <= MAX_DICE:
            raise BadExpression(f"Roll between 1 and {MAX_DICE} average dice at once.")
        faces = [AVERAGE_DIE_FACES[dice.draw(6)] for _ in range(count)]
        bonus = _modifier(match[2], match[3])
        total = sum(faces) + bonus
        extra = f" {match[2]} {match[3]}" if match[3] else ""
        working = f"{count} average ({', '.join(map(str, faces))}){extra} = `{total}`"
        return ExpressionRoll(text, working, total)
    if match := PLUS_MINUS.match(text):
        plus, minus = AVERAGE_DIE_FACES[dice.draw(6)], AVERAGE_DIE_FACES[dice.draw(6)]
        bonus = _modifier(match[1], match[2])
        total = plus - minus + bonus
        extra = f" {match[1]} {match[2]}" if match[2] else ""
        working = (
            f"plus die {plus} - minus die {minus} = {_signed(plus - minus)}{extra} = `{total}`"
        )
        return ExpressionRoll(text, working, total)
    import d20

    roller = d20.Roller(context=d20.RollContext(max_rolls=MAX_DICE))
    try:
        tree = roller.parse(text)
        _within_bounds(tree)
        with _drawing_from(dice):
            result = roller.roll(tree)
        total = result.total
    except d20.TooManyRolls:
        raise BadExpression(f"That is more than {MAX_DICE} dice; roll fewer at once.") from None
    except d20.RollValueError as error:
        raise BadExpression(f"I cannot roll `{text}`: {error} {HELP}") from None
    except d20.RollSyntaxError as error:
        raise BadExpression(
            f"I cannot read `{text}` as dice: {_where(text, error)} {HELP}"
        ) from None
    except d20.RollError as error:
        raise BadExpression(f"I cannot read `{text}` as dice ({error}). {HELP}") from None
    if abs(total) > LARGEST:
        raise BadExpression(f"That total is beyond {LARGEST:,}; keep rolls to game-sized numbers.")
    return ExpressionRoll(text, str(result), int(total))


def _where(text: str, error: Exception) -> str:
    """Where the parser gave up, in words (its own message lists grammar token names)."""
    column = getattr(error, "col", None)
    ended = getattr(getattr(error, "got", None), "type", None) == "$END"
    if ended or not isinstance(column, int) or not 1 <= column <= len(text):
        return "it ends too soon."
    return f"it stops making sense at `{text[column - 1]}` (character {column})."


def _within_bounds(node: d20.diceast.Node) -> None:
    """Refuse, before rolling, dice with too many sides and numbers beyond :data:`LARGEST`:
    with the expression's length capped, this bounds the work and the size of every answer."""
    import d20.diceast

    if isinstance(node, d20.diceast.Dice):
        if node.num > MAX_DICE:
            raise BadExpression(f"That is more than {MAX_DICE} dice; roll fewer at once.")
        if node.size > MAX_SIDES:
            raise BadExpression(f"A die can have at most {MAX_SIDES} sides.")
    if isinstance(node, d20.diceast.Literal) and abs(node.value) > LARGEST:
        raise BadExpression(f"Numbers in a roll can be at most {LARGEST:,}.")
    for child in node.children:
        _within_bounds(child)
