"""PNG encoding shared by every renderer, tuned for chat: quick to make, small to send."""

from __future__ import annotations

import io

from PIL import Image

COMPRESS_LEVEL = 6
"""zlib level: 6 keeps map files small for phones without slowing renders much."""


def encode(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=COMPRESS_LEVEL)
    return buffer.getvalue()


PALETTE_LEVEL = 1
"""zlib level for palette pictures. On the zone maps (tests/bench/zones.py) level 3 took from
as long to a quarter longer than 1 for files a tenth smaller, and 6 twice as long; the files
are far under the size goal at any level, so the quickest wins."""


def encode_indexed(image: Image.Image) -> bytes:
    """A palette ("P") image as PNG: one byte a pixel, so quick to compress and small."""
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=PALETTE_LEVEL)
    return buffer.getvalue()
