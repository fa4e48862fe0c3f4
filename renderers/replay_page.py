"""A finished game as one web page anyone can open: the map phase by phase with first, back,
play, forward and last buttons, a bookmark at each turn's start, the log of each phase beside
the map, the key, and the strength chart below.

Self-contained and offline: every picture is inside the page and its content policy forbids
any request. Frames share one palette; the first is stored whole and each later one only as
the box of pixels that changed, transparent where they did not, so a long game's page weighs
about what its animation does. Pure: pictures and words in, HTML out.
"""

from __future__ import annotations

import base64
import html
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from itertools import pairwise
from string import Template

from PIL import Image

from renderers.recap import UNCHANGED, Film, unchanged_out


@dataclass(frozen=True)
class Moment:
    """One phase: its heading, its turn (for bookmarks) and what the log said in it."""

    label: str
    turn: int | None
    lines: Sequence[str]


def page(made: Film, moments: Sequence[Moment], chart: bytes, summary: str) -> str:
    """The page for a game of ``moments``, one frame of the film each."""
    if len(made.frames) != len(moments):
        raise ValueError("one frame per moment")
    reel, title = made.reel, made.title
    frames = _patches(made.frames)
    data = {
        "frames": frames,
        "moments": [{"label": m.label, "turn": m.turn, "lines": list(m.lines)} for m in moments],
        "marks": _bookmarks(moments),
    }
    key = f'<img class="key" alt="Key to the map" src="{_uri(reel.key)}">' if reel.key else ""
    width, height = made.size
    return template().substitute(
        title=html.escape(title),
        summary=html.escape(summary),
        width=width,
        height=height,
        key=key,
        chart=_uri_bytes(chart),
        data=json.dumps(data).replace("</", "<\\/"),
    )


@cache
def template() -> Template:
    """The page around the data (renderers/replay_page.html): its style and its script."""
    return Template(files("renderers").joinpath("replay_page.html").read_text(encoding="utf-8"))


def _patches(indexed: list[Image.Image]) -> list[dict[str, object]]:
    """The first frame whole, then each frame as the box of what changed (empty when
    nothing did), unchanged pixels inside the box transparent; frames on one palette."""
    if not indexed:
        return []
    found: list[dict[str, object]] = [{"x": 0, "y": 0, "src": _png(indexed[0], None)}]
    for before, after in pairwise(indexed):
        changed = unchanged_out(before, after)
        box = _indices_box(changed)
        if box is None:
            found.append({"x": 0, "y": 0, "src": ""})
            continue
        found.append({"x": box[0], "y": box[1], "src": _png(changed.crop(box), UNCHANGED)})
    return found


def _indices_box(image: Image.Image) -> tuple[int, int, int, int] | None:
    """The box of pixels not marked unchanged."""
    marked = Image.frombytes("L", image.size, image.tobytes()).point(
        lambda v: 0 if v == UNCHANGED else 255
    )
    return marked.getbbox()


def _png(image: Image.Image, transparent: int | None) -> str:
    """A palette picture as a data URI; with ``transparent``, that index is see-through (the
    palette is padded to 256 entries, since a PNG may not use an index its palette lacks)."""
    buffer = io.BytesIO()
    entries = image.getpalette() or []
    if transparent is not None and len(entries) < 768:
        image = image.copy()
        image.putpalette(entries + [0] * (768 - len(entries)))
    if transparent is None:
        image.save(buffer, "PNG", optimize=False, compress_level=6)
    else:
        image.save(buffer, "PNG", optimize=False, compress_level=6, transparency=transparent)
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()


def _uri(image: Image.Image) -> str:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=6)
    return _uri_bytes(buffer.getvalue())


def _uri_bytes(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode()


def _bookmarks(moments: Sequence[Moment]) -> list[dict[str, object]]:
    """Where each turn starts: its first phase."""
    seen: set[int] = set()
    marks: list[dict[str, object]] = []
    for index, moment in enumerate(moments):
        if moment.turn is not None and moment.turn not in seen:
            seen.add(moment.turn)
            marks.append({"at": index, "label": f"Turn {moment.turn}"})
    return marks
