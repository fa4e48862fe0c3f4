"""Last Stand at Isandlwana's picture: which part of the hex map a post shows (the area of
the action, the whole map with its panel, or a close-up around one hex)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from games.core.engine import JSON, View
from games.last_stand.board import board
from renderers.hexmap import (
    ACTION_REACH,
    ACTION_SIZE,
    CAPTION,
    SIZE,
    ZOOM_REACH,
    ZOOM_SIZE,
    Layout,
    colours,
    layout,
)
from renderers.hexmap_counters import draw_counters, draw_marks
from renderers.hexmap_key import key_entries, reel_entries
from renderers.hexmap_terrain import terrain_layer
from renderers.isandlwana_panel import PANEL_WIDTH, draw_panel
from renderers.key_strip import keyed, strip
from renderers.png import encode_indexed
from renderers.recap import Reel
from renderers.text_stamps import put
from renderers.theme import INK, PAPER, font


def render(view: View, options: JSON) -> bytes | None:
    return render_map(view.picture, options or {})


def render_map(picture: dict[str, Any], options: dict[str, Any]) -> bytes:
    return encode_indexed(map_image(picture, options))


def map_image(picture: dict[str, Any], options: dict[str, Any]) -> Image.Image:
    """The area of the action unless ``whole`` asks for the whole map or ``zoom`` names a hex
    to centre a close-up on; the whole map too when the game is over, or no British unit is
    left on it."""
    zoom = options.get("zoom")
    if zoom and str(zoom) in board():
        return _zoomed(picture, str(zoom))
    area = action_area(picture)
    if area and not options.get("whole") and not picture["result"]:
        return _action(picture, area)
    grid = layout(SIZE)
    width = grid.width + PANEL_WIDTH
    entries = key_entries(picture, grid, (grid.width, grid.height))
    key = strip(entries, width, colours().blank, WHOLE_KEY)
    image = colours().blank((width, grid.height + (key.height if key else 0)), PAPER)
    image.paste(terrain_layer(SIZE), (0, 0))
    draw_marks(image, picture, grid)
    draw_counters(image, picture, grid, None)
    draw_panel(image, picture, (grid.width, 0, width, grid.height))
    if key is not None:
        image.paste(key, (0, grid.height))
    return image


RECAP_SIZE = 35
"""A recap frame's hex size: the ground where the game was played fits about 800 px wide."""


def recap_reel(views: Sequence[View]) -> Reel:
    """A recap's frames: the map alone at each phase's end, every frame cut to the same
    ground (every hex any phase's action reached), and one key to all they show."""
    pictures = [view.picture for view in views]
    grid = layout(RECAP_SIZE)
    area = set().union(*(action_area(p) for p in pictures))
    box = action_box(area, grid) if area else (0, 0, grid.width, grid.height)
    ground = terrain_layer(RECAP_SIZE).crop(box)
    shifted = grid.cropped(box, ground.size)
    frames = []
    for picture in pictures:
        image = ground.copy()
        draw_marks(image, picture, shifted)
        draw_counters(image, picture, shifted, None)
        frames.append(image)
    entries = reel_entries(pictures, shifted, ground.size)
    return Reel(frames, strip(entries, ground.width, colours().blank))


WHOLE_KEY = 16
"""The whole map's key type: the map itself is for reading up close, not at a glance."""


def _zoomed(picture: dict[str, Any], number: str) -> Image.Image:
    """A close-up around one hex, at more than twice the scale."""
    b = board()
    grid = layout(ZOOM_SIZE)
    area = set(b.near(number, ZOOM_REACH)) | {number}
    x, y = grid.at[number]
    half_w, half_h = ZOOM_SIZE * 1.5 * ZOOM_REACH + ZOOM_SIZE, ZOOM_SIZE * 1.75 * ZOOM_REACH
    box = (int(x - half_w), int(y - half_h), int(x + half_w), int(y + half_h))
    image = terrain_layer(ZOOM_SIZE).crop(box)
    shifted = grid.cropped(box, image.size)
    draw_marks(image, picture, shifted)
    draw_counters(image, picture, shifted, area)
    crop = colours().blank(image.size, PAPER)
    crop.paste(image, (0, 0))
    crop = keyed(crop, key_entries(picture, shifted, crop.size), colours().blank)
    caption = ImageDraw.Draw(crop)
    caption.rectangle((0, 0, crop.width, 30), fill=PAPER)
    caption.line([(0, 30), (crop.width, 30)], fill=INK)
    text = f"Around {number} · turn {picture['turn']} · {picture['phase_title']}"
    left, top, _, _ = font(20).getbbox(text)
    put(crop, (8 + left, 5 + top), text, 20, INK)
    return crop


def action_area(picture: dict[str, Any]) -> set[str]:
    """The British units, the wagon and the Zulus within reach of them; empty when neither a
    British unit nor the wagon is left on the map."""
    b = board()
    british = {u["hex"] for u in picture["british"] if u["hex"]}
    if picture["wagon"]:
        british.add(picture["wagon"])
    near = {h for n in british for h in b.near(n, ACTION_REACH)}
    return british | {h for h in picture["zulus"] if h in near}


def action_box(area: set[str], grid: Layout) -> tuple[int, int, int, int]:
    """The pixel box around ``area`` with a hex to spare on every side."""
    s = grid.size
    xs = [grid.at[h][0] for h in area]
    ys = [grid.at[h][1] for h in area]
    spare_x, spare_y = s * 2.5, s * 0.87 * 3
    return (
        max(0, int(min(xs) - spare_x)),
        max(0, int(min(ys) - spare_y)),
        min(grid.width, int(max(xs) + spare_x)),
        min(grid.height, int(max(ys) + spare_y)),
    )


def _action(picture: dict[str, Any], area: set[str]) -> Image.Image:
    """The posted map: the area of the action, large enough to read on a phone."""
    grid = layout(ACTION_SIZE)
    box = action_box(area, grid)
    image = terrain_layer(ACTION_SIZE).crop(box)
    shifted = grid.cropped(box, image.size)
    draw_marks(image, picture, shifted)
    draw_counters(image, picture, shifted, None)
    framed = colours().blank((image.width, image.height + CAPTION), PAPER)
    framed.paste(image, (0, CAPTION))
    line = ImageDraw.Draw(framed)
    line.line([(0, CAPTION - 1), (framed.width, CAPTION - 1)], fill=INK, width=2)
    on_map = sum(picture["zulus"].values())
    text = f"Turn {picture['turn']} · {picture['phase_title']} · Zulus on map {on_map}"
    size = 30
    while size > 12 and font(size).getlength(text) > framed.width - 20:
        size -= 2
    put(framed, (10, CAPTION / 2), text, size, INK, "lm")
    return keyed(framed, key_entries(picture, shifted, image.size), colours().blank)
