"""The animation decodes to exactly the frames it was given (on one shared palette), though
each stored frame keeps only the pixels that changed; each frame under a banner that reads on
a phone, and the key once, first."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

import renderers.recap
from renderers.recap import (
    Banner,
    Chart,
    Reel,
    animate,
    banner_height,
    banner_type,
    chart,
    film,
    frame_count,
)

RED = (200, 30, 30)
SAME_GREY_AS_RED = (0, 130, 40)
"""A colour of red's grey level: frames compared by brightness would miss the change."""


BAND = banner_height(banner_type(120))
"""The banner over a frame 120 px wide."""


def picture(square: tuple[int, int, int] | None, at: int = 20) -> Image.Image:
    image = Image.new("RGB", (120, 80), (240, 230, 210))
    draw = ImageDraw.Draw(image)
    draw.rectangle((10, 10, 110, 70), outline=(40, 30, 20), width=2)
    if square:
        draw.rectangle((at, 30, at + 20, 50), fill=square)
    return image


def heads(count: int) -> list[Banner]:
    return [Banner(f"phase {n}", f"{n + 1}/{count}") for n in range(count)]


def decoded(gif: bytes) -> list[Image.Image]:
    frames = []
    with Image.open(io.BytesIO(gif)) as image:
        for number in range(image.n_frames):
            image.seek(number)
            frames.append(image.convert("RGB"))
    return frames


def four_phases() -> bytes:
    sources = [picture(None), picture(RED), picture(SAME_GREY_AS_RED), picture(RED, at=60)]
    return animate(film(Reel(sources), "a game"), heads(4))


def test_every_frame_decodes_to_its_own_picture() -> None:
    assert Image.new("RGB", (1, 1), RED).convert("L").getpixel((0, 0)) == Image.new(
        "RGB", (1, 1), SAME_GREY_AS_RED
    ).convert("L").getpixel((0, 0))
    gif = four_phases()
    assert frame_count(gif) == 4
    frames = decoded(gif)
    centre = (30, BAND + 40)  # inside the square, below the caption band
    assert frames[0].getpixel(centre) == frames[0].getpixel((5, BAND + 5)), "no square yet"
    assert frames[1].getpixel(centre) == RED
    assert frames[2].getpixel(centre) == SAME_GREY_AS_RED
    assert frames[3].getpixel(centre) != RED and frames[3].getpixel((70, BAND + 40)) == RED
    assert frames[3].getpixel((15, BAND + 15)) == frames[0].getpixel((15, BAND + 15))


def test_frames_compared_by_brightness_would_show_a_stale_colour(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Planted fault: unchanged pixels found by grey level, not palette index."""
    monkeypatch.setattr(renderers.recap, "_indices", lambda image: image.convert("L"))
    frames = decoded(four_phases())
    assert frames[2].getpixel((30, BAND + 40)) == RED, "the new colour was taken for the old"


def test_a_wide_picture_is_scaled_to_the_width_asked() -> None:
    wide = Image.new("RGB", (1600, 400), (240, 230, 210))
    gif = animate(film(Reel([wide, wide.rotate(180)]), "a game", width=400), heads(2))
    with Image.open(io.BytesIO(gif)) as image:
        assert image.size == (400, 100 + banner_height(banner_type(400)))


def test_the_chart_draws_both_panels_or_says_there_is_nothing() -> None:
    data = Chart("t", {0: "T1", 2: "T2"}, {"British": [5, 3, 1]}, {"VP": [0, 2, 4]})
    with Image.open(io.BytesIO(chart(data))) as image:
        tall = image.height
    with Image.open(io.BytesIO(chart(Chart("t", {}, {}, {})))) as image:
        assert image.height < tall


def test_pictures_of_different_heights_leave_no_remains() -> None:
    """A shorter picture after a taller one is shown on a canvas of the tallest's size,
    plain below it, not over the taller picture's bottom."""
    tall = Image.new("RGB", (120, 120), RED)
    short = Image.new("RGB", (120, 60), (240, 230, 210))
    frames = decoded(animate(film(Reel([tall, short]), "a game"), heads(2)))
    assert frames[0].size == frames[1].size == (120, 120 + BAND)
    assert frames[1].getpixel((60, BAND + 100)) != RED


def test_the_key_is_shown_once_first() -> None:
    """Issue 26: the zone game's recap repeated its whole key in every frame. A reel's key
    is a card of its own before the first phase, and no phase's frame carries it."""
    key = Image.new("RGB", (120, 40), (20, 120, 200))
    sources = [picture(None), picture(RED)]
    gif = animate(film(Reel(sources, key), "a game"), heads(2))
    assert frame_count(gif) == 3
    frames = decoded(gif)
    blue = (20, 120, 200)
    assert frames[0].getpixel((60, BAND + 20)) == blue
    for frame in frames[1:]:
        assert blue not in {colour for _, colour in frame.getcolors(1 << 16)}
    assert frames[2].getpixel((30, BAND + 40)) == RED


def test_the_banner_reads_on_a_phone() -> None:
    """The turn and phase are written 14 px or more when a frame is shown 400 px wide."""
    for width in (400, 640, 800):
        assert banner_type(width) * 400 / width >= 14
