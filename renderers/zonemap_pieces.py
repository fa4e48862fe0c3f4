"""What moves on a zone map: British stacks, blank Zulu counters, markers, losses and arrows.

Each piece is a small RGBA sprite made once per distinct look and pasted into its zone, so a
busy map costs little more than an empty one. Sizes are phone pixels times ``SCALE``.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from renderers.text_stamps import stamp
from renderers.theme import BRITISH, HIGHLIGHT, INK, ZULU
from renderers.zonemap_layout import SCALE, Layout

Colour = tuple[int, int, int]

REDUCED = (214, 120, 110)
LEADER = (212, 175, 55)
VP_BADGE = (255, 255, 255)
LOSS = (196, 30, 30)
MOVE = (36, 64, 150)
WHITE = (255, 255, 255)
PAD = 2
COUNTER_H = 24
BADGE_ROOM = 14
"""Room above a British counter for its badges, so the label under them stays clear."""
ZULU_SIZE = 21


def _text(sprite: Image.Image, xy: tuple[float, float], text: str, size: int, fill: Colour,
          anchor: str = "mm") -> None:  # fmt: skip
    glyphs = stamp(text, size * SCALE, fill)
    x, y = xy
    if anchor[0] == "m":
        x -= glyphs.width / 2
    elif anchor[0] == "r":
        x -= glyphs.width
    y -= glyphs.height / 2
    sprite.alpha_composite(glyphs, (max(0, round(x)), max(0, round(y))))


def _badge(sprite: Image.Image, centre: tuple[float, float], text: str, fill: Colour,
           ink: Colour) -> None:  # fmt: skip
    radius = 6 * SCALE if len(text) < 2 else 7 * SCALE
    x, y = centre
    ImageDraw.Draw(sprite).ellipse(
        (x - radius, y - radius, x + radius, y + radius), fill=fill, outline=INK, width=SCALE // 2
    )
    _text(sprite, centre, text, 8, ink)


@cache
def british_counter(
    label: str, sp: int, size: int, reduced: bool, moved: bool, leader: bool, vp: int
) -> Image.Image:
    """A British stack: its top unit's label, the stack's SP, and ``×n`` for n units.

    Pale when the top unit is reduced; a black corner when it has moved;
    badges for a leader (L) and wounded worth VP (V, with how many) anywhere in the stack,
    standing above the counter's top edge so they never cover its label.
    """
    label_w = stamp(label, 9 * SCALE, WHITE).width // SCALE
    sp_text = str(sp)
    count = f"x{size}" if size > 1 else ""
    sp_w = stamp(sp_text, 13 * SCALE, WHITE).width // SCALE
    count_w = stamp(count, 9 * SCALE, WHITE).width // SCALE if count else 0
    width = max(30, label_w + 6, sp_w + count_w + 11)
    top = BADGE_ROOM if leader or vp else 0
    sprite = Image.new("RGBA", (width * SCALE, (COUNTER_H + top) * SCALE), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    box = (0, top * SCALE, width * SCALE - 1, (COUNTER_H + top) * SCALE - 1)
    draw.rounded_rectangle(
        box, radius=3 * SCALE, fill=REDUCED if reduced else BRITISH, outline=INK, width=SCALE
    )
    if moved:
        corner = (box[2], box[3])
        draw.polygon(
            [corner, (corner[0] - 7 * SCALE, corner[1]), (corner[0], corner[1] - 7 * SCALE)],
            fill=INK,
        )
    ink = INK if reduced else WHITE
    _text(sprite, (width / 2 * SCALE, (top + 6) * SCALE), label, 9, ink)
    _text(sprite, (4 * SCALE, (top + 16.5) * SCALE), sp_text, 13, ink, "lm")
    if count:
        _text(sprite, ((width - 3) * SCALE, (top + 17) * SCALE), count, 9, ink, "rm")
    badge_y = 7 * SCALE
    if leader:
        _badge(sprite, ((width - 6) * SCALE, badge_y), "L", LEADER, INK)
    if vp:
        _badge(sprite, (7 * SCALE, badge_y), "V" if vp == 1 else f"{vp}V", VP_BADGE, INK)
    return sprite


@cache
def zulu_counter(counters: int, sp: int | None, leaders: int) -> Image.Image:
    """A pile of blank Zulu counters: how many, the SP under it only when given, leaders (L)."""
    u = SCALE
    shadow = 3 if counters > 1 else 0
    top = 5 if leaders else 0
    sp_text = f"{sp} SP" if sp is not None else ""
    face_w = max(ZULU_SIZE, stamp(sp_text, 8 * u, WHITE).width // u + 4 if sp_text else 0)
    face_h = ZULU_SIZE + (8 if sp_text else 0)
    width, height = face_w + shadow, face_h + shadow + top
    sprite = Image.new("RGBA", (width * u, height * u), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    if shadow:
        draw.rectangle(
            (shadow * u, top * u, width * u - 1, (top + face_h) * u - 1),
            fill=(110, 110, 110), outline=INK, width=max(1, u // 2),
        )  # fmt: skip
    face = (0, (top + shadow) * u, face_w * u - 1, height * u - 1)
    draw.rectangle(face, fill=ZULU, outline=INK, width=u)
    middle = face[0] + face_w * u / 2
    _text(sprite, (middle, face[1] + ZULU_SIZE * u / 2), str(counters), 13, WHITE)
    if sp_text:
        _text(sprite, (middle, face[3] - 6 * u), sp_text, 8, WHITE)
    if leaders:
        text = "L" if leaders == 1 else f"{leaders}L"
        _badge(sprite, ((width - 6) * u, 6 * u), text, LEADER, INK)
    return sprite


@cache
def tag(text: str, fill: Colour, ink: Colour, size: int = 9) -> Image.Image:
    """A marker or a loss written on a small plate."""
    glyphs = stamp(text, size * SCALE, ink)
    width = glyphs.width + 6 * SCALE
    height = max(glyphs.height + 6 * SCALE, 14 * SCALE)
    sprite = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    ImageDraw.Draw(sprite).rounded_rectangle(
        (0, 0, width - 1, height - 1), radius=3 * SCALE, fill=fill, outline=INK, width=SCALE // 2
    )
    sprite.alpha_composite(glyphs, ((width - glyphs.width) // 2, (height - glyphs.height) // 2))
    return sprite


MARKER_WORDS = {"ammo-depleted": "No ammo", "battery-moved": "Bty moved"}
"""What a marker's plate says; the unit it lies on is the counter beside it."""


def marker_words(markers: list[str]) -> list[str]:
    """One plate per kind of marker in a zone, with how many when more than one."""
    counts: dict[str, int] = {}
    for marker in markers:
        kind = str(marker).split(":", 1)[0]
        word = MARKER_WORDS.get(kind, kind)
        counts[word] = counts.get(word, 0) + 1
    return [word if n == 1 else f"{word} x{n}" for word, n in counts.items()]


def british_stacks(units: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Split a zone's British units into stacks: each unit marked ``top`` opens a stack and the
    units after it belong to it; with no ``top`` at all the zone is one stack."""
    stacks: list[list[dict[str, Any]]] = []
    for unit in units:
        if unit.get("top") or not stacks:
            stacks.append([])
        stacks[-1].append(unit)
    return stacks


def stack_sprite(stack: list[dict[str, Any]], room: int) -> Image.Image:
    """The stack's counter; when its top unit's label alone would make it wider than ``room``
    the label is left off whole rather than cut, and the SP and marks remain."""
    top = next((u for u in stack if u.get("top")), stack[0])
    marks = (
        sum(int(u["sp"]) for u in stack),
        len(stack),
        bool(top["reduced"]),
        bool(top["moved"]),
        any(u["leader"] for u in stack),
        sum(1 for u in stack if u["vp"]),
    )
    sprite = british_counter(str(top["label"]), *marks)
    if sprite.width > room:
        bare = british_counter("", *marks)
        if bare.width < sprite.width:
            sprite = bare
    return sprite


def zone_sprites(
    zone: dict[str, Any], loss: int | None, merge_stacks: bool, room: int
) -> list[Image.Image]:
    """The sprites a zone shows, in reading order: British, Zulu, markers, last losses.

    ``room``: the width in pixels the zone offers a piece."""
    sprites = []
    stacks = british_stacks(zone.get("british") or [])
    if merge_stacks and len(stacks) > 1:
        stacks = [[u for s in stacks for u in s]]
    sprites += [stack_sprite(s, room) for s in stacks]
    zulu = zone.get("zulu") or {}
    if zulu.get("counters"):
        sprites.append(
            zulu_counter(int(zulu["counters"]), zulu.get("sp"), int(zulu.get("leaders") or 0))
        )
    sprites += [tag(text, HIGHLIGHT, INK) for text in marker_words(zone.get("markers") or [])]
    if loss:
        sprites.append(tag(f"-{loss}", LOSS, WHITE, 11))
    return sprites


def flow(box: tuple[int, int, int, int], label: tuple[int, int],
         sprites: list[Image.Image]) -> tuple[list[tuple[int, int]], bool]:  # fmt: skip
    """Place sprites left to right in ``box``, wrapping to new lines; the first line starts
    beside the zone number, of size ``label``. Returns the positions and whether all fit."""
    first_indent, label_height = label
    left, top, right, bottom = box
    gap = PAD * SCALE
    x, y, line = left + first_indent, top, label_height
    places = []
    for sprite in sprites:
        if x + sprite.width > right and x > left:
            x, y, line = left, y + line + gap, 0
        places.append((x, y))
        x += sprite.width + gap
        line = max(line, sprite.height)
    fits = y + line <= bottom and all(
        px + s.width <= right for (px, _), s in zip(places, sprites, strict=True)
    )
    return places, fits


def draw_arrow(draw: ImageDraw.ImageDraw, start: tuple[float, float],
               end: tuple[float, float], fill: int | Colour) -> None:  # fmt: skip
    """A move from one zone's centre towards another's, stopping short so the head shows."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    if length == 0:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    trim = min(10 * SCALE, length / 4)
    sx, sy = x0 + ux * trim, y0 + uy * trim
    ex, ey = x1 - ux * trim, y1 - uy * trim
    head = 8 * SCALE
    base = (ex - ux * head, ey - uy * head)
    draw.line((sx, sy, *base), fill=fill, width=3 * SCALE)
    draw.polygon(
        [
            (ex, ey),
            (base[0] - uy * head / 2, base[1] + ux * head / 2),
            (base[0] + uy * head / 2, base[1] - ux * head / 2),
        ],
        fill=fill,
    )


def draw_moves(draw: ImageDraw.ImageDraw, grid: Layout, moves: list[list[str]],
               fill: int | Colour) -> None:  # fmt: skip
    """An arrow for each move between two zones of the map (entries from off it are skipped)."""
    for start, end in moves:
        if start in grid.main and end in grid.main:
            draw_arrow(draw, grid.centre(start), grid.centre(end), fill)
