"""A phase report in the post when it fits; otherwise a grouped summary in the post and the
whole report attached as a text file, so nothing is ever cut off."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.posting.text_fit import DESCRIPTION, fit

ATTACHED = "The whole report is in the attached {name}."


@dataclass(frozen=True)
class Report:
    description: str
    full: str | None
    """The whole report when the post holds only its summary, else None."""


def phase_report(
    lines: list[str],
    title: str,
    summarize: Callable[[list[str]], list[str]] | None = None,
    limit: int = DESCRIPTION,
    name: str = "report.txt",
) -> Report:
    """The post's description for ``lines``; ``title`` is the heading the post already
    shows, so a closing line that only repeats it is left out."""
    body = "\n".join(without_echo(lines, title))
    if len(body) <= limit:
        return Report(body, None)
    short = summarize(lines) if summarize else lines
    note = ATTACHED.format(name=name)
    text = "\n".join(without_echo(short, title))
    room = limit - len(note) - 2
    if len(text) > room:
        text = fit(text, room, "\n…")
    return Report(f"{text}\n\n{note}", "\n".join(lines) + "\n")


def without_echo(lines: list[str], title: str) -> list[str]:
    """``lines`` less a last line that announces the phase ``title`` already names (the
    post shows one turn line)."""
    heading = title.replace(" · ", ", ")
    parts = [part for text in lines for part in text.split("\n")]
    if heading and parts and parts[-1].startswith(heading):
        parts.pop()
    return parts
