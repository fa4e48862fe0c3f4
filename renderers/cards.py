"""The player's hand as a picture of cards: title bar in the card's colour, dice by range, text.

Pure: takes a Zulus on the Ramparts! view seen by the British player (its
``picture`` carries ``hand``) and returns PNG bytes. Two cards a row, large type,
so it reads on a phone. Each card is drawn once onto a fixed palette and kept, so a hand is
a few pastes and the encoding.
"""

from __future__ import annotations

import json
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw

from games.core.engine import View
from renderers.indexed import Indexed
from renderers.png import encode_indexed
from renderers.text_stamps import write
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
WHITE = (255, 255, 255)
MEDAL = (250, 214, 90)
CARDS_KEPT = 64
"""Card faces kept drawn: the whole deck and the optional cards."""


@cache
def colours() -> Indexed:
    """The hand's palette: its flat colours, and the shades of each text on its ground."""
    titles = list(TITLE_COLOURS.values())
    pairs = [(INK, FACE), (INK, TITLE_COLOURS["white"])]
    pairs += [(WHITE, title) for title in titles] + [(MEDAL, title) for title in titles]
    return Indexed.ramps([PAPER, FACE, INK, WHITE, MEDAL, *titles], pairs)


def render_hand(view: View) -> bytes | None:
    cards: list[dict[str, Any]] = view.picture.get("hand") or []
    if not cards:
        return None
    rows = (len(cards) + COLUMNS - 1) // COLUMNS
    width = COLUMNS * CARD_W + (COLUMNS + 1) * GAP
    height = rows * CARD_H + (rows + 1) * GAP
    image = colours().blank((width, height), PAPER)
    for i, card in enumerate(cards):
        x = GAP + (i % COLUMNS) * (CARD_W + GAP)
        y = GAP + (i // COLUMNS) * (CARD_H + GAP)
        image.paste(card_face(json.dumps(card, sort_keys=True)), (x, y))
    return encode_indexed(image)


@lru_cache(maxsize=CARDS_KEPT)
def card_face(card: str) -> Image.Image:
    """One card (given as JSON, so it can be a cache key), on the hand's palette."""
    image = colours().blank((CARD_W + 1, CARD_H + 1), PAPER)
    _card(image, 0, 0, json.loads(card))
    return image


def _card(image: Image.Image, x: int, y: int, card: dict[str, Any]) -> None:
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), 14, fill=FACE, outline=INK, width=3)
    colour = TITLE_COLOURS.get(card["title"], (110, 110, 110))
    draw.rounded_rectangle((x + 6, y + 6, x + CARD_W - 6, y + 52), 10, fill=colour)
    ink = INK if card["title"] == "white" else (255, 255, 255)
    write(image, (x + 16, y + 29), f"#{card['number']}", 22, ink, "lm")
    name = card["name"]
    size = 26 if len(name) <= 22 else 20
    write(image, (x + 70, y + 29), name[:34], size, ink, "lm")
    medal = MEDALS.get(card.get("medal") or "")
    if medal:
        write(image, (x + CARD_W - 16, y + 29), medal, 22, MEDAL, "rm")
    top = y + 62
    dice = card.get("dice") or {}
    if dice:
        cx = x + 14
        for key, word in RANGES:
            n = dice.get(key, 0)
            if key == "far" and not n:
                continue
            write(image, (cx, top), word, 18, INK)
            _dice(image, cx, top + 24, n)
            cx += 104
        top += 64
    for line in card["lines"]:
        for part in _wrap(line, CARD_W - 28, 19):
            if top > y + CARD_H - 26:
                return
            write(image, (x + 14, top), part, 19, INK)
            top += 24
        top += 6


def _dice(image: Image.Image, x: int, y: int, n: int) -> None:
    """The number of dice in large type, then that many small dice."""
    draw = ImageDraw.Draw(image)
    write(image, (x, y - 4), str(n) if n else "-", 26, INK)
    for i in range(min(n, 4)):
        left = x + 22 + i * 17
        draw.rounded_rectangle((left, y + 4, left + 14, y + 18), 3, fill=WHITE, outline=INK)
        draw.ellipse((left + 5, y + 9, left + 9, y + 13), fill=INK)


def _wrap(text: str, width: int, size: int) -> list[str]:
    words, lines, line = text.split(), [], ""
    for word in words:
        trial = f"{line} {word}".strip()
        if font(size).getlength(trial, "L") > width and line:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line] if line else lines
