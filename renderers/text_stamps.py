"""Text drawn once and pasted thereafter: maps repeat the same few labels many times,
and rasterising each with FreeType costs more than the rest of the picture."""

from __future__ import annotations

from functools import cache, lru_cache

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


TEXTS_KEPT = 2048
"""Text drawn by :func:`write` kept for reuse: names, card texts and labels come back every
turn, while a bound keeps free text (unit names) from growing the cache without end."""


@lru_cache(maxsize=TEXTS_KEPT)
def lettering(
    text: str, size: int, fill: Colour, anchor: str, align: str
) -> tuple[Image.Image, tuple[int, int]]:
    """``text`` (one line or several) as an RGBA image, and where its corner lies from the
    point ImageDraw.text would be given."""
    face = font(size)
    box = _probe().textbbox((0, 0), text, font=face, anchor=anchor, align=align)
    left, top, right, bottom = (round(v) for v in box)
    image = Image.new("RGBA", (max(1, right - left), max(1, bottom - top)), (*fill, 0))
    pen = ImageDraw.Draw(image)
    pen.text((-left, -top), text, fill=(*fill, 255), font=face, anchor=anchor, align=align)
    return image, (left, top)


@cache
def _probe() -> ImageDraw.ImageDraw:
    """A pen on a scrap image, to measure text as ImageDraw.text would place it."""
    return ImageDraw.Draw(Image.new("RGBA", (1, 1)))


def write(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: Colour,
    anchor: str = "la",
    align: str = "left",
) -> None:
    """Text placed as ImageDraw.text places it (any anchor, several lines), drawn once and
    pasted thereafter, onto an RGB or a palette image alike."""
    sprite, (left, top) = lettering(text, size, fill, anchor, align)
    paste(image, sprite, (round(xy[0]) + left, round(xy[1]) + top))
