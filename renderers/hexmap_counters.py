"""The counters and marks on the Isandlwana map: British units as counters that name their
unit, show its arm and strength; leaders as named discs; the wagon and the Colours; each Zulu
as a shield, with a count where several wait in an onrush hex; the last moves and hits.
Drawn per picture over the ground."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.last_stand.hexes import corners
from renderers.hexmap import (
    BRITISH_MOVE,
    CANVAS,
    FLAG,
    HIDE,
    LEADER,
    MISS,
    SHADOW,
    SHIELD,
    SPEAR,
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
from renderers.text_stamps import put, stamp
from renderers.theme import BRITISH, HIGHLIGHT, INK, font

UNIT_TOP, UNIT_BOTTOM = -13.5, 13.5
"""A counter's top and bottom edges below a hex's centre, at circumradius 25: under the hex
number, as large as the hex allows; the leaders and the wagon sit on its lower edge."""
BESIDE_FLAG = 3.0
"""How much shorter the counters are where the Colours fly, so the flag stands clear."""
SINGLE = 34.0
"""A lone unit's counter width; a stack shares ``ROOM`` side by side, so every unit shows."""
ROOM = 38.0
GAP = 1.0
ROW = 17.0
"""The middle of the row on the counters' lower edge that holds the leaders and the wagon."""
ROW_ROOM = 38.0
"""The row may reach past the hex's lower corners: the hexes beside it keep their counters
higher up."""
DISC = 8.5
ALONE = 18.0
"""A leader standing without a company is drawn as large as a counter in the middle of his
hex: alone he can be neither attacked nor entered, and often he is what wins the game, so
he must show on a phone."""
SMALLEST = 7
"""The smallest type a counter's name is written in, in pixels."""


@dataclass(frozen=True)
class Part:
    """Something drawn on the map, and the box it covers: for tests that everything shows
    and nothing covers a hex number."""

    kind: str
    box: Box


def draw_counters(
    image: Image.Image, picture: dict[str, Any], grid: Layout, only: set[str] | None
) -> list[Part]:
    """Draw every counter (only those in ``only``, when given); what each covers."""
    s = grid.size
    k = s / 25
    parts: list[Part] = []
    for number, count in picture["zulus"].items():
        if only is not None and number not in only:
            continue
        x, y = grid.at[number]
        sprite = zulu_counter(s, count)
        at = (round(x - sprite.width / 2), round(y - k - sprite.height / 2))
        paste(image, sprite, at, soft=False)
        parts.append(Part("zulu", (at[0], at[1], at[0] + sprite.width, at[1] + sprite.height)))
    stacks: dict[str, list[dict[str, Any]]] = {}
    for unit in picture["british"]:
        stacks.setdefault(unit["hex"], []).append(unit)
    wagon = picture["wagon"]
    for number in sorted(set(stacks) | ({wagon} if wagon else set())):
        if only is not None and number not in only:
            continue
        x, y = grid.at[number]
        units = [u for u in stacks.get(number, []) if not u["leader"]]
        flag = number == wagon and picture["colours"] == "shown"
        parts += _stack(image, units, x, y, k, UNIT_BOTTOM - (BESIDE_FLAG if flag else 0))
        leaders = [u for u in stacks.get(number, []) if u["leader"]]
        if units or number == wagon:
            parts += _row(image, leaders, number == wagon, flag, x, y, k)
        else:
            parts += _alone(image, leaders, x, y, k)
    return parts


def _alone(
    image: Image.Image, leaders: list[dict[str, Any]], x: float, y: float, k: float
) -> list[Part]:
    """Leaders without a company: discs the size of a counter, side by side in the middle
    of the hex."""
    n = len(leaders)
    size = min(ALONE, (ROOM - (n - 1) * GAP) / n)
    left = x - (n * size + (n - 1) * GAP) * k / 2
    parts = []
    for index, leader in enumerate(leaders):
        sprite = leader_disc(leader["label"][0], round(k * 10), round(size * 10), round(size * 10))
        at = (round(left + index * (size + GAP) * k), round(y - sprite.height / 2))
        paste(image, sprite, at, soft=False)
        parts.append(Part("leader", (at[0], at[1], at[0] + sprite.width, at[1] + sprite.height)))
    return parts


def _stack(
    image: Image.Image, units: list[dict[str, Any]], x: float, y: float, k: float, bottom: float
) -> list[Part]:
    """A hex's units: one wide counter, two side by side, or three and more in two rows of
    smaller counters, every one showing; their lower edge at ``bottom``."""
    if not units:
        return []
    n = len(units)
    rows = 1 if n <= 2 else 2
    columns = -(-n // rows)
    width = SINGLE * k if n == 1 else (ROOM - (columns - 1) * GAP) * k / columns
    height = ((bottom - UNIT_TOP) - (rows - 1) * GAP) * k / rows
    parts = []
    for index, unit in enumerate(units):
        row, column = divmod(index, columns)
        across = columns if row < rows - 1 else n - row * columns
        start = x - (across * width + (across - 1) * GAP * k) / 2
        left = round(start + column * (width + GAP * k))
        top = round(y + UNIT_TOP * k + row * (height + GAP * k))
        sprite = unit_counter(
            unit["label"], unit["arm"], unit["strength"], unit["square"],
            (round(width), round(height)), round(k * 10),
        )  # fmt: skip
        paste(image, sprite, (left, top), soft=False)
        parts.append(Part("unit", (left, top, left + round(width), top + round(height))))
    return parts


def _row(
    image: Image.Image,
    leaders: list[dict[str, Any]],
    wagon: bool,
    flag: bool,
    x: float,
    y: float,
    k: float,
) -> list[Part]:
    """The row under the counters: a disc per leader with his initial, then the wagon with
    the Colours' flag beside it; discs overlap like stacked coins when the row is short."""
    cart = (8 if wagon else 0) + (6 if flag else 0)
    room = ROW_ROOM - cart - (1 if wagon and leaders else 0)
    n = len(leaders)
    step = DISC + 0.5 if n * (DISC + 0.5) <= room else (room - DISC) / max(1, n - 1)
    used = (DISC + step * (n - 1) if n else 0) + (1 if wagon and leaders else 0) + cart
    left = x - used * k / 2
    middle = y + ROW * k
    parts = []
    for index, leader in enumerate(leaders):
        shown = DISC if index == n - 1 else min(DISC, step)
        sprite = leader_disc(leader["label"][0], round(k * 10), round(shown * 10))
        at = (round(left + index * step * k), round(middle - sprite.height / 2))
        paste(image, sprite, at, soft=False)
        parts.append(Part("leader", (at[0], at[1], at[0] + sprite.width, at[1] + sprite.height)))
    if wagon:
        right = x + used * k / 2 - (6 if flag else 0) * k
        parts += draw_wagon(ImageDraw.Draw(image), right, middle + 3.5 * k, k, flag)
    return parts


@lru_cache(maxsize=2048)
def unit_counter(
    label: str, arm: str, strength: int, square: bool, size: tuple[int, int], k10: int
) -> Image.Image:
    """A British unit's counter, as on the board: its name across the top, its arm's symbol
    and its strength below; a white frame when it stands in square. A counter in a stack of
    three or more is half as tall, its name and strength side by side. Drawn once."""
    k = k10 / 10
    w, h = size
    drop = max(1, round(k))
    image = Image.new("RGBA", (w + drop, h + drop), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rectangle((drop, drop, w - 1 + drop, h - 1 + drop), fill=SHADOW)
    draw.rectangle((0, 0, w - 1, h - 1), fill=BRITISH, outline=INK)
    if square:
        draw.rectangle((1, 1, w - 2, h - 2), outline=WHITE, width=max(2, round(1.5 * k)))
    edge = 2 * max(1, round(k))
    if h < 18 * k:
        edge //= 2
        digits = min(round(9 * k), round(0.7 * h))
        number = font(digits).getlength(str(strength))
        text, size_ = fitted(label, round(w - 2 * edge - number - k), round(8 * k))
        put(image, (edge, h / 2), text, size_, WHITE, "lm")
        put(image, (w - edge, h / 2), str(strength), digits, WHITE, "rm")
        return image
    text, size_ = fitted(label, w - 2 * edge, round(9 * k))
    band = 0.4 * h
    put(image, (w / 2, max(2, round(k)) + band / 2), text, size_, WHITE, "mm")
    digits = min(round(14 * k), round(0.62 * h))
    low = band + (h - band) / 2
    if w >= 20 * k:
        symbol(draw, arm, (w * 0.3, low), min(9 * k, w * 0.36), k)
        put(image, (w * 0.72, low), str(strength), digits, WHITE, "mm")
    else:
        put(image, (w / 2, low), str(strength), digits, WHITE, "mm")
    return image


def fitted(label: str, width: int, largest: int) -> tuple[str, int]:
    """The label and a type size that fits ``width``: the whole name if it fits at three
    quarters of the largest size, else a short form ("A Co" to "A", "St Iz" to "StIz") if
    that does, else whichever form fits largest (at the smallest size at worst)."""
    forms = list(dict.fromkeys([label, label.removesuffix(" Co"), label.replace(" ", "")]))
    best = [(form, _largest_fit(form, width, largest)) for form in forms]
    for form, size in best:
        if size >= max(SMALLEST, 0.75 * largest):
            return form, size
    return max(best, key=lambda pair: (pair[1], -len(pair[0])))


def _largest_fit(text: str, width: int, largest: int) -> int:
    for size in range(max(largest, SMALLEST), SMALLEST, -1):
        if font(size).getlength(text) <= width:
            return size
    return SMALLEST


def symbol(
    draw: ImageDraw.ImageDraw, arm: str, xy: tuple[float, float], wide: float, k: float
) -> None:
    """The arm's map symbol in a small frame: a cross for foot, a cross and a dot for
    gunners fighting on foot, a bridge for pioneers."""
    x, y = xy
    tall = wide * 0.66
    left, top, right, bottom = x - wide / 2, y - tall / 2, x + wide / 2, y + tall / 2
    line = max(1, round(k))
    draw.rectangle((left, top, right, bottom), outline=WHITE, width=line)
    if arm == "pioneers":
        beam = top + tall * 0.38
        draw.line([(left + wide * 0.2, beam), (right - wide * 0.2, beam)], fill=WHITE, width=line)
        for leg in (0.2, 0.5, 0.8):
            px = left + wide * leg
            draw.line([(px, beam), (px, bottom - tall * 0.2)], fill=WHITE, width=line)
        return
    draw.line([(left, top), (right, bottom)], fill=WHITE, width=line)
    draw.line([(left, bottom), (right, top)], fill=WHITE, width=line)
    if arm == "gunners":
        r = tall * 0.22
        draw.ellipse((x - r, y - r, x + r, y + r), fill=WHITE)


@cache
def leader_disc(
    initial: str, k10: int, shown10: int, size10: int = round(DISC * 10)
) -> Image.Image:
    """A leader: a gold disc ``size10`` tenths across at scale 1 with his initial (the key
    names him), the initial in the middle of the part the next disc leaves in view when
    they overlap."""
    k = k10 / 10
    d = round(size10 / 10 * k)
    image = Image.new("RGBA", (d + 1, d + 1), (0, 0, 0, 0))
    ImageDraw.Draw(image).ellipse((0, 0, d, d), fill=LEADER, outline=INK)
    middle = min(d / 2, max(shown10 / 10 * k / 2 + k / 2, d / 4))
    put(image, (middle, d / 2), initial, max(8, round(7 * k * size10 / (DISC * 10))), INK, "mm")
    return image


@cache
def zulu_counter(size: int, count: int) -> Image.Image:
    """A Zulu unit: a tall cowhide shield with its stick showing above and below; where
    several wait in an onrush hex, a badge with how many. Drawn once."""
    k = size / 25
    w, h = round(10 * k), round(17 * k)
    badge = round(5.5 * k) if count > 1 else 0
    reach = round(2 * k)
    image = Image.new("RGBA", (w + badge + 1, h + 2 * reach + 1), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    line = max(1, round(1.2 * k))
    draw.line([(w / 2, 0), (w / 2, h + 2 * reach)], fill=SPEAR, width=line)
    draw.ellipse((0, reach, w, reach + h), fill=SHIELD, outline=INK)
    for fx, fy, rx, ry in ((0.3, 0.32, 1.8, 2.6), (0.7, 0.62, 1.5, 2.2), (0.32, 0.78, 1.2, 1.4)):
        cx, cy = w * fx, reach + h * fy
        draw.ellipse((cx - rx * k, cy - ry * k, cx + rx * k, cy + ry * k), fill=HIDE)
    draw.line([(w / 2, reach + 2 * k), (w / 2, reach + h - 2 * k)], fill=SPEAR, width=line)
    if count > 1:
        r = badge
        cx, cy = w + badge - r, image.height - r - 1
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WHITE, outline=INK)
        put(image, (cx, cy), str(count), max(8, round(7 * k)), INK, "mm")
    return image


def draw_wagon(
    draw: ImageDraw.ImageDraw, right: float, bottom: float, k: float, flag: bool
) -> list[Part]:
    """The ammunition wagon ending at (``right``, ``bottom``): a covered cart on two
    wheels, with the Colours on a staff beside it when ``flag``; what they cover."""
    body = (right - 8 * k, bottom - 4.5 * k, right, bottom - 1.5 * k)
    draw.chord(
        (body[0], body[1] - 3 * k, body[2], body[1] + 3 * k), 180, 360, fill=CANVAS, outline=WAGON
    )
    draw.rectangle(body, fill=WAGON)
    for wheel in (right - 6 * k, right - 2 * k):
        draw.ellipse((wheel - 1.5 * k, bottom - 3 * k, wheel + 1.5 * k, bottom), fill=INK)
    parts = [Part("wagon", (body[0], body[1] - 1.5 * k, body[2], bottom))]
    if not flag:
        return parts
    staff, top = right + 2 * k, bottom - 7.5 * k
    draw.line([(staff, bottom), (staff, top)], fill=INK, width=max(1, round(k)))
    draw.polygon(
        [(staff, top), (staff + 4.5 * k, top + 1.5 * k), (staff, top + 3.5 * k)], fill=FLAG
    )
    return [*parts, Part("flag", (staff - k / 2, top, staff + 4.5 * k, bottom))]


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
                draw.line(points, fill=colour, width=max(2, s // (10 if mark["s"] == "b" else 16)))
                x, y = points[0]
                draw.ellipse((x - 3, y - 3, x + 3, y + 3), fill=colour)
    for mark in picture["marks"]:
        if mark["k"] in ("h", "x") and mark["x"] in grid.at:
            x, y = grid.at[mark["x"]]
            colour = HIGHLIGHT if mark["k"] == "h" else MISS
            draw.polygon(corners(x, y, s * 0.8), outline=colour, width=max(3, s // 7))
            left, top, _, _ = number_box(grid, mark["x"])
            plate = number_plate(mark["x"], number_size(s))
            paste(image, plate, (round(left) - PLATE, round(top) - PLATE), soft=False)


PLATE = 2
"""The ground kept round a hex number written again over a ring, in pixels."""


@lru_cache(maxsize=2048)
def number_plate(number: str, size: int) -> Image.Image:
    """A hex's number on a patch of its own ground, drawn once: a ring crossing the number
    is covered by it, at the cost of one paste."""
    text = stamp(number, size, INK)
    plate = Image.new(
        "RGBA", (text.width + 2 * PLATE, text.height + 2 * PLATE), (*hex_fill(number), 255)
    )
    plate.alpha_composite(text, (PLATE, PLATE))
    return plate
