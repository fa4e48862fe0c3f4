"""The key under a posted Last Stand map: the counters, marks and ground that picture shows,
each drawn as the map draws it, at the posted map's scale."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from games.last_stand.board import board
from games.last_stand.hexes import corners
from renderers.hexmap import (
    BRITISH_MOVE,
    ESCAPE_FILL,
    LEADER,
    MISS,
    ONRUSH_EDGE,
    ONRUSH_FILL,
    ROAD,
    TERRAIN_FILL,
    ZULU_MOVE,
    Layout,
)
from renderers.hexmap_counters import draw_unit, draw_wagon, zulu_counter
from renderers.hexmap_terrain import terrain_mark
from renderers.indexed import paste
from renderers.key_strip import Entry, Symbol
from renderers.theme import HIGHLIGHT, INK

GROUND = {
    "tent": "tents",
    "wagon": "wagons",
    "heights": "heights: no fire across",
    "ledge": "Ledge",
    "rough": "rough",
    "donga": "donga",
}
"""Ground other than the plain, by name: what each costs and gives is in `/game rules map`."""


def key_entries(picture: dict[str, Any], grid: Layout, size: tuple[int, int]) -> list[Entry]:
    """What needs explaining on a picture of ``size`` cut from the map at ``grid``: only the
    things it shows, in the order a reader meets them."""
    b = board()
    shown = {n for n, (x, y) in grid.at.items() if 0 <= x <= size[0] and 0 <= y <= size[1]}
    units = [u for u in picture["british"] if u["hex"] in shown]
    marks = [m for m in picture["marks"] if set(m.get("p", [m.get("x")])) & shown]
    kinds = {m["k"] for m in marks}
    moved = {"British" if m["s"] == "b" else "Zulu" for m in marks if m["k"] == "m"}
    entries: list[Entry] = []
    if any(not u["leader"] for u in units):
        entries.append(Entry(_unit(False), "British unit, strength"))
    if any(u["square"] for u in units):
        entries.append(Entry(_unit(True), "in square"))
    if any(u["leader"] for u in units):
        entries.append(Entry(_leader, "leader"))
    if picture["wagon"] in shown:
        flag = picture["colours"] == "shown"
        entries.append(Entry(_wagon(flag), "wagon, Colours raised" if flag else "wagon"))
    if set(picture["zulus"]) & shown:
        entries.append(Entry(_zulus, "Zulus, how many"))
    if "h" in kinds:
        entries.append(Entry(_ring(HIGHLIGHT), "hit"))
    if "x" in kinds:
        entries.append(Entry(_ring(MISS), "missed"))
    if "British" in moved:
        entries.append(Entry(_line(BRITISH_MOVE), "British move"))
    if "Zulu" in moved:
        entries.append(Entry(_line(ZULU_MOVE), "Zulu move"))
    names = {b.terrain[n].name for n in shown if n not in b.onrush and n not in b.escape}
    entries += [Entry(_ground(name), words) for name, words in GROUND.items() if name in names]
    if shown & set(b.onrush):
        entries.append(Entry(_onrush, "onrush hex"))
    if shown & set(b.escape):
        entries.append(Entry(_hex(ESCAPE_FILL), "escape hex"))
    if shown & set(b.road):
        entries.append(Entry(_line(ROAD, start=False), "road"))
    return entries


def _unit(square: bool) -> Symbol:
    def draw(image: Image.Image, xy: tuple[float, float], cell: int) -> None:
        x, y = xy
        k = cell / 16
        box = (x - 7 * k, y - 8 * k, x + 7 * k, y + 8 * k)
        draw_unit(image, box, "4", square, k, max(11, round(14 * k)))

    return draw


def _leader(image: Image.Image, xy: tuple[float, float], cell: int) -> None:
    x, y = xy
    r = 3 * cell / 16
    ImageDraw.Draw(image).ellipse((x - r, y - r, x + r, y + r), fill=LEADER, outline=INK)


def _wagon(flag: bool) -> Symbol:
    def draw(image: Image.Image, xy: tuple[float, float], cell: int) -> None:
        x, y = xy
        k = cell / 16
        bottom = y + 8 * k if flag else y + 2.5 * k
        draw_wagon(ImageDraw.Draw(image), x + 4 * k, bottom, k, flag)

    return draw


def _zulus(image: Image.Image, xy: tuple[float, float], cell: int) -> None:
    sprite = zulu_counter(round(25 * cell / 16), "3")
    at = (round(xy[0] - sprite.width / 2), round(xy[1] - sprite.height / 2))
    paste(image, sprite, at, soft=False)


def _ring(colour: tuple[int, int, int]) -> Symbol:
    def draw(image: Image.Image, xy: tuple[float, float], cell: int) -> None:
        ImageDraw.Draw(image).polygon(
            corners(*xy, cell * 0.45), outline=colour, width=max(3, cell // 10)
        )

    return draw


def _line(colour: tuple[int, int, int], start: bool = True) -> Symbol:
    """A move's line with the dot where it began, or (``start`` False) the road."""

    def draw(image: Image.Image, xy: tuple[float, float], cell: int) -> None:
        x, y = xy
        half = cell * 0.45
        d = ImageDraw.Draw(image)
        d.line(
            [(x - half, y + half / 2), (x + half, y - half / 2)],
            fill=colour,
            width=max(2, cell // 10),
        )
        if start:
            d.ellipse((x - half - 3, y + half / 2 - 3, x - half + 3, y + half / 2 + 3), fill=colour)

    return draw


def _hex(fill: tuple[int, int, int]) -> Symbol:
    def draw(image: Image.Image, xy: tuple[float, float], cell: int) -> None:
        ImageDraw.Draw(image).polygon(corners(*xy, cell / 2), fill=fill, outline=INK)

    return draw


def _ground(name: str) -> Symbol:
    def draw(image: Image.Image, xy: tuple[float, float], cell: int) -> None:
        _hex(TERRAIN_FILL[name])(image, xy, cell)
        terrain_mark(ImageDraw.Draw(image), name, *xy, round(cell / 2))

    return draw


def _onrush(image: Image.Image, xy: tuple[float, float], cell: int) -> None:
    d = ImageDraw.Draw(image)
    d.polygon(corners(*xy, cell / 2), fill=ONRUSH_FILL, outline=ONRUSH_EDGE, width=2)
