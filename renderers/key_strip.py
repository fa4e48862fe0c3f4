"""A map's key laid out under it in rows: each entry a small symbol, drawn by the map itself
so it matches what is on the picture, and a few words. Rows wrap at the picture's width, and
the type grows with the picture, so the key reads at the size a phone shows the map."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from renderers.text_stamps import put
from renderers.theme import INK, PAPER, font

Symbol = Callable[[Image.Image, tuple[float, float], int], None]
"""Draws one symbol centred on a point, about as tall as the given cell."""

GAP = 5
SMALLEST = 10


@dataclass(frozen=True)
class Entry:
    """A symbol and its words; ``tag`` names what the symbol draws, so a key whose entries
    all have tags is drawn once and reused."""

    symbol: Symbol
    words: str
    tag: str = ""


@dataclass(frozen=True)
class Placed:
    """Where an entry sits in the key: its box, relative to the key's top left."""

    entry: Entry
    box: tuple[int, int, int, int]


@dataclass(frozen=True)
class KeyLayout:
    size: int
    cell: int
    placed: list[Placed]
    height: int


def text_size(width: int) -> int:
    """The key's type for a picture this wide: 16 px on a posted map, more on a wide one, so
    it stays near 14 px when the picture is shown 400 px wide."""
    return max(16, round(width / 28))


def laid_out(entries: Sequence[Entry], width: int, size: int | None = None) -> KeyLayout:
    """The entries in rows no wider than ``width``, in type of ``size`` (by default as the
    width asks); the type shrinks (to 10 px at least) until the widest entry fits a row of
    its own."""
    size = size or text_size(width)
    while size > SMALLEST and max(_width(e, size) for e in entries) + 2 * GAP > width:
        size -= 1
    cell = round(1.75 * size)
    placed, x, y = [], GAP, GAP
    for entry in entries:
        wide = _width(entry, size)
        if x > GAP and x + wide + GAP > width:
            x, y = GAP, y + cell + GAP
        placed.append(Placed(entry, (x, y, x + wide, y + cell)))
        x += wide + 2 * GAP
    return KeyLayout(size, cell, placed, y + cell + GAP)


def keyed(
    image: Image.Image,
    entries: Sequence[Entry],
    blank: Callable[..., Image.Image],
    size: int | None = None,
) -> Image.Image:
    """``image`` with its key below it; ``blank(size, colour)`` makes a canvas on the
    picture's own palette. With nothing to explain, the picture as it was."""
    if not entries:
        return image
    key = laid_out(entries, image.width, size)
    strip = _strip(key, image.width, blank)
    out = blank((image.width, image.height + key.height), PAPER)
    out.paste(image, (0, 0))
    out.paste(strip, (0, image.height))
    return out


STRIPS_KEPT = 256
"""Keys kept drawn: a game shows a few dozen different ones, the same from phase to phase."""
_STRIPS: OrderedDict[tuple[object, ...], Image.Image] = OrderedDict()


def strip(
    entries: Sequence[Entry], width: int, blank: Callable[..., Image.Image], size: int | None = None
) -> Image.Image | None:
    """The key alone, ``width`` wide (None with nothing to explain): a recap shows it once."""
    return _strip(laid_out(entries, width, size), width, blank) if entries else None


def _strip(key: KeyLayout, width: int, blank: Callable[..., Image.Image]) -> Image.Image:
    """The key drawn on a strip of its own, kept when every entry is tagged."""
    tagged = all(p.entry.tag for p in key.placed)
    names = tuple((p.entry.tag, p.entry.words, p.box) for p in key.placed)
    ident = (names, width, key.size, id(getattr(blank, "__self__", blank)))
    found = _STRIPS.get(ident) if tagged else None
    if found is not None:
        return found
    strip = blank((width, key.height), PAPER)
    ImageDraw.Draw(strip).line([(0, 0), (width, 0)], fill=INK, width=2)
    draw_laid_out(strip, key, 0)
    if tagged:
        _STRIPS[ident] = strip
        if len(_STRIPS) > STRIPS_KEPT:
            _STRIPS.popitem(last=False)
    return strip


def draw_laid_out(image: Image.Image, key: KeyLayout, top: int) -> None:
    """Draw the laid-out key onto ``image`` with its top at ``top``."""
    for spot in key.placed:
        left, upper, _, lower = spot.box
        middle = top + (upper + lower) / 2
        spot.entry.symbol(image, (left + key.cell / 2, middle), key.cell)
        put(image, (left + key.cell + 4, middle), spot.entry.words, key.size, INK, "lm")


def _width(entry: Entry, size: int) -> int:
    return round(1.75 * size) + 4 + _length(entry.words, size)


@lru_cache(maxsize=4096)
def _length(words: str, size: int) -> int:
    """How wide the words are: measured once, as keys repeat from picture to picture."""
    return round(font(size).getlength(words))
