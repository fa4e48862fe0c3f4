"""What every lookup returns: the inputs, each modifier, the cell, the dice and the answer in words.

A lookup reads the tables through a ``Trace``, which records the entries it touched so the
result can list the house-rule overrides that shaped it.
"""

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict

from .errors import TableError
from .load import Tables, load_tables
from .schema.dice import DiceFile, DieKind


class Term(BaseModel):
    """One named number in a sum: a base value or a modifier."""

    model_config = ConfigDict(frozen=True)

    name: str
    value: int | float


class DieRoll(BaseModel):
    """A die the caller rolled, and what it was for."""

    model_config = ConfigDict(frozen=True)

    die: str
    value: int
    purpose: str = ""


def counted(count: int, word: str, plural: str | None = None) -> str:
    """``count`` with ``word`` in the number it agrees with: 1 hit, 2 hits, 0 hits."""
    return f"{count} {word if count == 1 else plural or word + 's'}"


def signed(value: int | float) -> str:
    """A number with its sign, as modifiers are printed (+1, -2, +0.5)."""
    return f"{value:+g}" if isinstance(value, float) else f"{value:+d}"


class Result(BaseModel):
    """The working of one lookup, enough for a bot to print how the answer was reached."""

    model_config = ConfigDict(frozen=True)

    rule: str
    inputs: dict[str, Any]
    base: Term | None = None
    modifiers: tuple[Term, ...] = ()
    total: int | float | None = None
    cell: str | None = None
    dice: tuple[DieRoll, ...] = ()
    outcome: str
    overrides_used: tuple[str, ...] = ()

    def working(self) -> str:
        """The sum, e.g. "base 5 (medium range), -1 target charging, +1 officer directing = 5"."""
        parts = [f"base {self.base.value:g} ({self.base.name})"] if self.base else []
        parts += [f"{signed(term.value)} {term.name}" for term in self.modifiers]
        text = ", ".join(parts)
        if self.total is not None and self.modifiers:
            text += f" = {self.total:g}"
        return text

    def explain(self) -> str:
        """One line: working; table cell; dice -> outcome (and any house rules used)."""
        pieces = [piece for piece in (self.working(), self.cell) if piece]
        if self.dice:
            pieces.append(_dice_text(self.dice))
        line = "; ".join(pieces)
        line = f"{line} -> {self.outcome}" if line else self.outcome
        if self.overrides_used:
            line += f" [house rules: {', '.join(self.overrides_used)}]"
        return line


R = TypeVar("R", bound=Result)


def _dice_text(dice: tuple[DieRoll, ...]) -> str:
    """Rolls in order, with runs of the same die for the same purpose written together."""
    runs: list[tuple[str, str, list[int]]] = []
    for roll in dice:
        if runs and runs[-1][:2] == (roll.die, roll.purpose):
            runs[-1][2].append(roll.value)
        else:
            runs.append((roll.die, roll.purpose, [roll.value]))
    texts = []
    for die, purpose, values in runs:
        name = die if len(values) == 1 else f"{len(values)} x {die}"
        for_text = f" for {purpose}" if purpose else ""
        texts.append(f"{name} rolled {', '.join(map(str, values))}{for_text}")
    return ", ".join(texts)


class Trace:
    """Reads entries from the tables and remembers which, to report the overrides a lookup used."""

    def __init__(self, tables: Tables | None) -> None:
        self.tables = tables if tables is not None else load_tables()
        self._paths: list[str] = []

    def get(self, file_id: str, *path: str | int) -> Any:
        """The entry at ``file_id.path``: mappings by key, models by attribute, lists by index."""
        node: Any = self.tables[file_id]
        walked = [file_id]
        for part in path:
            walked.append(str(part))
            node = _step(node, part, ".".join(walked))
        self._paths.append(".".join(walked))
        return node

    def pick(self, what: str, file_id: str, *path: str | int) -> Any:
        """Like ``get``, but an unknown last key is the player's error, named as ``what``."""
        parent = self.tables[file_id]
        for part in path[:-1]:
            parent = _step(parent, part, file_id)
        options = parent if isinstance(parent, Mapping) else {}
        choose(options, path[-1], what)
        return self.get(file_id, *path)

    def overrides_used(self) -> tuple[str, ...]:
        return tuple(sorted(key for key in self.tables.overrides if self._touched(key)))

    def _touched(self, key: str) -> bool:
        return any(
            key == path or key.startswith(path + ".") or path.startswith(key + ".")
            for path in self._paths
        )

    def die(self, kind: DieKind, value: int, purpose: str = "") -> DieRoll:
        """A die value checked against the faces the rules give that die."""
        dice = self.tables.typed("sotq_dice", DiceFile)
        die = dice.dice[kind]
        if value not in die.faces:
            faces = sorted(set(die.faces))
            raise TableError(f"A {die.name} shows {faces[0]}-{faces[-1]}, not {value}.")
        self._paths.append(f"sotq_dice.dice.{kind}")
        return DieRoll(die=die.name, value=value, purpose=purpose)

    def result(self, result_type: type[R], **fields: Any) -> R:
        """Build a result, filling in the overrides this trace touched."""
        return result_type(overrides_used=self.overrides_used(), **fields)


def _step(node: Any, part: str | int, where: str) -> Any:
    if isinstance(node, Mapping):
        if part in node:
            return node[part]
        raise TableError(f"{where} is not in the tables; choose from {', '.join(map(str, node))}.")
    if isinstance(node, list | tuple):
        return node[int(part)]
    return getattr(node, str(part))


def choose(options: Mapping[Any, Any], name: Any, what: str) -> Any:
    """The option called ``name``, or an error listing the allowed names."""
    if name in options:
        return options[name]
    raise TableError(f"Unknown {what} {name!r}; choose from {', '.join(map(str, options))}.")


def fraction_text(value: Fraction) -> str:
    """A fraction as a player reads it: 1/2, 3/4, 1 1/4, 2."""
    whole, rest = divmod(value.numerator, value.denominator)
    if rest == 0:
        return str(whole)
    part = f"{rest}/{value.denominator}"
    return f"{whole} {part}" if whole else part


def number(value: Fraction | float | int) -> int | float:
    """A distance or score as a plain int when whole, else a float."""
    as_float = float(value)
    return int(as_float) if as_float.is_integer() else as_float
