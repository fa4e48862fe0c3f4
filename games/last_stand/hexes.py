"""Hex geometry in axial coordinates; the printed four-digit CCRR numbers only at the edges.

The map's columns run west to east and its rows north to south. Every other column
is drawn half a hex lower; which ones is map data (``shifted_columns``), pinned by the
adjacencies the rules' examples need.
"""

from __future__ import annotations

import math
from functools import cache

Axial = tuple[int, int]

DIRECTIONS: tuple[Axial, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
SQRT3 = math.sqrt(3)


class Grid:
    """Converts between printed CCRR numbers and axial coordinates for one map."""

    def __init__(self, shifted_columns: str) -> None:
        if shifted_columns not in ("even", "odd"):
            raise ValueError("shifted_columns must be 'even' or 'odd'")
        self.parity = 0 if shifted_columns == "even" else 1

    def _lift(self, column: int) -> int:
        # Rows of a shifted column sit half a hex lower, so their axial r starts later.
        if self.parity == 0:
            return (column + (column & 1)) // 2
        return (column - (column & 1)) // 2

    def axial(self, number: str) -> Axial:
        if len(number) != 4 or not (number.isascii() and number.isdigit()):
            raise ValueError(f"not a hex number: {number!r}")
        column, row = int(number[:2]), int(number[2:])
        return column, row - self._lift(column)

    def number(self, hex_: Axial) -> str:
        q, r = hex_
        return f"{q:02d}{r + self._lift(q):02d}"


def neighbours(hex_: Axial) -> list[Axial]:
    q, r = hex_
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def distance(a: Axial, b: Axial) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _round(q: float, r: float) -> Axial:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return int(rq), int(rr)


@cache
def lines(a: Axial, b: Axial) -> tuple[tuple[Axial, ...], tuple[Axial, ...]]:
    """The hexes a straight line from centre to centre crosses, nudged to either side.

    When the line runs exactly along a hexside the two nudged lines differ, one on each
    side of it; fire is blocked only if both are.
    """
    n = distance(a, b)
    found = []
    for nudge in (1e-6, -1e-6):
        aq, ar = a[0] + nudge, a[1] + nudge
        bq, br = b[0] + nudge, b[1] + nudge
        found.append(
            tuple(_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1))
        )
    return found[0], found[1]


def centre(hex_: Axial, size: float) -> tuple[float, float]:
    """Pixel centre of a flat-topped hex of circumradius ``size``."""
    q, r = hex_
    return size * 1.5 * q, size * SQRT3 * (r + q / 2)


def corners(x: float, y: float, size: float) -> list[tuple[float, float]]:
    return [
        (x + size * math.cos(math.pi / 3 * i), y + size * math.sin(math.pi / 3 * i))
        for i in range(6)
    ]
