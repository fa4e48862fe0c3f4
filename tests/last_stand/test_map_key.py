"""The key under the posted Last Stand maps (the area of the action and the close-up): it
explains the symbols the picture shows and nothing it does not, and no entry runs off the
picture, whatever the position."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from games.core.engine import Viewer
from games.last_stand.system import SYSTEM
from renderers import hexmap_key, key_strip
from renderers.key_strip import KeyLayout
from renderers.last_stand import map_image
from tests.last_stand.scenes import scene
from tests.last_stand.test_map import bot_position


@contextmanager
def keys_drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[int, KeyLayout]]]:
    """Every key laid out while the block runs, with the width of its picture."""
    drawn: list[tuple[int, KeyLayout]] = []
    real = key_strip.laid_out

    def spy(entries: Any, width: int, size: int | None = None) -> KeyLayout:
        drawn.append((width, real(entries, width, size)))
        return drawn[-1][1]

    with monkeypatch.context() as patch:
        patch.setattr(key_strip, "laid_out", spy)
        yield drawn


def cut(width: int, key: KeyLayout) -> list[str]:
    """The entries that reach past the picture's edge."""
    return [p.entry.words for p in key.placed if p.box[0] < 0 or p.box[2] > width]


def test_the_posted_map_explains_what_it_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    state = scene({"a": "1706", "nb": "1706", "pulleine": "1706"}, ["1605"], wagon="1706")
    state.update(colours="shown")
    state["british"]["a"]["square"] = True
    picture = SYSTEM.view(state, Viewer.public()).picture
    picture["zulus"]["1805"] = 4
    picture["marks"] = [{"k": "h", "s": "z", "x": "1605"}]
    with keys_drawn(monkeypatch) as drawn:
        posted = map_image(picture, {})
    [(width, key)] = drawn
    words = [p.entry.words for p in key.placed]
    assert words[:8] == [
        "British unit: name, strength",
        "infantry",
        "gunners on foot",
        "in square",
        "Pulleine",
        "ammunition wagon, Colours raised",
        "Zulu unit",
        "Zulus waiting, how many",
    ]
    assert "hit" in words
    assert not {"missed", "British move", "Zulu move", "escape hex", "pioneers"} & set(words)
    assert not {"Durnford", "Young", "Wardell"} & set(words), "only the leaders shown"
    assert posted.height > key.height and width == posted.width


def test_the_whole_map_carries_its_key(monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole map's panel once had colour swatches that matched nothing drawn; its key
    is now the same as the posted map's, in smaller type."""
    picture = bot_position(1, 2)
    with keys_drawn(monkeypatch) as drawn:
        whole = map_image(picture, {"whole": True})
    [(width, key)] = drawn
    words = {p.entry.words for p in key.placed}
    assert {"British unit: name, strength", "Zulu unit", "onrush hex", "escape hex"} <= words
    assert width == whole.width and key.size == 16


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_entry_of_the_key_is_cut(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """Over bot games turn by turn, the posted map and a close-up on each British hex."""
    checked = 0
    for turn in range(1, 7):
        picture = bot_position(seed, turn)
        hexes = {u["hex"] for u in picture["british"] if u["hex"]}
        for options in [{}, *({"zoom": h} for h in sorted(hexes))]:
            with keys_drawn(monkeypatch) as drawn:
                image = map_image(picture, options)
            for width, key in drawn:
                assert cut(width, key) == [], (turn, options)
                assert image.width == width
                checked += 1
    assert checked >= 6


def test_an_entry_too_long_for_the_picture_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(hexmap_key.GROUND, "heights", "heights " * 40)
    picture = bot_position(1, 2)
    with keys_drawn(monkeypatch) as drawn:
        map_image(picture, {})
    assert any(cut(width, key) for width, key in drawn)
