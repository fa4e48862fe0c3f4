"""The animation decodes to exactly the frames it was given (on one shared palette), though
each stored frame keeps only the pixels that changed."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

import renderers.recap
from renderers.png import encode
from renderers.recap import Chart, animate, chart, frame_count

RED = (200, 30, 30)
SAME_GREY_AS_RED = (0, 130, 40)
"""A colour of red's grey level: frames compared by brightness would miss the change."""


def picture(square: tuple[int, int, int] | None, at: int = 20) -> bytes:
    image = Image.new("RGB", (120, 80), (240, 230, 210))
    draw = ImageDraw.Draw(image)
    draw.rectangle((10, 10, 110, 70), outline=(40, 30, 20), width=2)
    if square:
        draw.rectangle((at, 30, at + 20, 50), fill=square)
    return encode(image)


def decoded(gif: bytes) -> list[Image.Image]:
    frames = []
    with Image.open(io.BytesIO(gif)) as image:
        for number in range(image.n_frames):
            image.seek(number)
            frames.append(image.convert("RGB"))
    return frames


def four_phases() -> bytes:
    sources = [picture(None), picture(RED), picture(SAME_GREY_AS_RED), picture(RED, at=60)]
    return animate(sources, [f"phase {n}" for n in range(4)])


def test_every_frame_decodes_to_its_own_picture() -> None:
    assert Image.new("RGB", (1, 1), RED).convert("L").getpixel((0, 0)) == Image.new(
        "RGB", (1, 1), SAME_GREY_AS_RED
    ).convert("L").getpixel((0, 0))
    gif = four_phases()
    assert frame_count(gif) == 4
    frames = decoded(gif)
    centre = (30, 26 + 40)  # inside the square, below the caption band
    assert frames[0].getpixel(centre) == frames[0].getpixel((5, 26 + 5)), "no square yet"
    assert frames[1].getpixel(centre) == RED
    assert frames[2].getpixel(centre) == SAME_GREY_AS_RED
    assert frames[3].getpixel(centre) != RED and frames[3].getpixel((70, 26 + 40)) == RED
    assert frames[3].getpixel((15, 26 + 15)) == frames[0].getpixel((15, 26 + 15))


def test_frames_compared_by_brightness_would_show_a_stale_colour(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Planted fault: unchanged pixels found by grey level, not palette index."""
    monkeypatch.setattr(renderers.recap, "_indices", lambda image: image.convert("L"))
    frames = decoded(four_phases())
    assert frames[2].getpixel((30, 26 + 40)) == RED, "the new colour was taken for the old"


def test_a_wide_picture_is_scaled_to_the_width_asked() -> None:
    wide = Image.new("RGB", (1600, 400), (240, 230, 210))
    gif = animate([encode(wide), encode(wide.rotate(180))], ["a", "b"], width=400)
    with Image.open(io.BytesIO(gif)) as image:
        assert image.size == (400, 100 + 26)


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
    frames = decoded(animate([encode(tall), encode(short)], ["tall", "short"]))
    assert frames[0].size == frames[1].size == (120, 120 + 26)
    assert frames[1].getpixel((60, 26 + 100)) != RED
