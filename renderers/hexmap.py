"""The Isandlwana hex map's geometry and palette: where each hex sits at each scale, where its
number is written, and every colour the map draws (`renderers.hexmap_terrain` draws the ground,
`renderers.hexmap_counters` the counters and marks, `renderers.last_stand` chooses which part a
post shows).

Pure. The terrain layer never changes, so it is drawn once per scale, straight onto a fixed
palette, and copied; only counters, marks and the panel are drawn per call, onto the same
palette, so the picture is never quantized.
"""

from __future__ import annotations

from functools import cache

from games.last_stand.board import Board, board
from games.last_stand.hexes import centre
from renderers.indexed import Indexed
from renderers.theme import BRITISH, HIGHLIGHT, INK, PAPER, ZULU, font

SIZE = 25
"""Hex circumradius in pixels on the full map: the whole field fits a phone screen."""
ACTION_SIZE = 2 * SIZE
"""The posted map: the area of the action at twice the whole map's density, for phones."""
ACTION_REACH = 1
"""Zulus this many hexes from a British unit are in the action; the crop keeps one hex
more on every side, so the next ring of Zulus shows too."""
ZOOM_SIZE = 56
ZOOM_REACH = 4
MARGIN = 8
NUMBER_RISE = 0.7
"""How far above a hex's centre its number sits, in circumradii: against the hex's top edge,
clear of the counters."""
CAPTION = 2 * 22

TERRAIN_FILL = {
    "clear": (233, 224, 192),
    "tent": (241, 236, 222),
    "wagon": (226, 210, 170),
    "heights": (176, 148, 104),
    "ledge": (190, 160, 116),
    "rough": (218, 206, 164),
    "donga": (206, 200, 168),
}
HILL = ((156, 126, 86), (134, 104, 68))
"""The heights' upper tints, so a hill reads as a mass rising to its crest."""
ONRUSH_FILL = (226, 190, 178)
ESCAPE_FILL = (196, 222, 186)
ROAD = (128, 92, 52)
ROAD_CROWN = (214, 190, 140)
GRID = (190, 176, 142)
GULLY = (92, 108, 136)
BANK = (160, 150, 116)
TUFT = (150, 132, 88)
ZULU_MOVE = (96, 88, 76)
BRITISH_MOVE = (200, 40, 40)
MISS = (120, 150, 200)
LEADER = (212, 175, 55)
WHITE = (255, 255, 255)
WAGON = (110, 70, 30)
CANVAS = (246, 242, 228)
SHADOW = (86, 70, 52)
SHIELD = (44, 34, 28)
HIDE = (236, 226, 204)
SPEAR = (196, 170, 120)


class Layout:
    """Pixel positions of every hex at one scale."""

    def __init__(self, b: Board, size: int) -> None:
        self.size = size
        raw = {n: centre(a, size) for n, a in b.axial.items()}
        left = min(x for x, _ in raw.values()) - size - MARGIN
        top = min(y for _, y in raw.values()) - size * 0.87 - MARGIN
        self.at = {n: (x - left, y - top) for n, (x, y) in raw.items()}
        self.width = int(max(x for x, _ in self.at.values()) + size + MARGIN)
        self.height = int(max(y for _, y in self.at.values()) + size * 0.87 + MARGIN)

    def cropped(self, box: tuple[int, int, int, int], size: tuple[int, int]) -> Layout:
        """The same hexes on a picture cut from this one at ``box``."""
        shifted = Layout.__new__(Layout)
        shifted.size, (shifted.width, shifted.height) = self.size, size
        shifted.at = {n: (x - box[0], y - box[1]) for n, (x, y) in self.at.items()}
        return shifted


@cache
def layout(size: int) -> Layout:
    return Layout(board(), size)


def number_size(size: int) -> int:
    """Small beside the counters: 12 px on the posted map, 8 px on the whole map."""
    return max(8, round(size * 0.24))


Box = tuple[float, float, float, float]


@cache
def _centred_box(number: str, size: int) -> Box:
    return font(size).getbbox(number, anchor="mm")


def number_box(grid: Layout, number: str) -> Box:
    """Where a hex's number is written: the top of the hex, above any counter."""
    x, y = grid.at[number]
    left, top, right, bottom = _centred_box(number, number_size(grid.size))
    y -= grid.size * NUMBER_RISE
    return (x + left, y + top, x + right, y + bottom)


TERRAIN_MARKS = ((90, 70, 45), (110, 85, 55), (150, 140, 120), (140, 120, 80), (95, 110, 140))
ONRUSH_EDGE = (150, 40, 30)
FLAG = (20, 40, 160)


@cache
def colours() -> Indexed:
    """The map's palette: every colour it draws, and the shades of each text on its ground."""
    fills = [*TERRAIN_FILL.values(), *HILL, ONRUSH_FILL, ESCAPE_FILL]
    flats = [*fills, PAPER, INK, BRITISH, ZULU, HIGHLIGHT, ROAD, ROAD_CROWN, GRID, GULLY, BANK]
    flats += [TUFT, ZULU_MOVE, BRITISH_MOVE, MISS, LEADER, WHITE, WAGON, CANVAS, SHADOW, SHIELD]
    flats += [HIDE, SPEAR, ONRUSH_EDGE, FLAG, (0, 0, 0), *TERRAIN_MARKS]
    pairs = [(INK, fill) for fill in fills] + [(WHITE, BRITISH), (WHITE, ZULU), (WHITE, SHIELD)]
    pairs += [(INK, PAPER), (INK, HIGHLIGHT), (BRITISH, PAPER), (ZULU, PAPER), (INK, LEADER)]
    pairs += [(INK, WHITE)]
    return Indexed.ramps(flats, pairs)
