"""The player's hand as a picture of cards: title bar in the card's colour, dice by range, text.

Pure: takes a Zulus on the Ramparts! view seen by the British player (its
``picture`` carries ``hand``) and returns PNG bytes. Two cards a row, large type,
so it reads on a phone.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from games.core.engine import View
from renderers.png import encode
from renderers.theme import INK, PAPER, font

CARD_W, CARD_H, GAP, COLUMNS = 440, 300, 16, 2
TITLE_COLOURS = {
    "red": (170, 36, 36),
    "blue": (40, 76, 150),
    "brown": (120, 80, 40),
    "white": (236, 236, 230),
    "purple": (110, 60, 140),
    "gray": (110, 110, 110),
    "green": (50, 120, 60),
    "leather": (150, 100, 60),
}
FACE = (250, 246, 234)
RANGES = (("close", "Close"), ("medium", "Medium"), ("long", "Long"), ("far", "4 box"))
MEDALS = {"vc": "VC", "dcm": "DCM"}


def render_hand(view: View) -> bytes | None:
    cards: list[dict[str, Any]] = view.picture.get("hand") or []
    if not cards:
        return None
    rows = (len(cards) + COLUMNS - 1) // COLUMNS
    width = COLUMNS * CARD_W + (COLUMNS + 1) * GAP
    height = rows * CARD_H + (rows + 1) * GAP
    image = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(image)
    for i, card in enumerate(cards):
        x = GAP + (i % COLUMNS) * (CARD_W + GAP)
        y = GAP + (i // COLUMNS) * (CARD_H + GAP)
        _card(draw, x, y, card)
    return encode(image)


def _card(draw: ImageDraw.ImageDraw, x: int, y: int, card: dict[str, Any]) -> None:
    draw.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), 14, fill=FACE, outline=INK, width=3)
    colour = TITLE_COLOURS.get(card["title"], (110, 110, 110))
    draw.rounded_rectangle((x + 6, y + 6, x + CARD_W - 6, y + 52), 10, fill=colour)
    ink = INK if card["title"] == "white" else (255, 255, 255)
    draw.text((x + 16, y + 29), f"#{card['number']}", fill=ink, font=font(22), anchor="lm")
    name = card["name"]
    size = 26 if len(name) <= 22 else 20
    draw.text((x + 70, y + 29), name[:34], fill=ink, font=font(size), anchor="lm")
    medal = MEDALS.get(card.get("medal") or "")
    if medal:
        draw.text((x + CARD_W - 16, y + 29), medal, fill=(250, 214, 90), font=font(22),
                  anchor="rm")  # fmt: skip
    top = y + 62
    dice = card.get("dice") or {}
    if dice:
        cx = x + 14
        for key, word in RANGES:
            n = dice.get(key, 0)
            if key == "far" and not n:
                continue
            draw.text((cx, top), word, fill=INK, font=font(18))
            _dice(draw, cx, top + 24, n)
            cx += 104
        top += 64
    for line in card["lines"]:
        for part in _wrap(draw, line, CARD_W - 28, 19):
            if top > y + CARD_H - 26:
                return
            draw.text((x + 14, top), part, fill=INK, font=font(19))
            top += 24
        top += 6


def _dice(draw: ImageDraw.ImageDraw, x: int, y: int, n: int) -> None:
    """The number of dice in large type, then that many small dice."""
    draw.text((x, y - 4), str(n) if n else "-", fill=INK, font=font(26))
    for i in range(min(n, 4)):
        left = x + 22 + i * 17
        draw.rounded_rectangle(
            (left, y + 4, left + 14, y + 18), 3, fill=(255, 255, 255), outline=INK
        )
        draw.ellipse((left + 5, y + 9, left + 9, y + 13), fill=INK)


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
