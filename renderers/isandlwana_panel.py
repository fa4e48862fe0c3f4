"""The side panel of the whole Isandlwana hex map: turn track, phase track and roster (the key
runs under the map)."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from renderers.text_stamps import put
from renderers.theme import BRITISH, HIGHLIGHT, INK, PAPER, ZULU

PANEL_WIDTH = 250
PHASES = (
    ("zulu_move", "I Zulu movement"),
    ("reaction", "II British reaction"),
    ("zulu_attack", "III Zulu attack"),
    ("british_4", "IV British move/combat"),
    ("british_5", "V British combat/move"),
    ("sniping", "VI Zulu sniping"),
    ("leaders", "VII Leader fatalities"),
)


def draw_panel(image: Image.Image, picture: dict[str, Any], box: tuple[int, ...]) -> None:
    draw = ImageDraw.Draw(image)
    left, top, right, _ = box
    x = left + 10
    title, body, tiny = 17, 13, 12
    draw.rectangle(box, fill=PAPER)
    draw.line([(left, top), (left, box[3])], fill=INK, width=2)
    y = top + 8
    put(image, (x, y), "Turn", title, INK)
    for turn in range(1, 7):
        bx = x + 44 + (turn - 1) * 30
        current = turn == picture["turn"]
        draw.rectangle(
            (bx, y, bx + 26, y + 22),
            fill=HIGHLIGHT if current else PAPER,
            outline=INK,
            width=2 if current else 1,
        )
        put(image, (bx + 13, y + 11), str(turn), body, INK, "mm")
    y += 32
    for key, label in PHASES:
        current = picture["phase"] == key
        if current:
            draw.rectangle((x - 4, y - 1, right - 8, y + 16), fill=HIGHLIGHT)
        put(image, (x, y), label, body, INK)
        y += 18
    if picture["result"]:
        put(image, (x, y + 2), f"{picture['result']['winner'].upper()} WIN", title, BRITISH)
        y += 22
    y += 6
    put(image, (x, y), "British", title, BRITISH)
    y += 22
    # Two columns, so a full order of battle leaves room for the legend below it.
    units = sorted(picture["british"], key=lambda u: (u["leader"], u["name"]))
    rows = (len(units) + 1) // 2
    column = (right - 12 - x) // 2
    for index, unit in enumerate(units):
        cx, cy = x + column * (index // rows), y + 14 * (index % rows)
        text = unit["name"] if unit["leader"] else f"{unit['name']} {unit['strength']}"
        mark = " sq" if unit["square"] else ""
        put(image, (cx, cy), f"{text}{mark}", tiny, INK)
        put(image, (cx + column - 6, cy), unit["hex"], tiny, INK, "ra")
    y += 14 * rows
    wagon = picture["wagon"] or "captured"
    put(image, (x, y), f"Wagon {wagon} · Colours {picture['colours']}", tiny, INK)
    y += 16
    on_map = sum(picture["zulus"].values())
    back = picture["regrouping"]
    put(image, (x, y), f"Zulus on map {on_map}", tiny, ZULU)
    y += 14
    put(image, (x, y), f"Re-entering: east {back['east']}, west {back['west']}", tiny, ZULU)
