"""The referee's unit roster as a picture: one card per unit, sized to read on a phone.

Each unit's card is drawn onto a fixed palette and kept while the unit is unchanged, so a
roster whose units mostly stand still from turn to turn is a few pastes and the encoding.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from games.referee.roster import UnitRow

from .indexed import Indexed
from .png import encode_indexed
from .text_stamps import write
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
STEADY = (160, 170, 150)
WHITE = (255, 255, 255)
PAGE_UNITS = 12
"""Units one picture holds: a full roster comes as a few pictures a phone loads quickly, each
well under 150 KB, rather than one strip 5,000 pixels tall."""
CARDS_KEPT = 512
"""Unit cards kept drawn, across every roster the process shows."""


@cache
def colours() -> Indexed:
    """The roster's palette: its flat colours, and the shades of each text on its ground."""
    badges = [*BADGE_COLOURS.values(), OTHER_BADGE, STEADY]
    pairs = [(INK, PAPER), (MUTED, PAPER), (INK, CARD), (MUTED, CARD), (BRITISH, CARD)]
    pairs += [(WHITE, badge) for badge in badges]
    return Indexed.ramps([PAPER, CARD, RULE, MUTED, INK, BRITISH, WHITE, *badges], pairs)


def _width(text: str, size: int) -> float:
    return font(size).getlength(text, "L")


def _fit(text: str, size: int, width: int) -> str:
    """Shorten text with an ellipsis until it fits the width (the longest start that does,
    found by halving, since measuring text is slow)."""
    if _width(text, size) <= width:
        return text
    fits, over = 0, len(text)
    while over - fits > 1:
        middle = (fits + over) // 2
        if _width(text[:middle] + "…", size) <= width:
            fits = middle
        else:
            over = middle
    return text[:fits] + "…"


def roster_pages(title: str, rows: Sequence[UnitRow]) -> list[bytes]:
    """The roster as one picture, or as pages of :data:`PAGE_UNITS` units each, numbered."""
    if len(rows) <= PAGE_UNITS:
        return [render_roster(title, rows)]
    pages = [rows[start : start + PAGE_UNITS] for start in range(0, len(rows), PAGE_UNITS)]
    return [
        render_roster(f"{title} · {n} of {len(pages)}", page) for n, page in enumerate(pages, 1)
    ]


def render_roster(title: str, rows: Sequence[UnitRow]) -> bytes:
    """A PNG of the roster: name and strength, details, then state badges per unit."""
    height = HEADER + max(1, len(rows)) * (CARD_HEIGHT + GAP) + MARGIN
    image = colours().blank((WIDTH, height), PAPER)
    write(image, (MARGIN, 16), _fit(title, 30, WIDTH - 2 * MARGIN), 30, INK)
    if not rows:
        write(image, (MARGIN, HEADER + 20), "No units yet.", 26, MUTED)
    for index, row in enumerate(rows):
        image.paste(unit_card(row), (0, HEADER + index * (CARD_HEIGHT + GAP)))
    return encode_indexed(image)


@lru_cache(maxsize=CARDS_KEPT)
def unit_card(row: UnitRow) -> Image.Image:
    """One unit's card, the width of the picture, on the roster's palette."""
    image = colours().blank((WIDTH, CARD_HEIGHT + 1), PAPER)
    draw = ImageDraw.Draw(image)
    top = 0
    inner = WIDTH - 2 * MARGIN - 24
    box = (MARGIN, top, WIDTH - MARGIN, top + CARD_HEIGHT)
    draw.rounded_rectangle(box, radius=10, fill=CARD, outline=RULE, width=2)
    left = MARGIN + 12
    colour = MUTED if row.out else INK
    strength_width = int(_width(row.strength, 28))
    name = _fit(row.name, 28, inner - strength_width - 16)
    write(image, (left, top + 8), name, 28, colour)
    strength_at = (WIDTH - MARGIN - 12 - strength_width, top + 8)
    write(image, strength_at, row.strength, 28, BRITISH if row.losses else colour)
    write(image, (left, top + 44), _fit(row.details, 20, inner), 20, MUTED)
    x = left
    badges = [*row.states] or ["steady"]
    for badge in badges:
        width = int(_width(badge, 22)) + 16
        fill = BADGE_COLOURS.get(badge, OTHER_BADGE) if row.states else STEADY
        draw.rounded_rectangle((x, top + 80, x + width, top + 112), radius=8, fill=fill)
        write(image, (x + 8, top + 83), badge, 22, WHITE)
        x += width + 8
    if row.losses:
        text = _fit(row.losses, 22, max(40, WIDTH - MARGIN - 12 - x))
        loss_width = _width(text, 22)
        write(image, (WIDTH - MARGIN - 12 - loss_width, top + 83), text, 22, BRITISH)
    return image
