"""The key under a posted Last Stand map: the counters, marks and ground that picture shows,
each drawn as the map draws it, at the posted map's scale."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from games.last_stand.board import board
from games.last_stand.hexes import corners
from renderers.hexmap import (
    BRITISH_MOVE,
    ESCAPE_FILL,
    HILL,
    MISS,
    ONRUSH_EDGE,
    ONRUSH_FILL,
    ROAD,
    ROAD_CROWN,
    TERRAIN_FILL,
    ZULU_MOVE,
    Layout,
)
from renderers.hexmap_counters import (
    DISC,
    draw_wagon,
    leader_disc,
    symbol,
    unit_counter,
    zulu_counter,
)
from renderers.hexmap_terrain import gully, terrain_mark
from renderers.indexed import paste
from renderers.key_strip import Entry, Symbol
from renderers.theme import BRITISH, HIGHLIGHT, INK

GROUND = {
    "tent": "tents",
    "wagon": "wagon park",
    "heights": "heights: no fire across",
    "ledge": "Ledge",
    "rough": "rough",
    "donga": "donga",
}
"""Ground other than the plain, by name: what each costs and gives is in `/game rules map`."""


def key_entries(picture: dict[str, Any], grid: Layout, size: tuple[int, int]) -> list[Entry]:
    """What needs explaining on a picture of ``size`` cut from the map at ``grid``: only the
    things it shows, in the order a reader meets them."""
    return reel_entries([picture], grid, size)


def reel_entries(
    pictures: Sequence[dict[str, Any]], grid: Layout, size: tuple[int, int]
) -> list[Entry]:
    """The key to a run of pictures cut alike (a recap's frames): what any of them shows, in
    the order a reader meets it."""
    b = board()
    shown = {n for n, (x, y) in grid.at.items() if 0 <= x <= size[0] and 0 <= y <= size[1]}
    units = [u for p in pictures for u in p["british"] if u["hex"] in shown]
    marks = [m for p in pictures for m in p["marks"] if set(m.get("p", [m.get("x")])) & shown]
    kinds = {m["k"] for m in marks}
    moved = {"British" if m["s"] == "b" else "Zulu" for m in marks if m["k"] == "m"}
    wagons = [p for p in pictures if p["wagon"] in shown]
    zulus = [count for p in pictures for number, count in p["zulus"].items() if number in shown]
    entries: list[Entry] = []
    combat = [u for u in units if not u["leader"]]
    if combat:
        entries.append(Entry(_unit(False), "British unit: name, strength", "unit"))
    arms = {u["arm"] for u in combat}
    entries += [Entry(_arm(arm), words, f"arm {arm}") for arm, words in ARMS.items() if arm in arms]
    if any(u["square"] for u in units):
        entries.append(Entry(_unit(True), "in square", "square"))
    leaders = {u["name"]: u for u in units if u["leader"]}
    for leader in sorted(leaders.values(), key=lambda u: u["name"]):
        initial = leader["label"][0]
        entries.append(Entry(_leader(initial), leader["name"], f"leader {initial}"))
    for flag in sorted({p["colours"] == "shown" for p in wagons}):
        words = "ammunition wagon, Colours raised" if flag else "ammunition wagon"
        entries.append(Entry(_wagon(flag), words, words))
    if zulus:
        entries.append(Entry(_zulus(1), "Zulu unit", "zulu"))
    if any(count > 1 for count in zulus):
        entries.append(Entry(_zulus(3), "Zulus waiting, how many", "zulus"))
    if "h" in kinds:
        entries.append(Entry(_ring(HIGHLIGHT), "hit", "hit"))
    if "x" in kinds:
        entries.append(Entry(_ring(MISS), "missed", "missed"))
    if "British" in moved:
        entries.append(Entry(_line(BRITISH_MOVE), "British move", "british move"))
    if "Zulu" in moved:
        entries.append(Entry(_line(ZULU_MOVE), "Zulu move", "zulu move"))
    names = {b.terrain[n].name for n in shown if n not in b.onrush and n not in b.escape}
    entries += [
        Entry(_ground(name), words, name) for name, words in GROUND.items() if name in names
    ]
    if shown & set(b.onrush):
        entries.append(Entry(_onrush, "onrush hex", "onrush"))
    if shown & set(b.escape):
        entries.append(Entry(_hex(ESCAPE_FILL), "escape hex", "escape"))
    if shown & set(b.road):
        entries.append(Entry(_road, "road", "road"))
    return entries


def _unit(square: bool) -> Symbol:
    def draw(image: Image.Image, xy: tuple[float, float], cell: int) -> None:
        k = cell / 25
        w, h = round(cell * 0.96), round(cell * 0.78)
        sprite = unit_counter("A", "infantry", 8, square, (w, h), round(k * 10))
        paste(image, sprite, (round(xy[0] - w / 2), round(xy[1] - h / 2)), soft=False)

    return draw


def _arm(arm: str) -> Symbol:
    def draw(image: Image.Image, xy: tuple[float, float], cell: int) -> None:
        x, y = xy
        half = cell * 0.42
        d = ImageDraw.Draw(image)
        d.rectangle((x - half, y - half * 0.75, x + half, y + half * 0.75), fill=BRITISH)
        symbol(d, arm, xy, half * 1.5, cell / 25)

    return draw


def _leader(initial: str) -> Symbol:
    def draw(image: Image.Image, xy: tuple[float, float], cell: int) -> None:
        sprite = leader_disc(initial, round(cell / DISC * 7), round(DISC * 10))
        at = (round(xy[0] - sprite.width / 2), round(xy[1] - sprite.height / 2))
        paste(image, sprite, at, soft=False)

    return draw


def _wagon(flag: bool) -> Symbol:
    def draw(image: Image.Image, xy: tuple[float, float], cell: int) -> None:
        x, y = xy
        k = cell / 14
        draw_wagon(ImageDraw.Draw(image), x + (1 if flag else 4) * k, y + 4 * k, k, flag)

    return draw


def _zulus(count: int) -> Symbol:
    def draw(image: Image.Image, xy: tuple[float, float], cell: int) -> None:
        sprite = zulu_counter(round(cell * 25 / 20), count)
        at = (round(xy[0] - sprite.width / 2), round(xy[1] - sprite.height / 2))
        paste(image, sprite, at, soft=False)

    return draw


def _ring(colour: tuple[int, int, int]) -> Symbol:
    def draw(image: Image.Image, xy: tuple[float, float], cell: int) -> None:
        ImageDraw.Draw(image).polygon(
            corners(*xy, cell * 0.45), outline=colour, width=max(3, cell // 10)
        )

    return draw


def _line(colour: tuple[int, int, int]) -> Symbol:
    """A move's line with the dot where it began."""

    def draw(image: Image.Image, xy: tuple[float, float], cell: int) -> None:
        x, y = xy
        half = cell * 0.45
        d = ImageDraw.Draw(image)
        d.line(
            [(x - half, y + half / 2), (x + half, y - half / 2)],
            fill=colour,
            width=max(2, cell // 10),
        )
        d.ellipse((x - half - 3, y + half / 2 - 3, x - half + 3, y + half / 2 + 3), fill=colour)

    return draw


def _hex(fill: tuple[int, int, int]) -> Symbol:
    def draw(image: Image.Image, xy: tuple[float, float], cell: int) -> None:
        ImageDraw.Draw(image).polygon(corners(*xy, cell / 2), fill=fill, outline=INK)

    return draw


def _ground(name: str) -> Symbol:
    def draw(image: Image.Image, xy: tuple[float, float], cell: int) -> None:
        _hex(TERRAIN_FILL[name])(image, xy, cell)
        d = ImageDraw.Draw(image)
        x, y = xy
        if name == "heights":
            for tint, reach in zip(HILL, (0.3, 0.15), strict=True):
                r = cell * reach
                d.ellipse((x - r, y - r, x + r, y + r), fill=tint)
        elif name == "donga":
            gully(d, [(x - cell * 0.4, y + cell * 0.1), (x + cell * 0.4, y - cell * 0.1)], cell / 2)
        else:
            terrain_mark(d, name, x, y, cell / 2)

    return draw


def _road(image: Image.Image, xy: tuple[float, float], cell: int) -> None:
    x, y = xy
    half = cell * 0.45
    path = [(x - half, y + half / 2), (x + half, y - half / 2)]
    d = ImageDraw.Draw(image)
    d.line(path, fill=ROAD, width=max(3, round(cell * 0.2)))
    d.line(path, fill=ROAD_CROWN, width=max(1, round(cell * 0.07)))


def _onrush(image: Image.Image, xy: tuple[float, float], cell: int) -> None:
    d = ImageDraw.Draw(image)
    d.polygon(corners(*xy, cell / 2), fill=ONRUSH_FILL, outline=ONRUSH_EDGE, width=2)


ARMS = {"infantry": "infantry", "gunners": "gunners on foot", "pioneers": "pioneers"}
"""The arms a counter's symbol shows (2.6.4-2.6.6): every unit fights as infantry."""
