"""Drawing the Isandlwana hex map: terrain, counters, onrush counts, last moves and hits
(`renderers.last_stand` chooses which part a post shows).

Pure. The terrain layer never changes, so it is drawn once per scale, straight onto a fixed
palette, and copied; only counters, marks and the panel are drawn per call, onto the same
palette, so the picture is never quantized.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from games.last_stand.board import Board, board
from games.last_stand.hexes import centre, corners
from renderers.indexed import Indexed, paste
from renderers.text_stamps import put, write
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
NUMBER_RISE = 0.62
"""How far above a hex's centre its number sits, in circumradii: clear of the counters."""
CAPTION = 2 * 22

TERRAIN_FILL = {
    "clear": (233, 224, 192),
    "tent": (241, 236, 222),
    "wagon": (222, 203, 160),
    "heights": (150, 122, 84),
    "ledge": (184, 150, 104),
    "rough": (205, 190, 148),
    "donga": (178, 170, 136),
}
ONRUSH_FILL = (226, 190, 178)
ESCAPE_FILL = (196, 222, 186)
ROAD = (128, 92, 52)
GRID = (150, 136, 110)
ZULU_MOVE = (70, 70, 70)
BRITISH_MOVE = (200, 40, 40)
MISS = (120, 150, 200)
LEADER = (212, 175, 55)
WHITE = (255, 255, 255)
WAGON = (110, 70, 30)
UNIT_WIDTH = 15
BESIDE_FLAG = 13
"""A unit box's width (at circumradius 25): narrower beside the Colours, to leave the flag
clear space."""


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
    return max(9, round(size * 0.55))


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


@cache
def terrain_layer(size: int) -> Image.Image:
    """Terrain, road and hex numbers: everything that never moves, on the map's palette."""
    b = board()
    grid = layout(size)
    image = colours().blank((grid.width, grid.height), PAPER)
    draw = ImageDraw.Draw(image)
    for number, (x, y) in grid.at.items():
        draw.polygon(corners(x, y, size), fill=hex_fill(number), outline=GRID)
        terrain_mark(draw, b.terrain[number].name, x, y, size)
    road = [grid.at[h] for h in b.road]
    draw.line(road, fill=ROAD, width=max(2, size // 8), joint="curve")
    for number, (x, y) in grid.at.items():
        write(image, (x, y - size * NUMBER_RISE), number, number_size(size), INK, "mm")
    for number in b.onrush:
        x, y = grid.at[number]
        draw.polygon(corners(x, y, size - 2), outline=ONRUSH_EDGE, width=2)
    return image


def hex_fill(number: str) -> tuple[int, int, int]:
    b = board()
    if number in b.onrush:
        return ONRUSH_FILL
    if number in b.escape:
        return ESCAPE_FILL
    return TERRAIN_FILL[b.terrain[number].name]


def terrain_mark(draw: ImageDraw.ImageDraw, name: str, x: float, y: float, s: int) -> None:
    """A small symbol per terrain, so the map reads without colour alone."""
    k = s / 25
    if name == "heights":
        draw.polygon(
            [(x - 9 * k, y + 7 * k), (x, y - 6 * k), (x + 9 * k, y + 7 * k)],
            outline=(90, 70, 45),
            width=max(1, round(k)),
        )
    elif name == "ledge":
        for dx in (-6, 0, 6):
            draw.line(
                [(x + dx * k - 3 * k, y + 6 * k), (x + dx * k + 3 * k, y - 2 * k)],
                fill=(110, 85, 55),
                width=max(1, round(k)),
            )
    elif name == "tent":
        draw.polygon(
            [(x - 6 * k, y + 8 * k), (x, y - 1 * k), (x + 6 * k, y + 8 * k)],
            fill=(255, 255, 255),
            outline=(150, 140, 120),
        )
    elif name == "wagon":
        draw.rectangle(
            (x - 8 * k, y + 1 * k, x + 8 * k, y + 7 * k), outline=WAGON, width=max(1, round(k))
        )
        draw.ellipse((x - 7 * k, y + 6 * k, x - 3 * k, y + 10 * k), outline=WAGON)
        draw.ellipse((x + 3 * k, y + 6 * k, x + 7 * k, y + 10 * k), outline=WAGON)
    elif name == "rough":
        for dx, dy in ((-6, 4), (0, 8), (6, 4), (-3, 0), (3, 0)):
            draw.ellipse(
                (x + dx * k - 1, y + dy * k - 1, x + dx * k + 1, y + dy * k + 1),
                fill=(140, 120, 80),
            )
    elif name == "donga":
        points = [
            (x - 12 * k, y + 4 * k),
            (x - 4 * k, y),
            (x + 4 * k, y + 6 * k),
            (x + 12 * k, y + 2 * k),
        ]
        draw.line(points, fill=(95, 110, 140), width=max(2, round(2 * k)))


TERRAIN_MARKS = ((90, 70, 45), (110, 85, 55), (150, 140, 120), (140, 120, 80), (95, 110, 140))
ONRUSH_EDGE = (150, 40, 30)
FLAG = (20, 40, 160)


@cache
def colours() -> Indexed:
    """The map's palette: every colour it draws, and the shades of each text on its ground."""
    fills = [*TERRAIN_FILL.values(), ONRUSH_FILL, ESCAPE_FILL]
    flats = [*fills, PAPER, INK, BRITISH, ZULU, HIGHLIGHT, ROAD, GRID, ZULU_MOVE, BRITISH_MOVE]
    flats += [MISS, LEADER, WHITE, WAGON, ONRUSH_EDGE, FLAG, (0, 0, 0), *TERRAIN_MARKS]
    pairs = [(INK, fill) for fill in fills] + [(WHITE, BRITISH), (WHITE, ZULU)]
    pairs += [(INK, PAPER), (INK, HIGHLIGHT), (BRITISH, PAPER), (ZULU, PAPER)]
    return Indexed.ramps(flats, pairs)


@cache
def zulu_counter(size: int, label: str) -> Image.Image:
    """A Zulu counter (a dark disc with a Z, or a count for an onrush stack), drawn once."""
    k = size / 25
    r = round(8 * k)
    image = Image.new("RGBA", (2 * r + 1, 2 * r + 1), (0, 0, 0, 0))
    ImageDraw.Draw(image).ellipse((0, 0, 2 * r, 2 * r), fill=ZULU, outline=(0, 0, 0))
    put(image, (r, r), label, max(11, round(13 * k)), WHITE, "mm")
    return image


def draw_counters(
    image: Image.Image, picture: dict[str, Any], grid: Layout, only: set[str] | None
) -> list[Box]:
    """Draw every counter (only those in ``only``, when given) and give the boxes they cover,
    so hex numbers can be shown to stay clear of them."""
    draw = ImageDraw.Draw(image)
    s = grid.size
    k = s / 25
    bold = max(11, round(14 * k))
    covered: list[Box] = []
    for number, count in picture["zulus"].items():
        if only is not None and number not in only:
            continue
        x, y = grid.at[number]
        sprite = zulu_counter(s, str(count))
        at = (round(x - sprite.width / 2), round(y + 3 * k - sprite.height / 2))
        paste(image, sprite, at, soft=False)
        covered.append((at[0], at[1], at[0] + sprite.width, at[1] + sprite.height))
    stacks: dict[str, list[dict[str, Any]]] = {}
    for unit in picture["british"]:
        stacks.setdefault(unit["hex"], []).append(unit)
    wagon = picture["wagon"]
    for number in sorted(set(stacks) | ({wagon} if wagon else set())):
        if only is not None and number not in only:
            continue
        x, y = grid.at[number]
        units = [u for u in stacks.get(number, []) if not u["leader"]]
        leaders = [u for u in stacks.get(number, []) if u["leader"]]
        flag = number == wagon and picture["colours"] == "shown"
        # Every unit gets its own box; a stack of three or more shares the width of two, so
        # the boxes never reach the numbers of the hexes below either side. Beside the
        # Colours the boxes narrow, leaving the flag clear space on the right.
        pair = (BESIDE_FLAG if flag else UNIT_WIDTH) * k
        width = pair if len(units) <= 2 else 2 * pair / len(units)
        digits = bold if len(units) <= 2 else round(min(bold, 1.7 * width))
        start = x - width * len(units) / 2
        for index, unit in enumerate(units):
            left = start + index * width
            box = (left + 1, y - 5 * k, left + width - 1, y + 11 * k)
            covered.append(box)
            draw_unit(image, box, str(unit["strength"]), unit["square"], k, digits)
        for ring in leader_rings(len(leaders), x, y, k, number == wagon):
            covered.append(ring)
            draw.ellipse(ring, fill=LEADER, outline=INK)
        if number == wagon:
            right = x + (15 if flag else 14) * k
            covered += draw_wagon(draw, right, y + 17 * k, k, flag)
    return covered


def draw_unit(
    image: Image.Image, box: Box, strength: str, square: bool, k: float, digits: int
) -> None:
    """A British unit's box with its strength; a white edge when it stands in square."""
    ImageDraw.Draw(image).rectangle(
        box,
        fill=BRITISH,
        outline=WHITE if square else INK,
        width=max(2, round(2 * k)) if square else 1,
    )
    middle = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    put(image, middle, strength, digits, WHITE, "mm")


def draw_wagon(
    draw: ImageDraw.ImageDraw, right: float, bottom: float, k: float, flag: bool
) -> list[Box]:
    """The ammunition wagon's cart ending at (``right``, ``bottom``), with the Colours' flag
    on its pole when ``flag``; the boxes they cover."""
    cart = (right - 8 * k, bottom - 5 * k, right, bottom)
    draw.rectangle(cart, fill=WAGON)
    if not flag:
        return [cart]
    pole, top = max(1, round(k)), bottom - 16 * k
    draw.line([(right, bottom - 5 * k), (right, top)], fill=INK, width=pole)
    draw.polygon([(right, top), (right + 5 * k, top + 2.5 * k), (right, top + 5 * k)], fill=FLAG)
    return [cart, (right - pole / 2, top, right + 5 * k, bottom - 5 * k)]


def leader_rings(count: int, x: float, y: float, k: float, wagon: bool) -> list[Box]:
    """A gold ring per leader in a row under the unit boxes, left of the wagon if it is
    there; when the row is short of room they overlap like stacked coins, each still seen."""
    if not count:
        return []
    ring = 6 * k
    room = (19 if wagon else 27) * k
    step = 7 * k if count == 1 else min(7 * k, (room - ring) / (count - 1))
    left = x - 14 * k
    return [(left + i * step, y + 12 * k, left + i * step + ring, y + 18 * k) for i in range(count)]


def draw_marks(image: Image.Image, picture: dict[str, Any], grid: Layout) -> None:
    """The last phase's and this phase's moves (lines) and hits (rings); the hex numbers
    the rings cross are written again on their own ground so they stay readable."""
    draw = ImageDraw.Draw(image)
    s = grid.size
    for mark in picture["marks"]:
        if mark["k"] == "m":
            points = [grid.at[h] for h in mark["p"] if h in grid.at]
            colour = BRITISH_MOVE if mark["s"] == "b" else ZULU_MOVE
            if len(points) > 1:
                draw.line(points, fill=colour, width=max(2, s // 10))
                x, y = points[0]
                draw.ellipse((x - 3, y - 3, x + 3, y + 3), fill=colour)
    for mark in picture["marks"]:
        if mark["k"] in ("h", "x") and mark["x"] in grid.at:
            x, y = grid.at[mark["x"]]
            colour = HIGHLIGHT if mark["k"] == "h" else MISS
            draw.polygon(corners(x, y, s * 0.8), outline=colour, width=max(3, s // 7))
            left, top, right, bottom = number_box(grid, mark["x"])
            draw.rectangle((left - 2, top - 2, right + 2, bottom + 2), fill=hex_fill(mark["x"]))
            put(image, (round(left), round(top)), mark["x"], number_size(s), INK)
