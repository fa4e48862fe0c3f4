"""What makes a zone map read as a place rather than a diagram: the mountain in rising tints,
the escarpment's slope marks, the camp's tents and wagons, the road, and the names a player
knows the field by. Drawn once per battle into the terrain layer, under every piece."""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

from games.zones.board import Board
from games.zones.schema import Battle
from renderers.text_stamps import stamp
from renderers.zonemap_layout import SCALE, Layout

Colour = tuple[int, int, int]
Point = tuple[float, float]

PLACES: dict[str, dict[str, str]] = {
    "isandlwana": {
        "2": "Nyoni heights",
        "16": "camp",
        "23": "wagons",
        "17": "the nek",
        "29": "conical koppie",
        "22": "Stony Hill",
        "21": "to the Drift",
        "19": "donga",
    },
    "rorkes-drift": {
        "23": "Oskarberg",
        "13": "garden",
        "J": "water cart",
        "G": "storehouse",
        "A": "kraal",
    },
}
"""Names the field is known by, written small in a corner of their zone (the zone's number
stays its name in orders); each must fit its zone's width."""
MOUNTAIN_NAME = "ISANDLWANA"
CAMP: dict[str, tuple[str, ...]] = {"isandlwana": ("14", "15", "16")}
WAGON_PARK: dict[str, tuple[str, ...]] = {"isandlwana": ("23",)}
ROADS: dict[str, tuple[Point, ...]] = {
    "isandlwana": ((6.5, 4.4), (6.4, 5.5), (5.5, 6.0), (4.0, 6.5), (3.1, 7.6), (3.0, 9.0)),
    "rorkes-drift": ((2.1, 0.0), (2.0, 4.0), (2.4, 8.0), (4.5, 9.6), (6.0, 9.6)),
}
"""The road in cell units (x across, y down): Isandlwana's from the camp over the nek
towards Rorke's Drift, Rorke's Drift's from the drift up to the post."""
NAME_INK = (104, 84, 58)
NAME_SIZE = 9
MOUNTAIN_TINTS = ((104, 82, 58), (92, 72, 50), (80, 62, 42))
TENT = (250, 247, 238)
TENT_EDGE = (150, 140, 120)
WAGON = (110, 70, 30)
ROAD = (150, 112, 70)
ROAD_CROWN = (214, 190, 140)


def draw_features(image: Image.Image, battle: Battle, grid: Layout) -> None:
    """Everything this module adds for ``battle``, straight onto the terrain layer."""
    draw = ImageDraw.Draw(image)
    board = grid.board
    for zone_id, zone in board.zones.items():
        if zone.kind == "mountain":
            _mountain(image, draw, grid.main[zone_id])
    road = ROADS.get(battle)
    if road:
        points = [_pixel(grid, x, y) for x, y in road]
        draw.line(points, fill=ROAD, width=5 * SCALE, joint="curve")
        draw.line(points, fill=ROAD_CROWN, width=SCALE, joint="curve")
    named = PLACES.get(battle, {})
    for zone_id in CAMP.get(battle, ()):
        _rows(draw, grid.main[zone_id], _tent, zone_id in named)
    for zone_id in WAGON_PARK.get(battle, ()):
        _rows(draw, grid.main[zone_id], _wagon, zone_id in named)


def draw_names(image: Image.Image, battle: Battle, grid: Layout) -> None:
    """Each place's name in the lower right corner of its zone, where pieces, which fill a
    zone from its top left, reach last."""
    for zone_id, name in PLACES.get(battle, {}).items():
        if zone_id not in grid.main:
            continue
        left, _, right, bottom = grid.main[zone_id]
        text = stamp(name, NAME_SIZE * SCALE, NAME_INK)
        if text.width > right - left - 4 * SCALE:
            continue
        at = (right - text.width - 3 * SCALE, bottom - text.height - 3 * SCALE)
        image.paste(text, at, text)


def ridge_ticks(draw: ImageDraw.ImageDraw, segment: tuple[int, ...], down: int,
                colour: Colour) -> None:  # fmt: skip
    """Short strokes off a ridge line on its lower side (``down`` +1: right or below,
    -1: left or above), as maps mark an escarpment."""
    x0, y0, x1, y1 = segment
    step, length = 8 * SCALE, 7 * SCALE
    if y0 == y1:
        for x in range(min(x0, x1) + step // 2, max(x0, x1), step):
            draw.line([(x, y0), (x, y0 + down * length)], fill=colour, width=SCALE)
    else:
        for y in range(min(y0, y1) + step // 2, max(y0, y1), step):
            draw.line([(x0, y), (x0 + down * length, y)], fill=colour, width=SCALE)


def slope_down(board: Board, here: str, there: str) -> int:
    """Which way a ridge between two zones falls: away from the plateau (or the heights)."""
    high = {"plateau", "heights"}
    if board.zones[here].kind in high and board.zones[there].kind not in high:
        return 1
    if board.zones[there].kind in high and board.zones[here].kind not in high:
        return -1
    return 1


def _pixel(grid: Layout, x: float, y: float) -> Point:
    """A point given in cell units, in the picture's pixels."""

    def along(edges: tuple[int, ...], v: float) -> float:
        i = min(int(v), len(edges) - 2)
        return edges[i] + (v - i) * (edges[i + 1] - edges[i])

    return along(grid.xs, x), along(grid.ys, y)


def _mountain(
    image: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]
) -> None:
    """The mountain as a mass of darker tints towards its crest, its name up its length."""
    left, top, right, bottom = box
    inset = 5 * SCALE
    for n, tint in enumerate(MOUNTAIN_TINTS, start=1):
        rim = n * inset
        if right - left <= 2 * rim or bottom - top <= 2 * rim:
            break
        radius = max(2, (right - left - 2 * rim) // 2)
        draw.rounded_rectangle(
            (left + rim, top + rim, right - rim, bottom - rim), radius, fill=tint
        )
    name = stamp(MOUNTAIN_NAME, 10 * SCALE, (236, 226, 204)).rotate(90, expand=True)
    if name.height < bottom - top - 24 * SCALE and name.width < right - left:
        at = (round((left + right - name.width) / 2), round((top + bottom - name.height) / 2))
        image.paste(name, at, name)


Glyph = Callable[[ImageDraw.ImageDraw, float, float], None]


def _rows(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], glyph: Glyph,
          named: bool) -> None:  # fmt: skip
    """Small glyphs in staggered rows across a zone, clear of its number's corner and, when
    the zone is ``named``, of the line its name is written on."""
    left, top, right, bottom = box
    step_x, step_y = 15 * SCALE, 13 * SCALE
    last = bottom - (18 if named else 6) * SCALE
    for row, y in enumerate(range(top + 20 * SCALE, last, step_y)):
        start = left + 8 * SCALE + (row % 2) * step_x // 2
        for x in range(start, right - 6 * SCALE, step_x):
            glyph(draw, x, y)


def _tent(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    u = SCALE
    draw.polygon([(x - 4 * u, y + 3 * u), (x, y - 4 * u), (x + 4 * u, y + 3 * u)],
                 fill=TENT, outline=TENT_EDGE)  # fmt: skip


def _wagon(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    u = SCALE
    draw.rectangle((x - 5 * u, y - 2 * u, x + 5 * u, y + u), outline=WAGON, width=u)
    for wheel in (-3, 3):
        draw.ellipse((x + (wheel - 1) * u, y + u, x + (wheel + 1) * u, y + 3 * u), fill=WAGON)
