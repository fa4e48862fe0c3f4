"""PNG encoding shared by every renderer, tuned for chat: quick to make, small to send.

Every picture is drawn on a palette ("P" image), one byte a pixel, which zlib compresses in a
fraction of the time full colour takes and to about half the bytes.
"""

from __future__ import annotations

import io

from PIL import Image

PALETTE_LEVEL = 1
"""zlib level. Measured on the largest picture of each kind (tests/bench/pictures.py
--encoders): level 3 takes 10-30% longer than 1 for files 10-17% smaller, level 6 two to three
times as long, level 9 ten to twenty times; at level 1 every picture is already well under
150 KB, and render CPU is what a busy bot runs short of, so the quickest wins."""


def encode_indexed(image: Image.Image) -> bytes:
    """A palette ("P") image as PNG."""
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=PALETTE_LEVEL)
    return buffer.getvalue()


COLOUR_LEVEL = 6
"""zlib level for full-colour pictures (extra systems may draw in RGB): they compress poorly,
so a middling level keeps their files moderate."""


def encode(image: Image.Image) -> bytes:
    """A full-colour picture as PNG; the built-in pictures are drawn on a palette instead."""
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=COLOUR_LEVEL)
    return buffer.getvalue()
