"""Text drawn once and pasted thereafter: maps repeat the same few labels many times,
and rasterising each with FreeType costs more than the rest of the picture."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from renderers.indexed import paste
from renderers.theme import font

Colour = tuple[int, int, int]


@cache
def stamp(text: str, size: int, fill: Colour) -> Image.Image:
    """The text as an RGBA image cropped to its ink, with its box offset from the origin."""
    face = font(size)
    left, top, right, bottom = face.getbbox(text)
    image = Image.new("RGBA", (max(1, right - left), max(1, bottom - top)), (*fill, 0))
    ImageDraw.Draw(image).text((-left, -top), text, fill=(*fill, 255), font=face)
    return image


def put(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: Colour,
    anchor: str = "la",
) -> None:
    """Paste ``text`` at ``xy``; anchor "la" (left, top), "mm" (centre) or "ra" (right, top),
    "lm" (left, middle). On a palette image the text keeps its soft edges."""
    sprite = stamp(text, size, fill)
    x, y = xy
    width, height = sprite.size
    if anchor[0] == "m":
        x -= width / 2
    elif anchor[0] == "r":
        x -= width
    if anchor[1] == "m":
        y -= height / 2
    paste(image, sprite, (round(x), round(y)))
