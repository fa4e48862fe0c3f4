"""The Rorke's Drift track map for a turn: four approach tracks converging on the compound.

Pure: takes a Zulus on the Ramparts! view (its ``picture`` dict) and returns PNG
bytes. Laid out landscape with large type so it reads on a phone.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from games.core.engine import View
from renderers.png import encode
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
    image = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    draw = ImageDraw.Draw(image)
    _header(draw, pic)
    _boxes(draw, pic)
    _ibuthos(draw, pic)
    bottom = _panel(draw, pic)
    return encode(image.crop((0, 0, WIDTH, min(HEIGHT, bottom + 12))))


def _header(draw: ImageDraw.ImageDraw, pic: dict[str, Any]) -> None:
    night = pic["night"]
    draw.rectangle((0, 0, WIDTH, 58), fill=NIGHT if night else (236, 200, 120))
    ink = (240, 240, 240) if night else INK
    time = "NIGHT" if night else ("DAWN" if pic["dawn"] else "DAY")
    draw.text((14, 12), f"Turn {pic['turn']} · {time}", fill=ink, font=font(30))
    draw.text((WIDTH - 14, 12), f"VP {pic['vp']}", fill=ink, font=font(30), anchor="ra")
    tags = []
    if pic["ammo_low"]:
        tags.append(("AMMO LOW", BRITISH))
    for chit in pic["drm_from"]:
        tags.append((chit.upper(), ZULU))
    if pic["no_volleys"]:
        tags.append(("NO VOLLEYS", ZULU))
    x = 300
    for text, colour in tags:
        w = int(draw.textlength(text, font=font(20))) + 16
        draw.rounded_rectangle((x, 14, x + w, 44), 6, fill=colour)
        draw.text((x + 8, 18), text, fill=(255, 255, 255), font=font(20))
        x += w + 8


def _boxes(draw: ImageDraw.ImageDraw, pic: dict[str, Any]) -> None:
    names = {t["id"]: t["name"] for t in pic["tracks"]}
    fires = {f.title() for f in pic["fires"]}
    for row, track in enumerate(ROWS):
        y = _row_y(row)
        words = names[track].split()
        draw.text((10, y + BOX // 2), "\n".join(words), fill=INK, font=font(24), anchor="lm")
        for pos in range(5):
            rect = box_rect(track, pos)
            building = BUILDING_ROW.get(track) if pos == 4 else None
            fill = FIRE if building in fires else GRASS
            draw.rounded_rectangle(rect, 8, fill=fill, outline=INK, width=2)
            number = f"1 {building}" if building else str(5 - pos)
            size = 15 if building else 18
            draw.text((rect[0] + 5, rect[1] + 2), number, fill=INK, font=font(size))
            if building in fires:
                draw.text((rect[0] + 5, rect[1] + 20), "ON FIRE", fill=INK, font=font(15))
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
            draw.text((rect[0] + 5, rect[1] + 3), label, fill=INK, font=font(16))
            if pos > 5 and pos <= victory:
                built = "Inner\nBarricade" if pos == 6 else "Final\nRedoubt"
                draw.text(
                    ((rect[0] + rect[2]) // 2, rect[1] + 40), built, fill=(120, 84, 40),
                    font=font(15), anchor="ma", align="center",
                )  # fmt: skip
            if is_victory:
                draw.text(
                    (rect[0] + BOX // 2, rect[3] - 6), "ZULU\nWIN", fill=BRITISH,
                    font=font(15), anchor="md", align="center",
                )  # fmt: skip
    bar = pic["barricade"]
    if bar["steps"] and victory < 7:
        rect = box_rect("left_horn", victory + 1)
        draw.rounded_rectangle(
            (rect[0] + 6, rect[1] + 26, rect[2] - 6, rect[1] + 54), 5, fill=(120, 84, 40)
        )
        draw.text(
            ((rect[0] + rect[2]) // 2, rect[1] + 40), f"{bar['steps']}/3",
            fill=(255, 255, 255), font=font(18), anchor="mm",
        )  # fmt: skip
    _defence_markers(draw, pic)


def _defence_markers(draw: ImageDraw.ImageDraw, pic: dict[str, Any]) -> None:
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
            draw.text(
                ((rect[0] + rect[2]) // 2, rect[1] + 32), name[:10], fill=INK, font=font(16),
                anchor="mm",
            )  # fmt: skip


def _ibuthos(draw: ImageDraw.ImageDraw, pic: dict[str, Any]) -> None:
    for ib in pic["ibuthos"]:
        if ib["status"] == "eliminated":
            continue
        rect = box_rect(ib["track"], ib["pos"])
        cx = (rect[0] + rect[2]) // 2
        cy = rect[3] - 26 if ib["pos"] < 5 else (rect[1] + rect[3]) // 2
        routed = ib["status"] == "routed"
        colour = GREY if routed else ZULU
        draw.ellipse((cx - 26, cy - 22, cx + 26, cy + 22), fill=colour, outline=INK, width=2)
        draw.text((cx, cy), str(ib["strength"]), fill=(255, 255, 255), font=font(28), anchor="mm")
        label = "ROUTED" if routed else ib["name"][:11]
        draw.text((cx, cy - 24), label, fill=INK, font=font(15), anchor="md")


def _panel(draw: ImageDraw.ImageDraw, pic: dict[str, Any]) -> int:
    """The tableau, commitments and counts under the tracks; returns where it ends."""
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
        for part in _wrap(draw, line, WIDTH - 30, 26):
            draw.text((14, y), part, fill=INK, font=font(26))
            y += 32
    return y


def _wrap(draw: ImageDraw.ImageDraw, text: str, width: int, size: int) -> list[str]:
    words, lines, line = text.split(), [], ""
    for word in words:
        trial = f"{line} {word}".strip()
        if draw.textlength(trial, font=font(size)) > width and line:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line] if line else lines
