"""The Isandlwana map's ground: terrain drawn as terrain (the hill's tints, the camp's tents, the
wagon park, the dongas' gullies, tufts of rough grass, the road), onrush hexes and small hex
numbers; drawn once per scale and copied for every picture."""

from __future__ import annotations

from functools import cache
from itertools import pairwise

from PIL import Image, ImageDraw

from games.last_stand.board import Board, board
from games.last_stand.hexes import corners
from renderers.hexmap import (
    BANK,
    CANVAS,
    ESCAPE_FILL,
    GRID,
    GULLY,
    HILL,
    NUMBER_RISE,
    ONRUSH_EDGE,
    ONRUSH_FILL,
    ROAD,
    ROAD_CROWN,
    TERRAIN_FILL,
    TUFT,
    WAGON,
    colours,
    layout,
    number_size,
)
from renderers.text_stamps import write
from renderers.theme import INK, PAPER

Point = tuple[float, float]

TENTS = ((-9, -3), (3, -6), (-3, 7), (9, 4))
"""Where a camp hex's bell tents stand, from its centre at circumradius 25."""
WAGONS = ((-7, -5), (5, -2), (-3, 8))
TUFTS = ((-11, -5), (5, -9), (-2, 1), (11, 2), (-8, 10), (5, 11))
"""Clumps of rough grass, spread so some show round any counter."""


@cache
def terrain_layer(size: int) -> Image.Image:
    """Terrain, road and hex numbers: everything that never moves, on the map's palette."""
    b = board()
    grid = layout(size)
    image = colours().blank((grid.width, grid.height), PAPER)
    draw = ImageDraw.Draw(image)
    for number, (x, y) in grid.at.items():
        draw.polygon(corners(x, y, size), fill=hex_fill(number))
    _hills(draw, b, grid.at, size)
    for number, (x, y) in grid.at.items():
        if number not in b.onrush and number not in b.escape:
            terrain_mark(draw, b.terrain[number].name, x, y, size)
    for chain in donga_chains(b):
        gully(draw, [grid.at[h] for h in chain], size)
    for x, y in grid.at.values():
        draw.polygon(corners(x, y, size), outline=GRID)
    road = [grid.at[h] for h in b.road]
    draw.line(road, fill=ROAD, width=max(3, round(size * 0.2)), joint="curve")
    draw.line(road, fill=ROAD_CROWN, width=max(1, round(size * 0.07)), joint="curve")
    for number in b.onrush:
        x, y = grid.at[number]
        draw.polygon(corners(x, y, size - 2), outline=ONRUSH_EDGE, width=max(2, size // 12))
    for number, (x, y) in grid.at.items():
        write(image, (x, y - size * NUMBER_RISE), number, number_size(size), INK, "mm")
    return image


def hex_fill(number: str) -> tuple[int, int, int]:
    b = board()
    if number in b.onrush:
        return ONRUSH_FILL
    if number in b.escape:
        return ESCAPE_FILL
    return TERRAIN_FILL[b.terrain[number].name]


def _hills(draw: ImageDraw.ImageDraw, b: Board, at: dict[str, Point], size: int) -> None:
    """Two darker tints inset within the heights, each following the hill's outline and
    joined across neighbouring heights hexes, so the hill reads as one mass rising to a
    crest rather than a patch of brown hexes."""
    hills = {n for n in at if b.heights(n)}
    for tint, scale in zip(HILL, (0.62, 0.3), strict=True):
        for number in hills:
            x, y = at[number]
            draw.polygon(corners(x, y, size * scale), fill=tint)
            near = [o for o in b.neighbours[number] if o in hills]
            for other in near:
                if other > number:
                    draw.line([at[number], at[other]], fill=tint, width=round(size * scale))
                for third in near:
                    if third > other > number and third in b.neighbours[other]:
                        draw.polygon([at[number], at[other], at[third]], fill=tint)


def terrain_mark(draw: ImageDraw.ImageDraw, name: str, x: float, y: float, s: float) -> None:
    """What stands on a hex of this terrain, drawn small, so the map reads without colour
    alone: tents, wagons, grass, rocks; the heights are shown by their tints instead."""
    k = s / 25
    line = max(1, round(k))
    if name == "tent":
        for dx, dy in TENTS:
            cx, cy = x + dx * k, y + dy * k
            draw.polygon(
                [(cx - 4 * k, cy + 3 * k), (cx, cy - 4 * k), (cx + 4 * k, cy + 3 * k)],
                fill=CANVAS,
                outline=(150, 140, 120),
            )
    elif name == "wagon":
        for dx, dy in WAGONS:
            cx, cy = x + dx * k, y + dy * k
            draw.rectangle((cx - 4 * k, cy - 2 * k, cx + 4 * k, cy + k), outline=WAGON, width=line)
            for wheel in (-2.5, 2.5):
                wx = cx + wheel * k
                draw.ellipse((wx - k, cy + k, wx + k, cy + 3 * k), fill=WAGON)
    elif name == "rough":
        for dx, dy in TUFTS:
            cx, cy = x + dx * k, y + dy * k
            for lean in (-2, 0, 2):
                draw.line([(cx, cy), (cx + lean * k, cy - 3 * k)], fill=TUFT, width=line)
    elif name == "ledge":
        rocks = [(-12, 4), (-7, -1), (-3, 4), (2, -2), (6, 3), (11, -1)]
        draw.line([(x + dx * k, y + dy * k) for dx, dy in rocks], fill=(110, 85, 55), width=line)
    elif name == "heights" and s < 20:
        draw.polygon(
            [(x - 6 * k, y + 5 * k), (x, y - 4 * k), (x + 6 * k, y + 5 * k)],
            outline=(90, 70, 45),
            width=line,
        )
    elif name == "donga" and s < 20:
        gully(draw, [(x - 12 * k, y + 3 * k), (x + 12 * k, y - 3 * k)], s)


@cache
def donga_chains(b: Board) -> tuple[tuple[str, ...], ...]:
    """Each run of neighbouring donga hexes in order from one end to the other, so its gully
    can be drawn as one winding line."""
    dongas = {n for n in b.numbers if b.terrain[n].name == "donga"}
    chains = []
    while dongas:
        ends = sorted(n for n in dongas if sum(m in dongas for m in b.neighbours[n]) <= 1)
        chain = [ends[0] if ends else min(dongas)]
        dongas.discard(chain[0])
        while nxt := sorted(m for m in b.neighbours[chain[-1]] if m in dongas):
            chain.append(nxt[0])
            dongas.discard(nxt[0])
        chains.append(tuple(chain))
    return tuple(chains)


def gully(draw: ImageDraw.ImageDraw, points: list[Point], s: float) -> None:
    """A donga's gully through the given hex centres: a winding dark line with pale banks,
    running on past each end to the edge of the hex."""
    if len(points) == 1:
        x, y = points[0]
        points = [(x - s * 0.5, y + s * 0.12), (x + s * 0.5, y - s * 0.12)]
    (ax, ay), (bx, by) = points[0], points[1]
    (cx, cy), (dx, dy) = points[-2], points[-1]
    path = [(ax - (bx - ax) / 2, ay - (by - ay) / 2)]
    for index, ((px, py), (qx, qy)) in enumerate(pairwise(points)):
        bend = s * 0.22 * (1 if index % 2 else -1)
        length = max(1.0, ((qx - px) ** 2 + (qy - py) ** 2) ** 0.5)
        mx, my = (
            (px + qx) / 2 - (qy - py) / length * bend,
            (py + qy) / 2 + (qx - px) / length * bend,
        )
        path += [(px, py), (mx, my)]
    path += [(dx, dy), (dx + (dx - cx) / 2, dy + (dy - cy) / 2)]
    draw.line(path, fill=BANK, width=max(3, round(s * 0.34)), joint="curve")
    draw.line(path, fill=GULLY, width=max(2, round(s * 0.13)), joint="curve")
