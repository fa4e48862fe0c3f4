"""The zone game's picture: the map of Isandlwana or Rorke's Drift with the forces on it, and
under it the turn, tracks and a key, laid out to be read on a phone 400 px wide.

Pure: a view's picture in, PNG bytes out. It draws only what the picture holds, so a Zulu
stack whose ``sp`` is null shows as blank counters. Terrain, zone numbers and the key never
change and are drawn once per battle and light; each call pastes the pieces and the status.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from games.core.engine import JSON, View
from games.zones.board import zone_order
from renderers.indexed import Indexed
from renderers.png import encode_indexed
from renderers.recap import Reel
from renderers.text_stamps import stamp
from renderers.theme import HIGHLIGHT, INK, PAPER
from renderers.zonemap_layout import SCALE, layout
from renderers.zonemap_panel import FIRE, draw_key, draw_status, key_height, status_height
from renderers.zonemap_pieces import MOVE, draw_moves, flow, zone_sprites
from renderers.zonemap_terrain import LABEL_SIZE, terrain

SWATCH = 40
STATUS_COLOURS = (FIRE, HIGHLIGHT, INK, (255, 255, 255))
"""Colours of the status strip (fire track, result banner) that the key does not show."""


def render(view: View, options: JSON) -> bytes:
    return encode_indexed(draw(view.picture))


@cache
def colours(map_id: str, night: bool) -> Indexed:
    """The palette of one map and light: every colour of the unchanging canvas, whose key
    holds a sample of every piece, and those that only the status strip shows."""
    canvas = base(map_id, night)
    source = Image.new("RGB", (canvas.width, canvas.height + SWATCH), PAPER)
    source.paste(canvas, (0, 0))
    step = canvas.width // len(STATUS_COLOURS)
    pen = ImageDraw.Draw(source)
    for n, colour in enumerate(STATUS_COLOURS):
        pen.rectangle((n * step, canvas.height, (n + 1) * step, canvas.height + SWATCH), colour)
    return Indexed.from_source(source)


@cache
def base(map_id: str, night: bool) -> Image.Image:
    """The unchanging canvas: terrain on top, an empty status strip, the key at the bottom."""
    grid = layout(map_id)
    status = status_height(grid.board)
    key = key_height(grid.board, grid.width)
    canvas = Image.new("RGB", (grid.width, grid.height + status + key), PAPER)
    canvas.paste(terrain(map_id, night), (0, 0))
    draw_key(canvas, grid.board, grid.height + status)
    return canvas


@cache
def indexed_base(map_id: str, night: bool) -> Image.Image:
    return colours(map_id, night).map(base(map_id, night))


def map_of_picture(picture: dict[str, Any]) -> str:
    """The map a picture is drawn on: the one it names, else its battle's current map."""
    return str(picture.get("map") or picture["battle"])


def draw(picture: dict[str, Any]) -> Image.Image:
    """The whole picture as a palette image, ready to encode."""
    map_id, night = map_of_picture(picture), bool(picture["night"])
    grid = layout(map_id)
    ink = colours(map_id, night)
    image = indexed_base(map_id, night).copy()
    last = picture.get("last") or {}
    draw_moves(ImageDraw.Draw(image), grid, last.get("moves") or [], ink.index(MOVE))
    losses = last.get("losses") or {}
    zones = picture.get("zones") or {}
    for zone_id in sorted(set(zones) | set(losses), key=zone_order):
        if zone_id not in grid.main:
            continue
        sprites = _place(grid.main[zone_id], zone_id, zones.get(zone_id) or {}, losses.get(zone_id))
        for sprite, place in sprites:
            ink.paste(image, sprite, place)
    strip = Image.new("RGB", (grid.width, status_height(grid.board)), PAPER)
    draw_status(strip, picture, 0)
    image.paste(ink.map(strip), (0, grid.height))
    return image


RECAP_MARGIN = 6 * SCALE


def recap_reel(views: Sequence[View]) -> Reel:
    """A recap's frames: the map alone at each phase's end (the turn and phase go in the
    recap's banner), cut to the zones any phase had pieces, moves or losses in, and the key
    once."""
    pictures = [view.picture for view in views]
    map_id = map_of_picture(pictures[0])
    grid = layout(map_id)
    used: set[str] = set()
    for picture in pictures:
        last = picture.get("last") or {}
        used |= {z for z, zone in (picture.get("zones") or {}).items() if _holds(zone)}
        used |= set(last.get("losses") or {}) | {
            z for move in last.get("moves") or [] for z in move
        }
    boxes = [grid.main[z] for z in used if z in grid.main]
    box = (0, 0, grid.width, grid.height)
    if boxes:
        box = (
            max(0, min(b[0] for b in boxes) - RECAP_MARGIN),
            max(0, min(b[1] for b in boxes) - RECAP_MARGIN),
            min(grid.width, max(b[2] for b in boxes) + RECAP_MARGIN),
            min(grid.height, max(b[3] for b in boxes) + RECAP_MARGIN),
        )
    frames = [draw(picture).crop(box) for picture in pictures]
    canvas = base(map_id, False)
    key_top = grid.height + status_height(grid.board)
    return Reel(frames, canvas.crop((0, key_top, canvas.width, canvas.height)))


def _holds(zone: dict[str, Any]) -> bool:
    return bool(
        zone.get("british") or (zone.get("zulu") or {}).get("counters") or zone.get("markers")
    )


def _place(box: tuple[int, int, int, int], zone_id: str, zone: dict[str, Any],
           loss: int | None) -> list[tuple[Image.Image, tuple[int, int]]]:  # fmt: skip
    """Where a zone's pieces go: beside its number, else under it; when neither has room, the
    British in the zone are shown as one stack, and if even that overflows it is drawn so."""
    left, top, right, bottom = box
    inner = (left + 3 * SCALE, top + 2 * SCALE, right - 2 * SCALE, bottom - 2 * SCALE)
    number = stamp(zone_id, LABEL_SIZE * SCALE, PAPER)
    label = (number.width + 4 * SCALE, number.height + 3 * SCALE)
    below = (inner[0], inner[1] + label[1], inner[2], inner[3])
    for merge in (False, True):
        sprites = zone_sprites(zone, loss, merge_stacks=merge, room=inner[2] - inner[0])
        for area, indent in ((inner, label), (below, (0, 0))):
            places, fits = flow(area, indent, sprites)
            if fits:
                return list(zip(sprites, places, strict=True))
    return list(zip(sprites, places, strict=True))
