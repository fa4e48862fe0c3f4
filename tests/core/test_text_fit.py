"""Text is fitted to Discord's limits at line and word boundaries, never inside a word."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given
from hypothesis import strategies as st

from bot.posting.text_fit import fit, pieces
from games.core.text import ELLIPSIS, faces_from, shorten

WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789→", min_size=1, max_size=12)
SEPARATOR = st.sampled_from([" ", "\n", ", ", ". ", "\n\n"])


@st.composite
def prose(draw: st.DrawFn) -> str:
    words = draw(st.lists(WORD, min_size=1, max_size=60))
    text = words[0]
    for word in words[1:]:
        text += draw(SEPARATOR) + word
    return text


def cut_whole_words(cutter: Callable[[str, int], str], text: str, limit: int) -> bool:
    """Whether ``cutter`` kept ``text`` whole or stopped at the end of a word, in the limit."""
    out = cutter(text, limit)
    if out == text:
        return True
    if len(out) > limit or not out.endswith(ELLIPSIS):
        return False
    kept = out[: -len(ELLIPSIS)]
    if not text.startswith(kept):
        return False
    rest = text[len(kept) :]
    return not kept or rest[:1].isspace() or rest[:1] in ",.;:-" or not rest


def naive(text: str, limit: int) -> str:
    """The planted fault: a cut at the limit, wherever it falls."""
    return text if len(text) <= limit else text[: limit - 1] + ELLIPSIS


@given(prose(), st.integers(min_value=14, max_value=200))
def test_shorten_and_fit_stop_between_words(text: str, limit: int) -> None:
    if max(len(w) for w in text.split()) >= limit - 1:
        return
    assert cut_whole_words(shorten, text, limit)
    assert cut_whole_words(fit, text, limit)


def test_a_line_break_ends_a_word() -> None:
    """The attack report's lines were cut mid-word ("... Rol…") when no space was near."""
    assert shorten("Rolled a\nhit", 10) == "Rolled a…"
    assert shorten("Zulu attacks\nRolled", 16) == "Zulu attacks…"


def test_the_check_catches_a_cut_inside_a_word() -> None:
    text = "Zulu in 1907 attacks H Co. in 1807. Rolled 3: hit."
    assert not cut_whole_words(naive, text, 42)
    assert cut_whole_words(fit, text, 42)


def test_fit_prefers_whole_lines() -> None:
    text = "first line of the report\nsecond line of the report\nthird"
    assert fit(text, 40) == "first line of the report" + ELLIPSIS


@given(prose(), st.integers(min_value=13, max_value=300))
def test_pieces_fit_and_lose_no_word(text: str, limit: int) -> None:
    parts = pieces(text, limit)
    assert all(len(p) <= limit for p in parts)
    assert "\n".join(parts).split() == text.split()
    if max(len(w) for w in text.split()) <= limit:
        assert {w for p in parts for w in p.split()} <= set(text.split())


def test_scoring_faces_name_a_single_face_once_and_never_leave_the_die() -> None:
    assert faces_from(6) == "6"
    assert faces_from(5) == "5-6"
    assert faces_from(7) == "no face"
    assert faces_from(0) == "1-6"
    assert faces_from(3, sides=10) == "3-10"
