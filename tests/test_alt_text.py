"""The words a picture carries for those who cannot see it."""

from __future__ import annotations

from bot.posting.alt_text import ALT_LIMIT, alt_text, plain
from games.core.engine import View, Viewer


def test_alt_text_reads_as_plain_sentences() -> None:
    lines = ["To act: <@1234567890>", "Wagon: 1008"]
    view = View(Viewer.public(), "Turn 2 · **Zulu attack**", lines)
    words = alt_text(view, ["A Co. fires at `1704`"])
    assert words == "Map: Turn 2 · Zulu attack. A Co. fires at 1704. To act: someone. Wagon: 1008."
    assert plain("a\nb  __c__ ||d||") == "a b c d"


def test_a_long_position_is_cut_at_a_word_within_discords_limit() -> None:
    lines = [f"Zone {n}: British, 3 counters, Lt. Chard on top." for n in range(60)]
    words = alt_text(View(Viewer.public(), "Turn 6", lines))
    assert len(words) <= ALT_LIMIT and words.endswith("…")
    whole = " ".join(["Map: Turn 6.", *lines])
    kept = words.removesuffix("…")
    assert whole.startswith(kept) and not whole[len(kept)].isalnum(), "cut at the end of a word"
