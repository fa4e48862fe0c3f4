"""Every picture the bot posts stays under 150 KB, however crowded the position: a phone on a
slow line loads it quickly, and uploads stay cheap when many channels post at once."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from games.referee.roster import MAX_UNITS
from renderers import png, roster
from renderers.roster import roster_pages
from tests.picture_samples import cases, roster_rows

LIMIT = 150 * 1024


def oversized() -> dict[str, int]:
    """The sample pictures (typical and crowded, of every kind) over the limit, with sizes."""
    found = {}
    for case in cases():
        drawn = case.draw()
        if drawn is None:
            continue
        assert Image.open(io.BytesIO(drawn)).format == "PNG"
        if len(drawn) >= LIMIT:
            found[f"{case.kind} · {case.position}"] = len(drawn)
    return found


def test_every_picture_is_under_150_kb() -> None:
    assert oversized() == {}


def test_a_picture_over_150_kb_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(png, "PALETTE_LEVEL", 0)  # stored, not compressed
    assert "Last Stand posted · turn 2" in oversized()


def test_a_full_roster_comes_in_pages_under_150_kb() -> None:
    pages = roster_pages("Roster · turn 9", roster_rows(MAX_UNITS))
    assert len(pages) == -(-MAX_UNITS // roster.PAGE_UNITS)
    assert max(len(page) for page in pages) < LIMIT


def test_a_full_roster_in_one_picture_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(roster, "PAGE_UNITS", MAX_UNITS)
    [whole] = roster_pages("Roster · turn 9", roster_rows(MAX_UNITS))
    assert len(whole) >= LIMIT
