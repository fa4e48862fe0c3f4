"""Pictures in words: the description Discord keeps with an attachment, read aloud by screen
readers and shown where a picture did not load.

A public picture is described from the public view alone (title, what changed, the position),
so its words say no more than the post beside it; a private one from its holder's view."""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.posting.text_fit import fit
from games.core.engine import View

ALT_LIMIT = 1024
"""Discord's limit on an attachment's description."""

MARKUP = re.compile(r"\*\*|__|`|~~|\|\|")
MENTION = re.compile(r"<[@#][!&]?\d+>")
SPACES = re.compile(r"\s+")


def plain(text: str) -> str:
    """Text as it is read aloud: no Markdown marks, no raw mentions, one line."""
    return SPACES.sub(" ", MENTION.sub("someone", MARKUP.sub("", text))).strip()


def sentence(text: str) -> str:
    text = plain(text)
    return text if not text or text[-1] in ".!?:" else text + "."


def alt_of(text: str) -> str:
    """Any text as a picture's description: plain, and cut at a word to Discord's limit."""
    return fit(plain(text), ALT_LIMIT)


def alt_text(view: View, changed: Sequence[str] = (), what: str = "Map") -> str:
    """``what`` the picture is, the view's title, what changed, then the position, cut at a
    word to Discord's limit."""
    parts = [f"{what}: {plain(view.title)}.", *map(sentence, changed), *map(sentence, view.lines)]
    return fit(" ".join(p for p in parts if p), ALT_LIMIT)
