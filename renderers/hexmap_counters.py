"""The counters and marks on the Isandlwana map: British units, leaders, the wagon and the
Colours, Zulus, the last moves and hits; drawn per picture over the ground."""

from __future__ import annotations

from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from games.last_stand.hexes import corners
from renderers.hexmap import (
    BESIDE_FLAG,
    BRITISH_MOVE,
    FLAG,
    LEADER,
    MISS,
    UNIT_WIDTH,
    WAGON,
    WHITE,
    ZULU_MOVE,
    Box,
    Layout,
    number_box,
    number_size,
)
from renderers.hexmap_terrain import hex_fill
from renderers.indexed import paste
from renderers.text_stamps import put
from renderers.theme import BRITISH, HIGHLIGHT, INK, ZULU


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
