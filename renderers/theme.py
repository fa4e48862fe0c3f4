"""Colours and type shared by every picture, so all games look like one product."""

from __future__ import annotations

from functools import cache

from PIL import ImageFont

PAPER = (244, 236, 216)
INK = (40, 34, 28)
BRITISH = (178, 34, 34)
ZULU = (60, 60, 60)
HIGHLIGHT = (230, 170, 40)


@cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's bundled scalable font, so pictures look the same on every machine."""
    return ImageFont.load_default(size=size)
