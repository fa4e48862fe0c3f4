"""Numbers typed by hand are ASCII digits only: a superscript or other Unicode digit passes
``str.isdigit`` but not ``int``, and once made /qref answer with an apology."""

from __future__ import annotations

import pytest

from bot.systems.referee.dice import parse_dice
from games.core.errors import LaagerError
from games.last_stand.board import board


@pytest.mark.parametrize("typed", ["³", "1,²", "٣", "３,4"])
def test_unicode_digits_in_dice_are_refused_in_words(typed: str) -> None:
    with pytest.raises(LaagerError, match="numbers separated by commas"):
        parse_dice(typed)


def test_ascii_dice_still_read() -> None:
    assert parse_dice("3, 5,6") == [3, 5, 6]


@pytest.mark.parametrize("typed", ["¹²⁰⁶", "１２０６"])
def test_unicode_digits_are_no_hex_number(typed: str) -> None:
    with pytest.raises(ValueError, match="not a hex number"):
        board().grid.axial(typed)
