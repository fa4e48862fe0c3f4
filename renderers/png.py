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
