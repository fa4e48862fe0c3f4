"""Where each zone of a zone map lands in pixels.

The maps are grids of cells, but a uniform grid wastes a phone's width on the wide edge zones
and squeezes the one-cell zones by the walls. Each column and row therefore gets its own size,
grown in proportion until every zone's largest rectangle can hold its number and a counter or
two; then the columns are scaled to the picture's width. Height is not scarce on a phone held
upright, so rows keep the room they asked for even when columns must shrink. Rectangles stay
rectangles, so sides and corners meet exactly as on the printed map.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import accumulate

from games.zones.board import Board, load_board

SCALE = 2
"""Pixels per unit of the 400-px phone view: sizes below are given as read on a phone."""
PHONE_WIDTH = 400
MARGIN = 4
NEED_BOTH = (52, 56)
"""Room a zone open to both sides asks for: its number, a British stack and a Zulu stack."""
NEED_ONE = (38, 44)
"""Room a zone that only one side may enter asks for."""
BASE = 6
PASSES = 20

Rect = tuple[int, int, int, int]


@dataclass(frozen=True)
class Layout:
    """Pixel boxes of every zone: ``rects`` all of its pieces, ``main`` the one to write in."""

    board: Board
    width: int
    height: int
    xs: tuple[int, ...]
    ys: tuple[int, ...]
    rects: dict[str, tuple[Rect, ...]]
    main: dict[str, Rect]
    owner: dict[tuple[int, int], str]

    def centre(self, zone_id: str) -> tuple[float, float]:
        left, top, right, bottom = self.main[zone_id]
        return (left + right) / 2, (top + bottom) / 2

    def cell_box(self, x: int, y: int) -> Rect:
        return self.xs[x], self.ys[y], self.xs[x + 1], self.ys[y + 1]


def largest(rects: tuple[tuple[int, int, int, int], ...]) -> tuple[int, int, int, int]:
    """The biggest piece of a zone (the top-left one on a tie): where its contents go."""
    return max(rects, key=lambda r: ((r[2] - r[0]) * (r[3] - r[1]), -r[1], -r[0]))


def _sizes(board: Board) -> tuple[list[float], list[float]]:
    widths = [float(BASE)] * board.width
    heights = [float(BASE)] * board.height
    for _ in range(PASSES):
        for zone_id, rects in board.areas.items():
            zone = board.zones[zone_id]
            need_w, need_h = NEED_BOTH if zone.british and zone.zulu else NEED_ONE
            x0, y0, x1, y1 = largest(rects)
            for sizes, lo, hi, need in ((widths, x0, x1, need_w), (heights, y0, y1, need_h)):
                have = sum(sizes[lo:hi])
                if have < need:
                    for i in range(lo, hi):
                        sizes[i] *= need / have
    return widths, heights


def _edges(sizes: list[float], scale: float) -> tuple[int, ...]:
    return tuple(MARGIN + round(v * scale) for v in accumulate([0.0, *sizes]))


@cache
def layout(map_id: str) -> Layout:
    board = load_board(map_id)
    widths, heights = _sizes(board)
    scale = (PHONE_WIDTH * SCALE - 2 * MARGIN) / sum(widths)
    xs, ys = _edges(widths, scale), _edges(heights, max(scale, SCALE))
    rects = {
        zone_id: tuple((xs[x0], ys[y0], xs[x1], ys[y1]) for x0, y0, x1, y1 in pieces)
        for zone_id, pieces in board.areas.items()
    }
    main = {}
    for zone_id, pieces in board.areas.items():
        x0, y0, x1, y1 = largest(pieces)
        main[zone_id] = (xs[x0], ys[y0], xs[x1], ys[y1])
    owner = {
        (x, y): zone_id
        for zone_id, pieces in board.areas.items()
        for x0, y0, x1, y1 in pieces
        for x in range(x0, x1)
        for y in range(y0, y1)
    }
    return Layout(board, xs[-1] + MARGIN, ys[-1] + MARGIN, xs, ys, rects, main, owner)
