"""The strip under a zone map: turn, light and phase (or the result), losses, VP, the hospital
fire track, and a key to every sign on the map (the key never changes, so it is cached)."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from games.zones.board import Board
from renderers.key_strip import Entry, KeyLayout, Symbol, draw_laid_out, laid_out
from renderers.text_stamps import put, stamp
from renderers.theme import HIGHLIGHT, INK
from renderers.zonemap_features import ROAD, ROAD_CROWN, ROADS, ridge_ticks
from renderers.zonemap_layout import MARGIN, SCALE
from renderers.zonemap_pieces import LOSS, MOVE, british_counter, tag, zulu_counter
from renderers.zonemap_terrain import EDGE_TINT, GROUND, WALLS, WHITE, draw_side

Colour = tuple[int, int, int]

STATUS_H = 56
"""Phone pixels of the changing part: three lines (a finished game's result in place of its
phase), and the hospital fire track under them where the battle has a hospital."""
FIRE_H = 20
KEY_TEXT = 12
"""The key's type in phone pixels: as large as the map's own labels."""
FIRE_STEPS = 6
FIRE = (222, 96, 40)
NAMES = {"rorkes-drift": "Rorke's Drift", "isandlwana": "Isandlwana"}
KIND_NAMES = {
    "building": "building",
    "roof": "roof (British only)",
    "redoubt": "redoubt",
    "kraal": "kraal",
    "heights": "heights",
    "plateau": "plateau",
    "donga": "donga",
    "mountain": "mountain (closed)",
}
WALL_NAMES = {
    "building": "building wall",
    "mealie-bag": "mealie-bag wall",
    "mealie-bag-wagon": "bags on wagons",
    "stone": "stone wall",
    "biscuit-box": "biscuit-box wall",
    "ridge": "ridge, ticks downhill",
}


def _key_entries(board: Board) -> list[Entry]:
    """Each sign the map can show for this battle, with the words that explain it."""
    u = SCALE
    samples = [
        (british_counter("B2/24", 4, 2, False, False, False, 0), "British: top unit, SP, x units"),
        (british_counter("B2/24", 1, 1, True, False, False, 0), "pale: top unit reduced"),
        (british_counter("B2/24", 4, 1, False, True, False, 0), "black corner: moved"),
        (british_counter("JC", 1, 1, False, False, True, 1), "L leader, V wounded (VP)"),
        (zulu_counter(3, None, 1), "Zulus: counters here, L leaders"),
        (zulu_counter(1, 7, 0), "Zulu SP (Zulu player only)"),
        (tag("marker", HIGHLIGHT, INK), "marker"),
        (tag("-2", LOSS, WHITE, 11), "SP lost last phase"),
    ]
    arrow = Image.new("RGBA", (28 * u, 12 * u), (0, 0, 0, 0))
    draw = ImageDraw.Draw(arrow)
    draw.line((0, 6 * u, 20 * u, 6 * u), fill=MOVE, width=3 * u)
    draw.polygon([(28 * u, 6 * u), (20 * u, 2 * u), (20 * u, 10 * u)], fill=MOVE)
    samples.append((arrow, "move last phase"))
    barriers = {b for z in board.zones for b in (board.barrier(z, n) for n in board.neighbours(z))}
    for barrier, words in WALL_NAMES.items():
        if barrier in barriers:
            sample = Image.new("RGBA", (28 * u, 12 * u), (0, 0, 0, 0))
            pen = ImageDraw.Draw(sample)
            draw_side(pen, barrier, (0, 4 * u, 28 * u, 4 * u))
            if barrier == "ridge":
                ridge_ticks(pen, (0, 4 * u, 28 * u, 4 * u), 1, WALLS["ridge"][0])
            samples.append((sample, words))
    if board.battle in ROADS:
        sample = Image.new("RGBA", (28 * u, 12 * u), (0, 0, 0, 0))
        pen = ImageDraw.Draw(sample)
        pen.line((0, 6 * u, 28 * u, 6 * u), fill=ROAD, width=5 * u)
        pen.line((0, 6 * u, 28 * u, 6 * u), fill=ROAD_CROWN, width=u)
        samples.append((sample, "road"))
    kinds = {z.kind for z in board.zones.values()}
    swatches = [(EDGE_TINT, "board edge (Zulus enter)")]
    swatches += [(GROUND[k], words) for k, words in KIND_NAMES.items() if k in kinds]
    for colour, words in swatches:
        sample = Image.new("RGBA", (28 * u, 12 * u), (*colour, 255))
        ImageDraw.Draw(sample).rectangle((0, 0, 28 * u - 1, 12 * u - 1), outline=INK)
        samples.append((sample, words))
    return [Entry(_pasted(sample), words, words) for sample, words in samples]


def _pasted(sample: Image.Image) -> Symbol:
    """A sample sprite as a key symbol: shrunk to the cell where it is larger."""

    def draw(image: Image.Image, xy: tuple[float, float], cell: int) -> None:
        shown = sample
        if sample.height > cell or sample.width > cell:
            ratio = min(cell / sample.height, cell / sample.width)
            shown = sample.resize((round(sample.width * ratio), round(sample.height * ratio)))
        at = (round(xy[0] - shown.width / 2), round(xy[1] - shown.height / 2))
        image.paste(shown, at, shown)

    return draw


def key_layout(board: Board, width: int) -> KeyLayout:
    return laid_out(_key_entries(board), width, KEY_TEXT * SCALE)


def key_height(board: Board, width: int) -> int:
    return key_layout(board, width).height


def draw_key(image: Image.Image, board: Board, top: int) -> None:
    """The key in rows under the status, each sign beside its words."""
    ImageDraw.Draw(image).line([(0, top), (image.width, top)], fill=INK, width=SCALE)
    draw_laid_out(image, key_layout(board, image.width), top)


def status_height(board: Board) -> int:
    """The status strip's height: taller by the fire track where there is a hospital."""
    burns = any("hospital" in zone.roles for zone in board.zones.values())
    return (STATUS_H + (FIRE_H if burns else 0)) * SCALE


def draw_status(image: Image.Image, picture: dict[str, Any], top: int) -> None:
    """Turn, light, phase, tracks, VP and result: the part of the strip that changes."""
    u = SCALE
    x = MARGIN + 4 * u
    light = "night" if picture["night"] else "day"
    title = f"{NAMES.get(picture['battle'], picture['battle'])} · turn {picture['turn']} · {light}"
    put(image, (x, top + 2 * u), title, 14 * u, INK)
    result = picture.get("result")
    if result:
        _banner(image, str(result), top + 21 * u)
    else:
        put(image, (x, top + 21 * u), str(picture["phase"]), 11 * u, INK)
    losses = picture.get("losses") or {}
    line = (
        f"Losses: Zulu {losses.get('zulu', 0)}, British {losses.get('british', 0)}"
        f"   VP {picture.get('vp', 0)}"
    )
    if picture.get("held") is not None:
        line += f"   Zulus held off the map {picture['held']}"
    put(image, (x, top + 38 * u), line, 11 * u, INK)
    fire = picture.get("hospital_fire")
    if fire is not None:
        _fire_track(image, x, top + 55 * u, int(fire))


def _fire_track(image: Image.Image, x: int, top: int, fire: int) -> None:
    u = SCALE
    put(image, (x, top + 8 * u), "Hospital fire", 11 * u, INK, "lm")
    draw = ImageDraw.Draw(image)
    left = x + 82 * u
    for step in range(FIRE_STEPS):
        box = (left + step * 20 * u, top, left + step * 20 * u + 17 * u, top + 16 * u)
        lit = step == fire
        draw.rectangle(box, fill=FIRE if lit else WHITE, outline=INK, width=u)
        put(image, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), str(step), 11 * u,
            WHITE if lit else INK, "mm")  # fmt: skip


def _banner(image: Image.Image, text: str, top: int) -> None:
    u = SCALE
    glyphs = stamp(text, 12 * u, INK)
    draw = ImageDraw.Draw(image)
    draw.rectangle(
        (MARGIN, top - u, MARGIN + glyphs.width + 12 * u, top + 17 * u),
        fill=HIGHLIGHT,
        outline=INK,
    )
    put(image, (MARGIN + 6 * u, top + 8 * u), text, 12 * u, INK, "lm")
