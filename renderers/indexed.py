"""Drawing straight onto a palette image, so a picture need not be quantized as a whole.

Choosing a palette for each picture costs several times the drawing, and even mapping a whole
picture onto a fixed palette costs more than the drawing. Instead the unchanging canvas is
mapped once, each sprite is mapped once when first pasted, and only small changing strips are
mapped per picture. Shapes drawn with ImageDraw in RGB colours land on the palette entry of
that colour (Pillow adds one if the palette has room), so only pasted images need mapping.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable

from PIL import Image

Colour = tuple[int, int, int]

SPRITES_KEPT = 4096
"""Mapped sprites kept per palette; the oldest go first, so free text cannot fill memory."""

RAMP = 8
"""Shades from a text colour to its ground in a ramp palette: eight steps of anti-aliasing
read the same as 256 at the sizes the pictures use."""


class Indexed:
    """A fixed palette and the sprites already mapped onto it."""

    def __init__(self, palette: Image.Image) -> None:
        self.palette = palette
        flat = palette.getpalette() or []
        self._entries = [tuple(flat[i : i + 3]) for i in range(0, len(flat), 3)]
        self._sprites: OrderedDict[object, tuple[Image.Image, Image.Image, Image.Image]] = (
            OrderedDict()
        )
        self._indices: dict[Colour, int] = {}

    @classmethod
    def from_source(cls, source: Image.Image) -> Indexed:
        """The 256 colours that best fit ``source``, a picture holding every colour to come."""
        return cls(source.quantize(256, method=Image.Quantize.MEDIANCUT))

    @classmethod
    def ramps(cls, flats: Iterable[Colour], pairs: Iterable[tuple[Colour, Colour]]) -> Indexed:
        """Every flat colour exactly, and for each (text, ground) pair the shades between
        them, so anti-aliased text keeps its edges; far fewer than 256, so shapes drawn in a
        colour not listed still get an entry of their own."""
        colours = list(dict.fromkeys(flats))
        for ink, ground in pairs:
            colours += [ink, ground]
            for step in range(1, RAMP):
                shade = (round(g + (i - g) * step / RAMP) for i, g in zip(ink, ground, strict=True))
                colours.append(tuple(shade))
        colours = list(dict.fromkeys(colours))
        if len(colours) > 200:
            raise ValueError(f"{len(colours)} colours leave too little room in a palette")
        palette = Image.new("P", (1, 1))
        palette.putpalette([v for colour in colours for v in colour])
        return cls(palette)

    def blank(self, size: tuple[int, int], colour: Colour) -> Image.Image:
        """A new palette image of one colour."""
        image = Image.new("P", size, self.index(colour))
        image.putpalette(self.palette.getpalette() or [])
        return image

    def map(self, image: Image.Image) -> Image.Image:
        """``image`` on this palette, each pixel taking the nearest colour, without dithering."""
        return image.convert("RGB").quantize(palette=self.palette, dither=Image.Dither.NONE)

    def index(self, colour: Colour) -> int:
        """The palette entry nearest ``colour``, for lines drawn onto the palette image."""
        if colour not in self._indices:
            self._indices[colour] = min(
                range(len(self._entries)),
                key=lambda i: sum(
                    (a - b) ** 2 for a, b in zip(self._entries[i], colour, strict=False)
                ),
            )
        return self._indices[colour]

    def paste(self, image: Image.Image, sprite: Image.Image, xy: tuple[int, int]) -> None:
        """Paste an RGBA sprite, mapped on first use; sprites must be long-lived (cached).
        The half-opaque rim is cut (a two-level mask), which keeps palette indices exact."""
        known = self._sprites.get(id(sprite))
        if known is None or known[0] is not sprite:
            mask = sprite.getchannel("A").point(lambda a: 255 if a >= 128 else 0, "1")
            known = (sprite, self.map(sprite), mask)
            self._keep(id(sprite), known)
        image.paste(known[1], xy, known[2])

    def put(self, image: Image.Image, sprite: Image.Image, xy: tuple[int, int]) -> None:
        """Paste an RGBA sprite (text, a counter) keeping its soft edges: it is laid on the
        colour most of the ground under it has, and mapped once per sprite and ground."""
        box = (xy[0], xy[1], xy[0] + sprite.width, xy[1] + sprite.height)
        under = image.crop(box).getcolors(sprite.width * sprite.height) or [(1, 0)]
        ground = max(under)[1]
        key = (id(sprite), ground)
        known = self._sprites.get(key)
        if known is None or known[0] is not sprite:
            entry = self._entries[ground] if ground < len(self._entries) else (0, 0, 0)
            laid = Image.new("RGB", sprite.size, entry)
            laid.paste(sprite, (0, 0), sprite)
            mask = sprite.getchannel("A").point(lambda a: 255 if a else 0, "1")
            known = (sprite, self.map(laid), mask)
            self._keep(key, known)
        image.paste(known[1], xy, known[2])

    def _keep(self, key: object, known: tuple[Image.Image, Image.Image, Image.Image]) -> None:
        self._sprites[key] = known
        if len(self._sprites) > SPRITES_KEPT:
            self._sprites.popitem(last=False)


_BY_PALETTE: OrderedDict[bytes, Indexed] = OrderedDict()
KNOWN_PALETTES = 16


def of(image: Image.Image) -> Indexed:
    """The :class:`Indexed` for a palette image's own palette (the last few are kept)."""
    held = image.palette
    key = bytes(held.palette) if held is not None else bytes(image.getpalette() or [])
    found = _BY_PALETTE.get(key)
    if found is None:
        holder = Image.new("P", (1, 1))
        holder.putpalette(key)
        found = _BY_PALETTE[key] = Indexed(holder)
        if len(_BY_PALETTE) > KNOWN_PALETTES:
            _BY_PALETTE.popitem(last=False)
    else:
        _BY_PALETTE.move_to_end(key)
    return found


def paste(image: Image.Image, sprite: Image.Image, xy: tuple[int, int], soft: bool = True) -> None:
    """Paste an RGBA sprite onto an RGB or a palette image alike; ``soft=False`` for a sprite
    whose pixels are all opaque or clear (quicker: its ground need not be looked at)."""
    if image.mode == "P" and soft:
        of(image).put(image, sprite, xy)
    elif image.mode == "P":
        of(image).paste(image, sprite, xy)
    else:
        image.paste(sprite, xy, sprite)
