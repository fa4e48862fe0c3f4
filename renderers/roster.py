"""The referee's unit roster as a picture: one card per unit, sized to read on a phone."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from games.referee.roster import UnitRow

from .png import encode
from .theme import BRITISH, HIGHLIGHT, INK, PAPER, font

WIDTH = 720
MARGIN = 20
CARD_HEIGHT = 124
GAP = 10
HEADER = 64
BADGE_COLOURS = {
    "routing": (178, 34, 34),
    "pinned": HIGHLIGHT,
    "pinned last turn": (214, 190, 120),
    "disordered": (120, 110, 100),
    "impetuous": (46, 125, 50),
}
OTHER_BADGE = (90, 100, 130)
CARD = (252, 248, 236)
RULE = (200, 188, 160)
MUTED = (110, 98, 84)


def _fit(draw: ImageDraw.ImageDraw, text: str, size: int, width: int) -> str:
    """Shorten text with an ellipsis until it fits the width."""
    face = font(size)
    if draw.textlength(text, font=face) <= width:
        return text
    while text and draw.textlength(text + "…", font=face) > width:
        text = text[:-1]
    return text + "…"


def render_roster(title: str, rows: Sequence[UnitRow]) -> bytes:
    """A PNG of the roster: name and strength, details, then state badges per unit."""
    height = HEADER + max(1, len(rows)) * (CARD_HEIGHT + GAP) + MARGIN
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    draw.text((MARGIN, 16), _fit(draw, title, 30, WIDTH - 2 * MARGIN), font=font(30), fill=INK)
    if not rows:
        draw.text((MARGIN, HEADER + 20), "No units yet.", font=font(26), fill=MUTED)
    inner = WIDTH - 2 * MARGIN - 24
    for index, row in enumerate(rows):
        top = HEADER + index * (CARD_HEIGHT + GAP)
        box = (MARGIN, top, WIDTH - MARGIN, top + CARD_HEIGHT)
        draw.rounded_rectangle(box, radius=10, fill=CARD, outline=RULE, width=2)
        left = MARGIN + 12
        colour = MUTED if row.out else INK
        strength_width = int(draw.textlength(row.strength, font=font(28)))
        name = _fit(draw, row.name, 28, inner - strength_width - 16)
        draw.text((left, top + 8), name, font=font(28), fill=colour)
        draw.text(
            (WIDTH - MARGIN - 12 - strength_width, top + 8),
            row.strength,
            font=font(28),
            fill=BRITISH if row.losses else colour,
        )
        draw.text((left, top + 44), _fit(draw, row.details, 20, inner), font=font(20), fill=MUTED)
        x = left
        badges = [*row.states] or ["steady"]
        for badge in badges:
            width = int(draw.textlength(badge, font=font(22))) + 16
            fill = BADGE_COLOURS.get(badge, OTHER_BADGE) if row.states else (160, 170, 150)
            draw.rounded_rectangle((x, top + 80, x + width, top + 112), radius=8, fill=fill)
            draw.text((x + 8, top + 83), badge, font=font(22), fill=(255, 255, 255))
            x += width + 8
        if row.losses:
            text = _fit(draw, row.losses, 22, max(40, WIDTH - MARGIN - 12 - x))
            loss_width = draw.textlength(text, font=font(22))
            draw.text(
                (WIDTH - MARGIN - 12 - loss_width, top + 83), text, font=font(22), fill=BRITISH
            )
    return encode(image)
