"""Drawing straight onto a palette image, so a picture need not be quantized as a whole.

Choosing a palette for each picture costs several times the drawing, and even mapping a whole
picture onto a fixed palette costs more than the drawing. Instead the unchanging canvas is
mapped once, each sprite is mapped once when first pasted, and only small changing strips are
mapped per picture. Sprites are pasted through a two-level mask (their half-opaque rim is cut),
which keeps palette indices exact.
"""

from __future__ import annotations

from PIL import Image

Colour = tuple[int, int, int]


class Indexed:
    """A fixed palette and the sprites already mapped onto it."""

    def __init__(self, source: Image.Image) -> None:
        self.palette = source.quantize(256, method=Image.Quantize.MEDIANCUT)
        flat = self.palette.getpalette() or []
        self._entries = [tuple(flat[i : i + 3]) for i in range(0, len(flat), 3)]
        self._sprites: dict[int, tuple[Image.Image, Image.Image, Image.Image]] = {}
        self._indices: dict[Colour, int] = {}

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
        """Paste an RGBA sprite, mapped on first use; sprites must be long-lived (cached)."""
        known = self._sprites.get(id(sprite))
        if known is None or known[0] is not sprite:
            mask = sprite.getchannel("A").point(lambda a: 255 if a >= 128 else 0, "1")
            known = (sprite, self.map(sprite), mask)
            self._sprites[id(sprite)] = known
        image.paste(known[1], xy, known[2])
