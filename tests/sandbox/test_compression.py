"""Gateway transport compression matches what discord.py decompresses."""

from __future__ import annotations

import pytest
from discord import utils

from bot.sandbox.gateway import ZlibStream, ZstdStream, compressor_for

MESSAGES = [b'{"op":10}', b'{"op":0,"d":"' + b"x" * 20_000 + b'"}', b'{"op":11}']


def test_zlib_stream_round_trips_through_discord_py() -> None:
    if utils._ActiveDecompressionContext.COMPRESSION_TYPE != "zlib-stream":
        pytest.skip("discord.py uses zstd here")
    stream, reader = ZlibStream(), utils._ActiveDecompressionContext()
    assert [reader.decompress(stream.compress(m)) for m in MESSAGES] == [
        m.decode() for m in MESSAGES
    ]


def _zstd_installed() -> bool:
    try:
        ZstdStream()
    except ImportError:
        return False
    return True


@pytest.mark.skipif(not _zstd_installed(), reason="no zstd module installed")
def test_zstd_stream_round_trips_through_discord_py() -> None:
    stream, reader = ZstdStream(), utils._ActiveDecompressionContext()
    assert [reader.decompress(stream.compress(m)) for m in MESSAGES] == [
        m.decode() for m in MESSAGES
    ]


def test_unknown_compression_is_refused() -> None:
    assert compressor_for(None) is None
    with pytest.raises(ValueError, match="unsupported gateway compression"):
        compressor_for("lz4")
