"""The Isandlwana map's ground: terrain, road, onrush hexes and hex numbers, drawn once per
scale and copied for every picture."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from games.last_stand.board import board
from games.last_stand.hexes import corners
from renderers.hexmap import (
    ESCAPE_FILL,
    GRID,
    NUMBER_RISE,
    ONRUSH_EDGE,
    ONRUSH_FILL,
    ROAD,
    TERRAIN_FILL,
    WAGON,
    colours,
    layout,
    number_size,
)
from renderers.text_stamps import write
from renderers.theme import INK, PAPER


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
