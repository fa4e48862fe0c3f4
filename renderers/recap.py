"""The pictures of a game's recap: an animated map, one frame per phase, and a small chart of
the sides' strength and the victory measure across the game.

Pure: rendered map pictures (PNG bytes, each drawn from a public view) and plain numbers in,
GIF and PNG bytes out. The frames share one palette, chosen from a sample of them, and every
pixel a frame leaves unchanged is made transparent, so each frame stores only the area that
changed and compresses as runs of one index. (Pillow's own ``optimize`` does the same but
walks every pixel in Python: several seconds for a long game.)
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise

from PIL import Image, ImageChops, ImageDraw

from renderers.png import encode
from renderers.theme import INK, PAPER, font

FRAME_WIDTH = 800
"""Widest frame: a phone shows it 400 px wide, where the banner's type still reads 14 px."""
FRAME_MS = 800
KEY_MS = 3000
"""The key's card, first in the animation, stays up long enough to read."""
LAST_FRAME_MS = 4000
"""The final position stays up longer before the animation starts again."""
PALETTE_SAMPLES = 8
"""How many frames, spread over the game, the shared palette is chosen from."""
UNCHANGED = 255
"""The palette index kept for "as in the frame before": the palette has 255 colours."""
MUTED = (190, 180, 160)

SERIES_COLOURS = ((178, 34, 34), (60, 60, 60), (40, 90, 160), (200, 130, 20), (60, 130, 60))
CHART_W, PANEL_H = 640, 170
MARGIN_L, MARGIN_R, TITLE_H, AXIS_H = 44, 16, 22, 18


@dataclass(frozen=True)
class Reel:
    """A game's frames for its recap: each the picture of one phase's end (all the same size
    when drawn for a recap: the map alone, cut to where the game was played), and the key to
    them, shown once rather than on every frame."""

    frames: Sequence[Image.Image]
    key: Image.Image | None = None


@dataclass(frozen=True)
class Banner:
    """A frame's heading: the turn and phase, and which frame of how many."""

    text: str
    count: str


@dataclass(frozen=True)
class Film:
    """A reel made ready once for both the animation and the replay page: its pictures
    scaled to one width, the palette they all share (chosen with the banners and the key's
    card in view) and each picture on it."""

    reel: Reel
    title: str
    size: tuple[int, int]
    type_size: int
    palette: Image.Image
    frames: list[Image.Image]


def film(reel: Reel, title: str, width: int = FRAME_WIDTH) -> Film:
    """``reel``'s pictures scaled to at most ``width`` and put on one palette."""
    if not reel.frames:
        raise ValueError("an animation needs at least one frame")
    pictures = [_scaled(frame, width) for frame in reel.frames]
    size = (max(p.width for p in pictures), max(p.height for p in pictures))
    type_size = banner_type(size[0])
    extras = [_band(Banner(title, f"{len(pictures)}/{len(pictures)}"), size[0], type_size)]
    if reel.key is not None:
        extras.append(_key_card(reel.key, title, size, type_size))
    palette = shared_palette(pictures, extras)
    frames = [p.quantize(palette=palette, dither=Image.Dither.NONE) for p in pictures]
    return Film(reel, title, size, type_size, palette, frames)


def animate(made: Film, banners: Sequence[Banner]) -> bytes:
    """A looping GIF: the key's card under the film's title when the reel has a key, then
    each frame under its banner."""
    if len(made.frames) != len(banners):
        raise ValueError("one banner per frame")
    framed = [
        _on_palette(made, frame, banner) for frame, banner in zip(made.frames, banners, strict=True)
    ]
    durations = [FRAME_MS] * (len(framed) - 1) + [LAST_FRAME_MS]
    if made.reel.key is not None:
        card = _key_card(made.reel.key, made.title, made.size, made.type_size)
        framed.insert(0, _quantized(card, made.palette))
        durations.insert(0, KEY_MS)
    changes = [framed[0]] + [unchanged_out(before, after) for before, after in pairwise(framed)]
    buffer = io.BytesIO()
    changes[0].save(
        buffer,
        "GIF",
        save_all=True,
        append_images=changes[1:],
        duration=durations,
        loop=0,
        disposal=1,
        transparency=UNCHANGED,
        optimize=False,
    )
    return buffer.getvalue()


def _quantized(image: Image.Image, palette: Image.Image) -> Image.Image:
    return image.quantize(palette=palette, dither=Image.Dither.NONE)


def _on_palette(made: Film, frame: Image.Image, banner: Banner) -> Image.Image:
    """A frame under its banner, on the film's palette: only the band is mapped, the frame
    is already on it; on a canvas of the film's size, plain below a shorter picture."""
    heading = _band(banner, made.size[0], made.type_size)
    canvas = Image.new("RGB", (made.size[0], made.size[1] + heading.height), PAPER)
    canvas = _quantized(canvas, made.palette)
    canvas.paste(_quantized(heading, made.palette), (0, 0))
    canvas.paste(frame, (0, heading.height))
    return canvas


def _band(banner: Banner, width: int, type_size: int) -> Image.Image:
    """A frame's banner alone."""
    band = Image.new("RGB", (width, banner_height(type_size)), PAPER)
    _heading(band, banner.text, banner.count, type_size)
    return band


def banner_type(width: int) -> int:
    """The banner's type for a frame this wide: 14 px or more when shown 400 px wide."""
    return max(16, round(width / 28))


def banner_height(type_size: int) -> int:
    return round(type_size * 1.7)


def unchanged_out(before: Image.Image, after: Image.Image) -> Image.Image:
    """``after`` with every pixel equal to ``before``'s (by palette index) made transparent."""
    differ = ImageChops.difference(_indices(before), _indices(after))
    same = differ.point(lambda value: 255 if value == 0 else 0)
    frame = after.copy()
    frame.paste(UNCHANGED, mask=same)
    return frame


def _indices(image: Image.Image) -> Image.Image:
    """A palette image's indices as grey levels, so two colours never compare equal."""
    return Image.frombytes("L", image.size, image.tobytes())


def frame_count(gif: bytes) -> int:
    """How many frames an animation holds. Pillow merges a frame into its predecessor when
    the two are identical; each frame's banner numbers its phase, so none is merged."""
    with Image.open(io.BytesIO(gif)) as image:
        return getattr(image, "n_frames", 1)


def opened(png: bytes) -> Image.Image:
    """A PNG picture as an image, for a reel of pictures drawn as the channel saw them."""
    with Image.open(io.BytesIO(png)) as image:
        return image.convert("RGB")


def _scaled(frame: Image.Image, width: int) -> Image.Image:
    image = frame.convert("RGB")
    if image.width > width:
        height = round(image.height * width / image.width)
        image = image.resize((width, height), Image.Resampling.LANCZOS, reducing_gap=2.0)
    return image


def _heading(canvas: Image.Image, left: str, right: str, type_size: int) -> int:
    """A dark band across the top with ``left`` in large type and ``right`` smaller at its
    end, the left shrunk until both fit; the band's height."""
    band = banner_height(type_size)
    canvas.paste(INK, (0, 0, canvas.width, band))
    pen = ImageDraw.Draw(canvas)
    small = font(round(type_size * 0.75))
    room = canvas.width - 3 * type_size // 2 - (pen.textlength(right, font=small) if right else 0)
    size = type_size
    while size > 10 and pen.textlength(left, font=font(size)) > room:
        size -= 1
    pen.text((type_size // 2, band / 2), left, fill=PAPER, font=font(size), anchor="lm")
    if right:
        pen.text(
            (canvas.width - type_size // 2, band / 2), right, fill=MUTED, font=small, anchor="rm"
        )
    return band


def _key_card(key: Image.Image, title: str, size: tuple[int, int], type_size: int) -> Image.Image:
    """The first frame: the recap's title and the key, scaled to the frames' size."""
    band = banner_height(type_size)
    card = Image.new("RGB", (size[0], size[1] + band), PAPER)
    _heading(card, title, "key", type_size)
    shown = key.convert("RGB")
    ratio = min(1.0, size[0] / shown.width, size[1] / shown.height)
    if ratio < 1:
        shown = shown.resize(
            (round(shown.width * ratio), round(shown.height * ratio)), Image.Resampling.LANCZOS
        )
    card.paste(shown, (0, band))
    return card


def shared_palette(
    frames: Sequence[Image.Image], extras: Sequence[Image.Image] = ()
) -> Image.Image:
    """One palette of 255 colours for every frame, from a strip of frames spread over the
    game and the ``extras`` (a banner, the key's card), each halved by dropping pixels
    (which keeps their colours exact)."""
    step = max(1, len(frames) // PALETTE_SAMPLES)
    sample = [
        frame.resize((frame.width // 2, frame.height // 2), Image.Resampling.NEAREST)
        for frame in [*frames[::step][:PALETTE_SAMPLES], frames[-1], *extras]
    ]
    strip = Image.new("RGB", (max(f.width for f in sample), sum(f.height for f in sample)))
    top = 0
    for frame in sample:
        strip.paste(frame, (0, top))
        top += frame.height
    return strip.quantize(UNCHANGED, method=Image.Quantize.MEDIANCUT)


@dataclass(frozen=True)
class Chart:
    """Numbers to draw: ``ticks`` label some positions on the x axis (turns); each panel maps
    a series' name to one value per position."""

    title: str
    ticks: Mapping[int, str]
    strength: Mapping[str, Sequence[float]]
    victory: Mapping[str, Sequence[float]]


def chart(data: Chart) -> bytes:
    """Two stacked line charts, strength above and the victory measure below, as PNG."""
    named = (("Strength", data.strength), ("Victory", data.victory))
    panels = [(name, series) for name, series in named if series]
    height = TITLE_H + max(1, len(panels)) * (PANEL_H + AXIS_H) + 8
    image = Image.new("RGB", (CHART_W, height), PAPER)
    pen = ImageDraw.Draw(image)
    pen.text((MARGIN_L, 3), data.title, fill=INK, font=font(15))
    if not panels:
        nothing = "This game keeps no measure to chart."
        pen.text((MARGIN_L, TITLE_H + 20), nothing, fill=INK, font=font(13))
    colour = 0
    for number, (name, series) in enumerate(panels):
        top = TITLE_H + number * (PANEL_H + AXIS_H)
        colour = _panel(pen, (top, top + PANEL_H), name, series, data.ticks, colour)
    return encode(image)


def _panel(
    pen: ImageDraw.ImageDraw,
    span: tuple[int, int],
    name: str,
    series: Mapping[str, Sequence[float]],
    ticks: Mapping[int, str],
    colour: int,
) -> int:
    """One panel: frame, y scale from 0, a line and a legend entry per series; returns the
    next colour to use, so the two panels never share one."""
    top, bottom = span
    left, right = MARGIN_L, CHART_W - MARGIN_R
    plot_top = top + 24
    pen.rectangle((left, plot_top, right, bottom), outline=INK)
    pen.text((left, top + 2), name, fill=INK, font=font(13))
    points = max(len(values) for values in series.values())
    high = max(1.0, *(max(values, default=0) for values in series.values()))
    for fraction in (0.0, 0.5, 1.0):
        y = bottom - fraction * (bottom - plot_top)
        pen.line((left - 4, y, left, y), fill=INK)
        pen.text((left - 6, y), f"{high * fraction:g}", fill=INK, font=font(11), anchor="rm")

    def x_of(index: int) -> float:
        return left + (right - left) * (index / max(1, points - 1))

    for index, label in ticks.items():
        x = x_of(index)
        pen.line((x, bottom, x, bottom + 4), fill=INK)
        pen.text((x, bottom + 5), label, fill=INK, font=font(11), anchor="ma")
    legend_x = left + pen.textlength(name, font=font(13)) + 16
    for label, values in series.items():
        ink = SERIES_COLOURS[colour % len(SERIES_COLOURS)]
        colour += 1
        xy = [(x_of(i), bottom - v / high * (bottom - plot_top)) for i, v in enumerate(values)]
        if len(xy) > 1:
            pen.line(xy, fill=ink, width=2)
        elif xy:
            pen.ellipse((xy[0][0] - 2, xy[0][1] - 2, xy[0][0] + 2, xy[0][1] + 2), fill=ink)
        last = f"{label} ({values[-1]:g})" if values else label
        pen.line((legend_x, top + 9, legend_x + 14, top + 9), fill=ink, width=3)
        pen.text((legend_x + 18, top + 2), last, fill=INK, font=font(12))
        legend_x += 18 + pen.textlength(last, font=font(12)) + 14
    return colour
