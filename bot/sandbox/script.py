"""The line syntax of `laager sandbox` scripts and its interactive prompt.

alice: /game new system:duel mode:solo name:"A Co"
alice: !click Fire
alice: !select "Card" ambush
alice: !submit Comment:"well played"
alice: !autocomplete /game new system:du
# comments and blank lines are ignored
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass

SYNTAX = """\
Script lines (a file for --script, or typed at the prompt), one action each:
  alice: /game new system:last-stand mode:solo     a slash command, options as name:value
  alice: /roll expression:"2d6 + 1"                quote a value that holds spaces
  alice: !click Place for me                       press the button with this label
  alice: !select "Take the hit on" 1BB             choose in the menu with this placeholder
  alice: !submit Comment:"well played"             fill in and send the open form
  alice: !autocomplete /laststand move unit:1      what the bot offers while typing
  # a comment
Users are made by name on first use, as members of the server with no special rights.
server-owner is there from the start and administers the server: a referee everywhere."""

USER_PREFIX = re.compile(r"^\s*(?P<user>[^\s:]+)\s*:\s*(?P<action>.*)$")


class ScriptSyntaxError(ValueError):
    """A line that is not in the script syntax (the message says what was expected)."""


@dataclass(frozen=True)
class SlashLine:
    user: str
    command: str
    options: dict[str, str]


@dataclass(frozen=True)
class AutocompleteLine:
    user: str
    command: str
    options: dict[str, str]
    focused: str


@dataclass(frozen=True)
class ClickLine:
    user: str
    label: str


@dataclass(frozen=True)
class SelectLine:
    user: str
    select: str
    values: list[str]


@dataclass(frozen=True)
class SubmitLine:
    user: str
    values: dict[str, str]


ScriptLine = SlashLine | AutocompleteLine | ClickLine | SelectLine | SubmitLine


def parse_line(text: str) -> ScriptLine | None:
    """One script line; None for blank lines and comments."""
    stripped = text.strip()
    if not stripped or stripped.startswith("#"):
        return None
    match = USER_PREFIX.match(stripped)
    if match is None:
        raise ScriptSyntaxError("expected `user: /command ...` or `user: !click ...`")
    user, action = match.group("user"), match.group("action").strip()
    try:
        words = shlex.split(action)
    except ValueError as error:
        raise ScriptSyntaxError(f"cannot split {action!r}: {error}") from None
    if not words:
        raise ScriptSyntaxError("nothing to do after the user name")
    verb, rest = words[0], words[1:]
    if verb.startswith("/"):
        command, options = _command_and_options([verb[1:], *rest])
        return SlashLine(user, command, options)
    if verb == "!autocomplete":
        if not rest or not rest[0].startswith("/"):
            raise ScriptSyntaxError("expected `!autocomplete /command option:partial`")
        command, options = _command_and_options([rest[0][1:], *rest[1:]])
        if not options:
            raise ScriptSyntaxError("!autocomplete needs the option being typed, e.g. system:du")
        return AutocompleteLine(user, command, options, focused=list(options)[-1])
    if verb == "!click":
        if not rest:
            raise ScriptSyntaxError("expected `!click <button label>`")
        return ClickLine(user, " ".join(rest))
    if verb == "!select":
        if len(rest) < 2:
            raise ScriptSyntaxError('expected `!select "<placeholder>" <value> [<value> ...]`')
        return SelectLine(user, rest[0], rest[1:])
    if verb == "!submit":
        _, values = _command_and_options(["modal", *rest])
        return SubmitLine(user, values)
    raise ScriptSyntaxError(f"unknown action {verb!r}; use /command, !click, !select or !submit")


def _command_and_options(words: list[str]) -> tuple[str, dict[str, str]]:
    """Leading words name the command; `name:value` words after them are options."""
    command: list[str] = []
    options: dict[str, str] = {}
    for word in words:
        name, colon, value = word.partition(":")
        if colon and name:
            options[name] = value
        elif options:
            raise ScriptSyntaxError(f"expected name:value after the options began, got {word!r}")
        else:
            command.append(word)
    if not command or not command[0]:
        raise ScriptSyntaxError("missing command name after /")
    return " ".join(command), options
