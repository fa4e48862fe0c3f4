"""The zone maps as a phone shows them (issue 26): badges clear of a counter's label, no empty
band above the key, the key's type readable at 400 px, and the field's features and names."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image, ImageChops

from games.zones.board import load_board
from renderers import zonemap_features, zonemap_panel, zonemap_pieces, zones
from renderers.text_stamps import stamp
from renderers.theme import PAPER
from renderers.zonemap_features import PLACES, draw_names
from renderers.zonemap_layout import SCALE, layout
from renderers.zonemap_panel import KEY_TEXT, key_layout, status_height
from renderers.zonemap_pieces import british_counter
from tests.zones.pictures import sample

BATTLES = ["rorkes-drift", "isandlwana"]
Box = tuple[float, float, float, float]


def label_and_badges(label: str, monkeypatch: pytest.MonkeyPatch) -> tuple[Box, list[Box]]:
    """The box a counter's label is written in, and the boxes of its badges."""
    texts: list[tuple[str, Box]] = []
    badges: list[Box] = []
    real_text, real_badge = zonemap_pieces._text, zonemap_pieces._badge

    def text(sprite: Image.Image, xy: Any, words: str, size: int, *rest: Any) -> None:
        glyphs = stamp(words, size * SCALE, (0, 0, 0))
        x, y = xy
        texts.append(
            (words, (x - glyphs.width / 2, y - glyphs.height / 2, 0, y + glyphs.height / 2))
        )
        real_text(sprite, xy, words, size, *rest)

    def badge(sprite: Image.Image, centre: Any, words: str, *rest: Any) -> None:
        radius = 6 * SCALE if len(words) < 2 else 7 * SCALE
        badges.append(
            (centre[0] - radius, centre[1] - radius, centre[0] + radius, centre[1] + radius)
        )
        real_badge(sprite, centre, words, *rest)

    with monkeypatch.context() as patch:
        patch.setattr(zonemap_pieces, "_text", text)
        patch.setattr(zonemap_pieces, "_badge", badge)
        british_counter.cache_clear()
        british_counter(label, 2, 2, False, False, True, 2)
    british_counter.cache_clear()
    [box] = [box for words, box in texts if words == label]
    assert len(badges) == 2
    return box, badges


def test_a_leader_or_wounded_badge_never_covers_the_label(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 26: a leader's "V" badge covered "Guard1"."""
    for label in ("Guard1", "Commissariat", "B2/24", "JC"):
        text, badges = label_and_badges(label, monkeypatch)
        assert all(text[1] >= badge[3] for badge in badges), label


def test_a_badge_over_the_label_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(zonemap_pieces, "BADGE_ROOM", 4)
    text, badges = label_and_badges("Guard1", monkeypatch)
    assert any(text[1] < badge[3] for badge in badges)


def band_above_key(picture: dict[str, Any]) -> int:
    """Pixels of bare paper between the status strip's last line and the key's rule."""
    image = zones.draw(picture).convert("RGB")
    grid = layout(picture["battle"])
    top, bottom = grid.height, grid.height + status_height(grid.board)
    inked = [
        y
        for y in range(top + 4, bottom)
        if any(image.getpixel((x, y)) != PAPER for x in range(0, image.width, 2))
    ]
    return bottom - max(inked)


@pytest.mark.parametrize("battle", BATTLES)
@pytest.mark.parametrize("over", [False, True])
def test_no_empty_band_sits_above_the_key(battle: str, over: bool) -> None:
    """Issue 26: a band kept for the result sat empty above the key through every turn; the
    result now takes the phase's line when the game ends."""
    picture = sample(battle)  # type: ignore[arg-type]
    if over:
        picture["result"] = "British win: the post held (17.2)"
    assert band_above_key(picture) <= 10 * SCALE


def test_a_band_left_empty_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(zonemap_panel, "STATUS_H", zonemap_panel.STATUS_H + 40)
    for cached in (zones.base, zones.indexed_base, zones.colours):
        cached.cache_clear()
    try:
        assert band_above_key(sample("isandlwana")) > 10 * SCALE
    finally:
        for cached in (zones.base, zones.indexed_base, zones.colours):
            cached.cache_clear()


@pytest.mark.parametrize("battle", BATTLES)
def test_the_key_reads_at_a_phone_width(battle: str) -> None:
    """The key's words are 12 px or more when the picture is shown 400 px wide, and no
    entry runs past the picture's edge."""
    board = load_board(battle)  # type: ignore[arg-type]
    width = layout(battle).width  # type: ignore[arg-type]
    key = key_layout(board, width)
    assert key.size * 400 / width >= KEY_TEXT
    assert all(0 <= p.box[0] and p.box[2] <= width for p in key.placed)


@pytest.mark.parametrize("battle", BATTLES)
def test_every_place_name_fits_its_zone(battle: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each name the map carries is written (none dropped for want of room), inside its zone."""
    written: list[tuple[str, tuple[int, int]]] = []
    real = zonemap_features.stamp

    def spy(text: str, size: int, fill: Any) -> Image.Image:
        sprite = real(text, size, fill)
        written.append((text, sprite.size))
        return sprite

    monkeypatch.setattr(zonemap_features, "stamp", spy)
    grid = layout(battle)  # type: ignore[arg-type]
    draw_names(Image.new("RGB", (grid.width, grid.height)), battle, grid)  # type: ignore[arg-type]
    assert [text for text, _ in written] == list(PLACES[battle].values())
    for (text, (w, _)), zone in zip(written, PLACES[battle], strict=True):
        left, _, right, _ = grid.main[zone]
        assert w <= right - left - 4 * SCALE, text


def test_isandlwana_shows_its_mountain_camp_and_road() -> None:
    """Issue 26: the Isandlwana map was rectangles with numbers and a ridge line. The
    mountain now rises in tints, the camp holds tents, a road runs over the nek."""
    grid = layout("isandlwana")
    plain = Image.new("RGB", (grid.width, grid.height), PAPER)
    drawn = plain.copy()
    zonemap_features.draw_features(drawn, "isandlwana", grid)
    changed = ImageChops.difference(plain, drawn)
    for zone in ("MT", "14", "15", "16", "23", "17", "21"):
        assert changed.crop(grid.main[zone]).getbbox(), zone
    for zone in ("1", "20", "27"):
        assert not changed.crop(grid.main[zone]).getbbox(), zone
