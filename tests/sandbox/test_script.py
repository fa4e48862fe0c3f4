"""Script line syntax."""

from __future__ import annotations

import pytest

from bot.sandbox.script import (
    SYNTAX,
    AutocompleteLine,
    ClickLine,
    ScriptSyntaxError,
    SelectLine,
    SlashLine,
    SubmitLine,
    parse_line,
)


def test_slash_with_quoted_options() -> None:
    assert parse_line('alice: /game new system:duel name:"A Co"') == SlashLine(
        "alice", "game new", {"system": "duel", "name": "A Co"}
    )


def test_component_and_modal_lines() -> None:
    assert parse_line("bob: !click Fire volley") == ClickLine("bob", "Fire volley")
    assert parse_line('bob: !select "Card" ambush rally') == SelectLine(
        "bob", "Card", ["ambush", "rally"]
    )
    assert parse_line('bob: !submit Comment:"hi there"') == SubmitLine(
        "bob", {"Comment": "hi there"}
    )
    assert parse_line("bob: !autocomplete /game new mode:solo system:du") == AutocompleteLine(
        "bob", "game new", {"mode": "solo", "system": "du"}, focused="system"
    )


@pytest.mark.parametrize("text", ["", "   ", "# a comment", "  # indented comment"])
def test_blank_and_comment_lines(text: str) -> None:
    assert parse_line(text) is None


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("no user here", "expected `user: /command"),
        ("alice: !click", "expected `!click <button label>`"),
        ('alice: /game name:"unclosed', "cannot split"),
        ("alice: /game a:b stray", "expected name:value"),
        ("alice: !dance", "unknown action '!dance'"),
    ],
)
def test_bad_lines(text: str, reason: str) -> None:
    with pytest.raises(ScriptSyntaxError, match=reason):
        parse_line(text)


def test_every_line_the_help_shows_parses() -> None:
    """The syntax ``laager sandbox -h`` prints is made of lines that run as they are shown."""
    shown = [line.split("  ", 2)[1].strip() for line in SYNTAX.splitlines()[1:8]]
    parsed = [parse_line(line) for line in shown]
    assert parsed[-1] is None  # the comment
    kinds = [SlashLine, SlashLine, ClickLine, SelectLine, SubmitLine, AutocompleteLine]
    assert [type(p) for p in parsed[:-1]] == kinds
    assert parsed[1] == SlashLine("alice", "roll", {"expression": "2d6 + 1"})
