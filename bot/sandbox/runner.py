"""`laager sandbox`: play a script (or an interactive session) against the real bot.

The transcript marks where every message went: `[#general] Laager: ...` for channel posts,
`[DM to alice] ...` for DMs and `[ephemeral to alice] ...` for ephemerals. Attachments are
saved to the output directory with numbered names.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any

from bot.sandbox import rendering
from bot.sandbox.interactions import SandboxInteraction
from bot.sandbox.models import LOADING, MessageEvent, SandboxError, SandboxTimeout, SandboxUser
from bot.sandbox.sandbox import DEFAULT_TIMEOUT, DiscordSandbox
from bot.sandbox.script import (
    SYNTAX,
    AutocompleteLine,
    ClickLine,
    ScriptLine,
    ScriptSyntaxError,
    SelectLine,
    SlashLine,
    SubmitLine,
    parse_line,
)

MENTION = re.compile(r"<@!?(\d+)>")
StartBot = Callable[[DiscordSandbox], AbstractAsyncContextManager[Any]]
INTERACTIVE_HINT = f"{SYNTAX}\nEnd with EOF (Ctrl-D)."


async def run_sandbox(
    start_bot: StartBot,
    *,
    script: list[str] | None,
    out_dir: Path | None,
    write: Callable[[str], None],
    read_line: Callable[[], Awaitable[str | None]] | None = None,
    line_wait: float = DEFAULT_TIMEOUT,
) -> int:
    """Run the script lines, then (with read_line) prompt lines until EOF, waiting up to
    ``line_wait`` seconds for the bot to finish what each line set off.

    start_bot(sandbox) must start the bot against the sandbox and stop it on exit.
    read_line shows its own prompt and returns None at EOF. Returns 0, or 1 if any line
    failed or any request broke the API spec.
    """
    sandbox = DiscordSandbox(timeout=line_wait)
    session = ScriptSession(sandbox, out_dir, write)
    await sandbox.start()
    try:
        async with start_bot(sandbox):
            await sandbox.wait_ready()
            session.show_new_messages()
            for number, line in enumerate(script or [], start=1):
                await session.run(line, where=f"line {number}", echo=True)
            if read_line is not None:
                write(INTERACTIVE_HINT)
                while (line := await read_line()) is not None:
                    await session.run(line, where=None, echo=False)
    except SandboxError as error:
        session.fail(None, str(error))
    finally:
        await sandbox.stop()
    return session.summarize()


class ScriptSession:
    """Runs lines against the sandbox and writes the transcript of what changed."""

    def __init__(
        self, sandbox: DiscordSandbox, out_dir: Path | None, write: Callable[[str], None]
    ) -> None:
        self._sandbox = sandbox
        self._out_dir = out_dir
        self._write = write
        self._cursor = 0
        self._shown: set[int] = set()
        self._saved: set[int] = set()
        """Attachments already told (their alt text) and, with an output folder, saved."""
        self._files_saved = 0
        self.errors = 0

    async def run(self, text: str, *, where: str | None, echo: bool) -> None:
        try:
            line = parse_line(text)
        except ScriptSyntaxError as error:
            self.fail(where, str(error))
            return
        if line is None:
            return
        if echo:
            self._write(f"> {text.strip()}")
        try:
            await self._perform(line)
        except SandboxError as error:
            self.fail(where, str(error))
        self.show_new_messages()

    async def _perform(self, line: ScriptLine) -> None:
        user = self._user(line.user)
        sandbox = self._sandbox
        interaction: SandboxInteraction | None = None
        if isinstance(line, SlashLine):
            interaction = await sandbox.slash(user, line.command, line.options)
        elif isinstance(line, AutocompleteLine):
            choices = await sandbox.autocomplete(
                user, line.command, line.options, focused=line.focused
            )
            offered = ", ".join(f"{c['name']} ({c['value']})" for c in choices) or "none"
            self._write(f"[autocomplete for {user.name}] {offered}")
        elif isinstance(line, ClickLine):
            interaction = await _by_label_or_id(
                lambda: sandbox.click(user, label=line.label),
                lambda: sandbox.click(user, custom_id=line.label),
            )
        elif isinstance(line, SelectLine):
            interaction = await _by_label_or_id(
                lambda: sandbox.select(user, None, line.values, placeholder=line.select),
                lambda: sandbox.select(user, None, line.values, custom_id=line.select),
            )
        elif isinstance(line, SubmitLine):
            interaction = await sandbox.submit_modal(user, line.values)
        if interaction is not None and interaction.modal is not None:
            self.show_new_messages()
            modal = rendering.render_modal(interaction.modal).splitlines()
            self._write(f"[modal to {user.name}] {modal[0].removeprefix('[modal] ')}")
            for extra in modal[1:]:
                self._write(extra)

    def _user(self, name: str) -> SandboxUser:
        try:
            return self._sandbox.user(name)
        except SandboxError:
            return self._sandbox.add_user(name)

    def show_new_messages(self) -> None:
        events = self._sandbox.events
        for event in events[self._cursor :]:
            self._show(event)
        self._cursor = len(events)

    def _show(self, event: MessageEvent) -> None:
        message, version = event.message, event.version
        if version.flags & LOADING:
            return
        place = _place(message.where)
        if event.kind == "deleted":
            if message.id not in self._shown:
                return
            self._write(f"[{place}] (message from {message.author_name} deleted)")
            return
        edited = " (edited)" if message.id in self._shown else ""
        self._shown.add(message.id)
        pinged = set() if edited else set(message.pinged)
        body = [
            self._named(line, pinged)
            for line in rendering.render_message(
                version.content, version.embeds, version.components, version.attachments
            ).splitlines()
        ]
        head = f"[{place}] {message.author_name}{edited}:"
        if body and version.content:
            self._write(f"{head} {body[0]}")
            body = body[1:]
        else:
            self._write(head)
        for line in body:
            self._write(f"  {line}")
        for attachment in version.attachments:
            if attachment.id in self._saved:
                continue
            self._saved.add(attachment.id)
            if attachment.content_type.startswith("image/"):
                self._write(f"  alt: {attachment.description or '(none)'}")
            if self._out_dir is not None:
                self._files_saved += 1
                self._out_dir.mkdir(parents=True, exist_ok=True)
                path = self._out_dir / f"{self._files_saved:03d}-{attachment.filename}"
                path.write_bytes(attachment.data)
                self._write(f"  saved {attachment.filename} to {path}")

    def _named(self, line: str, pinged: set[int]) -> str:
        """Mentions by name, those that notified someone marked: only a new message pings,
        and only the users its allowed mentions let through."""

        def name(match: re.Match[str]) -> str:
            user_id = int(match.group(1))
            try:
                shown = f"@{self._sandbox.user(user_id).name}"
            except SandboxError:
                return match.group(0)
            return f"{shown} (pinged)" if user_id in pinged else shown

        return MENTION.sub(name, line)

    def fail(self, where: str | None, reason: str) -> None:
        self.errors += 1
        self._write(f"error ({where}): {reason}" if where else f"error: {reason}")

    def summarize(self) -> int:
        violations = self._sandbox.violations
        for violation in violations:
            self._write(f"API violation: {violation}")
        if self.errors or violations:
            self._write(f"{self.errors} error(s), {len(violations)} API violation(s)")
            return 1
        return 0


async def _by_label_or_id(
    by_label: Callable[[], Awaitable[SandboxInteraction]],
    by_custom_id: Callable[[], Awaitable[SandboxInteraction]],
) -> SandboxInteraction:
    """Scripts name components by what players read; custom_ids work as a fallback."""
    try:
        return await by_label()
    except SandboxTimeout:
        raise
    except SandboxError as label_error:
        try:
            return await by_custom_id()
        except SandboxTimeout:
            raise
        except SandboxError:
            raise label_error from None


def _place(where: str) -> str:
    """ "channel #general" -> "#general"; DMs and ephemerals keep their full description."""
    for prefix in ("channel ", "thread "):
        if where.startswith(prefix):
            return where.removeprefix(prefix)
    return where
