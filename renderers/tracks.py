"""The Rorke's Drift track map for a turn: four approach tracks converging on the compound.

Pure: takes a Zulus on the Ramparts! view (its ``picture`` dict) and returns PNG
bytes. Laid out landscape with large type so it reads on a phone. Drawn straight onto a fixed
palette, text pasted from drawn-once lettering, so the picture need not be quantized.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.core.engine import View
from renderers.indexed import Indexed
from renderers.png import encode_indexed
from renderers.text_stamps import write
from renderers.theme import BRITISH, INK, PAPER, ZULU, font

WIDTH, HEIGHT = 960, 900
BOX, GAP = 92, 8
LEFT, TOP = 128, 72
ROWS = ("left_horn", "loins", "chest", "right_horn")
BUILDING_ROW = {"left_horn": "Hospital", "right_horn": "Storehouse"}
GRASS = (214, 206, 170)
INTERIOR = (222, 170, 160)
FIRE = (238, 112, 36)
GOLD = (250, 214, 90)
GREY = (150, 146, 138)
NIGHT = (44, 52, 84)
DAYLIGHT = (236, 200, 120)
MOONLIT = (240, 240, 240)
WHITE = (255, 255, 255)
TIMBER = (120, 84, 40)


@cache
def colours() -> Indexed:
    """The picture's palette: its flat colours, and the shades of each text on its ground."""
    flats = [PAPER, INK, BRITISH, ZULU, GRASS, INTERIOR, FIRE, GOLD, GREY, NIGHT, DAYLIGHT]
    pairs = [(INK, ground) for ground in (PAPER, GRASS, FIRE, INTERIOR, GOLD, DAYLIGHT)]
    pairs += [(WHITE, ground) for ground in (BRITISH, ZULU, GREY, TIMBER)]
    pairs += [(MOONLIT, NIGHT), (TIMBER, INTERIOR), (BRITISH, INTERIOR)]
    return Indexed.ramps([*flats, MOONLIT, WHITE, TIMBER], pairs)


def _row_y(row: int) -> int:
    return TOP + row * (BOX + GAP)


def _col_x(col: int) -> int:
    return LEFT + col * (BOX + GAP)


def box_rect(track: str, pos: int) -> tuple[int, int, int, int]:
    """Screen rectangle of the box an iButho on ``track`` occupies at position ``pos``."""
    row = ROWS.index(track)
    if pos < 5:
        x, y = _col_x(pos), _row_y(row)
        return (x, y, x + BOX, y + BOX)
    if pos == 5:
        pair = 0 if row < 2 else 2
        x, y = _col_x(5), _row_y(pair)
        return (x, y, x + BOX, y + 2 * BOX + GAP)
    x, y = _col_x(pos), _row_y(0)
    return (x, y, x + BOX, _row_y(3) + BOX)


def render_tracks(view: View) -> bytes:
    pic: dict[str, Any] = view.picture
    image = colours().blank((WIDTH, HEIGHT), PAPER)
    _header(image, pic)
    _boxes(image, pic)
    _ibuthos(image, pic)
    bottom = _panel(image, pic)
    return encode_indexed(image.crop((0, 0, WIDTH, min(HEIGHT, bottom + 12))))


def _header(image: Image.Image, pic: dict[str, Any]) -> None:
    draw = ImageDraw.Draw(image)
    night = pic["night"]
    draw.rectangle((0, 0, WIDTH, 58), fill=NIGHT if night else DAYLIGHT)
    ink = MOONLIT if night else INK
    time = "NIGHT" if night else ("DAWN" if pic["dawn"] else "DAY")
    write(image, (14, 12), f"Turn {pic['turn']} · {time}", 30, ink)
    write(image, (WIDTH - 14, 12), f"VP {pic['vp']}", 30, ink, "ra")
    tags = []
    if pic["ammo_low"]:
        tags.append(("AMMO LOW", BRITISH))
    for chit in pic["drm_from"]:
        tags.append((chit.upper(), ZULU))
    if pic["no_volleys"]:
        tags.append(("NO VOLLEYS", ZULU))
    x = 300
    for text, colour in tags:
        w = int(font(20).getlength(text, "L")) + 16
        draw.rounded_rectangle((x, 14, x + w, 44), 6, fill=colour)
        write(image, (x + 8, 18), text, 20, WHITE)
        x += w + 8


def _boxes(image: Image.Image, pic: dict[str, Any]) -> None:
    draw = ImageDraw.Draw(image)
    names = {t["id"]: t["name"] for t in pic["tracks"]}
    fires = {f.title() for f in pic["fires"]}
    for row, track in enumerate(ROWS):
        y = _row_y(row)
        words = names[track].split()
        write(image, (10, y + BOX // 2), "\n".join(words), 24, INK, "lm")
        for pos in range(5):
            rect = box_rect(track, pos)
            building = BUILDING_ROW.get(track) if pos == 4 else None
            fill = FIRE if building in fires else GRASS
            draw.rounded_rectangle(rect, 8, fill=fill, outline=INK, width=2)
            number = f"1 {building}" if building else str(5 - pos)
            size = 15 if building else 18
            write(image, (rect[0] + 5, rect[1] + 2), number, size, INK)
            if building in fires:
                write(image, (rect[0] + 5, rect[1] + 20), "ON FIRE", 15, INK)
    victory = pic["victory"]
    for pos, label, tracks in ((5, "0", ("left_horn", "chest")), (6, "-1", ("left_horn",)),
                               (7, "-2", ("left_horn",))):  # fmt: skip
        for track in tracks:
            rect = box_rect(track, pos)
            is_victory = pos == victory
            draw.rounded_rectangle(
                rect, 8, fill=INTERIOR, outline=BRITISH if is_victory else INK,
                width=6 if is_victory else 2,
            )  # fmt: skip
            write(image, (rect[0] + 5, rect[1] + 3), label, 16, INK)
            if pos > 5 and pos <= victory:
                built = "Inner\nBarricade" if pos == 6 else "Final\nRedoubt"
                write(image, ((rect[0] + rect[2]) // 2, rect[1] + 40), built, 15, TIMBER, "ma",
                      "center")  # fmt: skip
            if is_victory:
                write(image, (rect[0] + BOX // 2, rect[3] - 6), "ZULU\nWIN", 15, BRITISH, "md",
                      "center")  # fmt: skip
    bar = pic["barricade"]
    if bar["steps"] and victory < 7:
        rect = box_rect("left_horn", victory + 1)
        draw.rounded_rectangle(
            (rect[0] + 6, rect[1] + 26, rect[2] - 6, rect[1] + 54), 5, fill=TIMBER
        )
        write(image, ((rect[0] + rect[2]) // 2, rect[1] + 40), f"{bar['steps']}/3", 18, WHITE,
              "mm")  # fmt: skip
    _defence_markers(image, pic)


def _defence_markers(image: Image.Image, pic: dict[str, Any]) -> None:
    draw = ImageDraw.Draw(image)
    spots = {"hospital": ("left_horn", 4), "storehouse": ("right_horn", 4),
             "chest-1": ("chest", 4), "loins-1": ("loins", 4)}  # fmt: skip
    for number, key in pic["markers"].items():
        name = pic["marker_names"][number].split()[-1]
        rects = (
            [box_rect("left_horn", 5), box_rect("chest", 5)]
            if key == "perimeter"
            else [box_rect(*spots[key])]
        )
        for rect in rects:
            draw.rounded_rectangle(
                (rect[0] + 2, rect[1] + 22, rect[2] - 2, rect[1] + 42), 4, fill=GOLD, outline=INK
            )
            write(image, ((rect[0] + rect[2]) // 2, rect[1] + 32), name[:10], 16, INK, "mm")


def _ibuthos(image: Image.Image, pic: dict[str, Any]) -> None:
    draw = ImageDraw.Draw(image)
    for ib in pic["ibuthos"]:
        if ib["status"] == "eliminated":
            continue
        rect = box_rect(ib["track"], ib["pos"])
        cx = (rect[0] + rect[2]) // 2
        cy = rect[3] - 26 if ib["pos"] < 5 else (rect[1] + rect[3]) // 2
        routed = ib["status"] == "routed"
        colour = GREY if routed else ZULU
        draw.ellipse((cx - 26, cy - 22, cx + 26, cy + 22), fill=colour, outline=INK, width=2)
        write(image, (cx, cy), str(ib["strength"]), 28, WHITE, "mm")
        label = "ROUTED" if routed else ib["name"][:11]
        write(image, (cx, cy - 24), label, 15, INK, "md")


def _panel(image: Image.Image, pic: dict[str, Any]) -> int:
    """The tableau, commitments and counts under the tracks; returns where it ends."""
    draw = ImageDraw.Draw(image)
    y = _row_y(4) + 6
    draw.line((10, y, WIDTH - 10, y), fill=INK, width=2)
    y += 10
    tableau = ", ".join(c["name"] for c in pic["tableau"]) or "none"
    lines = [f"Available: {tableau}"]
    busy = []
    if pic["reserve"]:
        busy.append("Reserve Platoon: " + " + ".join(pic["reserve"]))
    if pic["builder"]:
        busy.append(f"Building: {pic['builder']}")
    if busy:
        lines.append("Committed: " + "; ".join(busy))
    if pic["banners"]:
        lines.append("Banners: " + ", ".join(b.upper() for b in pic["banners"]))
    gone = ", ".join(pic["eliminated"])
    lines.append(
        f"Zulu casualties: {pic['casualties']} Hit markers"
        + (f"; wiped out: {gone}" if gone else "")
    )
    lines.append(
        f"Hand {pic['hand_count']} · Draw Pile {pic['deck_count']} · "
        f"Discards {pic['discard_count']} · iMpi cup {pic['cup_count']}"
    )
    if pic["over"]:
        lines.append(f"GAME OVER: {pic['over']['vp']} VP, {pic['over']['level']}")
    for line in lines:
        for part in wrap(line, WIDTH - 30, 26):
            write(image, (14, y), part, 26, INK)
            y += 32
    return y


@lru_cache(maxsize=1024)
def wrap(text: str, width: int, size: int) -> tuple[str, ...]:
    """``text`` broken between words into lines no wider than ``width``."""
    words, lines, line = text.split(), [], ""
    for word in words:
        trial = f"{line} {word}".strip()
        if font(size).getlength(trial, "L") > width and line:
            lines.append(line)
            line = word
        else:
            line = trial
    return (*lines, line) if line else tuple(lines)
