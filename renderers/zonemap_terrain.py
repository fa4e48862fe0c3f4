"""The never-changing layer of a zone map: ground by kind, edge zones, the features of the
field (`renderers.zonemap_features`), walls, ridges, place names and the zone numbers. Drawn
once per battle and light, then copied for every picture."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from games.zones.board import Board
from renderers.text_stamps import put
from renderers.theme import INK, PAPER
from renderers.zonemap_features import draw_features, draw_names, ridge_ticks, slope_down
from renderers.zonemap_layout import SCALE, Layout, layout

Colour = tuple[int, int, int]

GROUND: dict[str, Colour] = {
    "open": (233, 224, 192),
    "building": (214, 186, 150),
    "roof": (160, 104, 62),
    "redoubt": (222, 204, 150),
    "kraal": (204, 196, 178),
    "heights": (178, 150, 108),
    "plateau": (214, 212, 164),
    "donga": (198, 186, 146),
    "mountain": (116, 92, 66),
}
DARK_GROUND = frozenset({"roof", "mountain"})
"""Kinds dark enough that their zone number is written in white."""
EDGE_TINT = (232, 178, 160)
"""Board-edge zones, where Zulus come on, are washed with this."""
HATCH: dict[str, Colour] = {"donga": (150, 134, 96)}

WALLS: dict[str, tuple[Colour, int]] = {
    "building": ((84, 54, 34), 4),
    "mealie-bag": ((190, 150, 70), 4),
    "mealie-bag-wagon": ((190, 150, 70), 4),
    "stone": ((118, 118, 118), 4),
    "biscuit-box": ((70, 110, 170), 4),
    "ridge": ((64, 112, 56), 3),
}
"""Colour and width (phone pixels) of what lies on a side, by the barrier's name."""
WAGON_STRIPE = (100, 62, 30)
GRID = (150, 136, 110)
WHITE = (255, 255, 255)
NIGHT_SHADE = (40, 50, 90)
NIGHT_ALPHA = 0.28
LABEL_SIZE = 12


def ground(board: Board, zone_id: str) -> Colour:
    zone = board.zones[zone_id]
    colour = GROUND[zone.kind]
    if zone.edge:
        return _mix(colour, EDGE_TINT, 0.45)
    return colour


def _mix(a: Colour, b: Colour, share: float) -> Colour:
    return (
        round(a[0] + (b[0] - a[0]) * share),
        round(a[1] + (b[1] - a[1]) * share),
        round(a[2] + (b[2] - a[2]) * share),
    )


def _hatch(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], colour: Colour) -> None:
    left, top, right, bottom = box
    step = 6 * SCALE
    for start in range(left - (bottom - top), right, step):
        a = (max(start, left), top + max(0, left - start))
        end = start + (bottom - top)
        b = (min(end, right), bottom - max(0, end - right))
        draw.line([a, b], fill=colour, width=SCALE)


def _sides(grid: Layout) -> list[tuple[str, str, tuple[int, int, int, int]]]:
    """Every cell side between two different zones, as (zone, zone, pixel segment)."""
    found = []
    for (x, y), here in grid.owner.items():
        for dx, dy in ((1, 0), (0, 1)):
            there = grid.owner.get((x + dx, y + dy))
            if there is None or there == here:
                continue
            left, top, right, bottom = grid.cell_box(x, y)
            segment = (right, top, right, bottom) if dx else (left, bottom, right, bottom)
            found.append((here, there, segment))
    return found


def draw_side(draw: ImageDraw.ImageDraw, barrier: str, segment: tuple[int, ...]) -> None:
    """One side drawn as the map key shows it: a thin line when open, else the wall's colour."""
    if barrier not in WALLS:
        draw.line(segment, fill=GRID, width=SCALE)
        return
    colour, width = WALLS[barrier]
    draw.line(segment, fill=colour, width=width * SCALE)
    if barrier == "mealie-bag-wagon":
        draw.line(segment, fill=WAGON_STRIPE, width=SCALE + 1)


@cache
def terrain(map_id: str, night: bool) -> Image.Image:
    """The terrain layer of a map, shaded for night when ``night``."""
    grid = layout(map_id)
    board = grid.board
    image = Image.new("RGB", (grid.width, grid.height), PAPER)
    draw = ImageDraw.Draw(image)
    for zone_id, pieces in grid.rects.items():
        kind = board.zones[zone_id].kind
        for box in pieces:
            draw.rectangle(box, fill=ground(board, zone_id))
            if kind in HATCH:
                _hatch(draw, box, HATCH[kind])
    draw_features(image, board.battle, grid)
    sides = _sides(grid)
    for here, there, segment in sides:
        barrier = board.barrier(here, there) if board.is_adjacent(here, there) else "none"
        if barrier not in WALLS:
            draw_side(draw, barrier, segment)
    for here, there, segment in sides:
        if board.is_adjacent(here, there) and board.barrier(here, there) in WALLS:
            barrier = board.barrier(here, there)
            draw_side(draw, barrier, segment)
            if barrier == "ridge":
                ridge_ticks(draw, segment, slope_down(board, here, there), WALLS["ridge"][0])
    draw.rectangle((grid.xs[0], grid.ys[0], grid.xs[-1], grid.ys[-1]), outline=INK, width=2 * SCALE)
    if night:
        image = Image.blend(image, Image.new("RGB", image.size, NIGHT_SHADE), NIGHT_ALPHA)
    draw_names(image, board.battle, grid)
    for zone_id, (left, top, _, _) in grid.main.items():
        colour = WHITE if board.zones[zone_id].kind in DARK_GROUND else INK
        put(image, (left + 3 * SCALE, top + 2 * SCALE), zone_id, LABEL_SIZE * SCALE, colour)
    return image
