"""One audit of every public output for the secrets each system declares.

A game is played through Discord-in-a-box by people pressing the bot's own buttons,
panels and commands, each order the one the system's bot would give. After every order
the audit reads what Discord received since the last one: channel messages (content,
embeds, button labels and ids, menu options, attachment names), the data handed to the
public renderer, the log lines at DEBUG, and what other users see in their DMs and
ephemerals, a follower's DMs among them (the spectator follows the game, if asked to), and
the events the server's webhook receiver was sent (if it has one), each read once the order
that queued it has been delivered. It compares them with the secrets of the position each
reader may not know. Midway, a spectator asks for `/game status`, `/game log` and
`/game export`.

Text of a secret that has just stopped being one (a card played from the hand) is
exempt in what happened; never in the buttons and menus of the position now. A replay page
(`game-N.html`) retells the public log from the start, so what was once shown is exempt in
it, as in `/game log`.

Once the game has ended, a member who did not play it forks it from a phase midway
(`/game fork`), and the new thread's post, the forker's DMs and everything else Discord
received are read against the secrets of the position the fork starts from.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import func, select

import bot.posting.announce
from bot.play.log_replay import STEP_KINDS, replay_steps
from bot.play.service import Place
from bot.process.app import LaagerBot
from bot.sandbox import DiscordSandbox, SandboxUser
from bot.sandbox.models import Message
from bot.storage.models import Fork
from bot.storage.webhooks import PENDING, Webhooks
from games.core.dice import Dice, derived_seed
from games.core.engine import JSON, GameSystem, Order, Secret, Viewer, hidden_from, readable_by
from games.core.replay import replay
from tests.e2e.panel_steps import step_to
from tests.webhooks.receiver import Receiver

STEP_LIMIT = 600
PANEL = "My orders (private)"
HOOK_SECRET = "a1" * 32
DELIVERY_WAIT = 30.0


@dataclass
class Audit:
    """What the audit saw and found in one game."""

    system: GameSystem
    findings: list[str] = field(default_factory=list)
    pictures: list[str] = field(default_factory=list)
    logs: list[str] = field(default_factory=list)
    revealed: set[str] = field(default_factory=set)
    bodies: dict[int, str] = field(default_factory=dict)
    """What each channel message said when last read: an edit that only retires its
    buttons is not read again against a later position."""
    steps: int = 0
    over: bool = False
    looked: bool = False
    """Whether a spectator asked for status, log and export during the game."""
    hooked: int = 0
    """How many webhook requests the audit read."""

    def check(self, where: str, words: str, secrets: list[Secret], exempt: set[str]) -> None:
        for secret in secrets:
            at = words.find(secret.text) if secret.text not in exempt else -1
            if at >= 0:
                seen = words[max(0, at - 40) : at + len(secret.text) + 20].replace("\n", " ")
                self.findings.append(f"{where}: {secret.what} {secret.text!r} in ...{seen}...")


class Capture(logging.Handler):
    def __init__(self, into: list[str]) -> None:
        super().__init__(logging.DEBUG)
        self.into = into

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.into.append(record.getMessage())
        except Exception:  # a record whose arguments do not format still says something
            self.into.append(str(record.msg))


@contextmanager
def watching(audit: Audit, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Record every log line at DEBUG and every view handed to the public renderer."""
    real = bot.posting.announce.render

    async def recorded(pairing: Any, view: Any, options: JSON | None = None, **more: Any) -> Any:
        audit.pictures.append(json.dumps(view.picture, sort_keys=True, default=str))
        return await real(pairing, view, options, **more)

    monkeypatch.setattr(bot.posting.announce, "render", recorded)
    handler = Capture(audit.logs)
    root = logging.getLogger()
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    try:
        yield
    finally:
        root.removeHandler(handler)
        root.setLevel(level)


def component_words(message: Message) -> str:
    words = []
    for row in message.components:
        for item in row.get("components", []):
            words += [str(item.get(k, "")) for k in ("label", "custom_id", "placeholder")]
            words += [f"{o['label']} {o['value']}" for o in item.get("options", [])]
    return "\n".join(words)


def body_words(message: Message) -> str:
    parts = [message.content, json.dumps(message.embeds)]
    parts += [a.filename for a in message.attachments]
    parts += [a.description for a in message.attachments if a.description]  # alt text
    parts += [
        a.data.decode(errors="replace")
        for a in message.attachments
        if a.content_type.startswith(("text", "application/json")) and not _history(a)
    ]
    return "\n".join(parts)


def newly_said(before: str | None, after: str) -> str:
    """The lines of a message's body that an edit added: a post kept for a phase grows by
    each step's lines, and a line was read against the position it was written in (a card
    played then may be back in the hand by a later step, and was no secret when said)."""
    if before is None:
        return after
    old = set(re.split(r"\n|\\n", before))
    return "\n".join(line for line in re.split(r"\n|\\n", after) if line not in old)


def history_words(message: Message) -> str:
    """What a message's replay page says: the game's public log from its start, so, like
    ``/game log``, it may name what was shown once and is hidden again now (a card played
    and drawn back into the hand)."""
    return "\n".join(a.data.decode(errors="replace") for a in message.attachments if _history(a))


def _history(attachment: Any) -> bool:
    return str(attachment.filename).endswith(".html")


def reference(message: Message, pages: frozenset[str]) -> bool:
    """Whether ``message`` holds nothing but pages of the guides."""
    told = [e.get("description", "") for e in message.embeds]
    return bool(told) and not message.content and all(t in pages for t in told)


def exempt(system: GameSystem, before: JSON | None, after: JSON) -> set[str]:
    """Words an account of the step from ``before`` to ``after`` may use: secrets that stopped
    being secret (a card played from the hand), and those that became secret while the
    channel could see them (a Hero going back from the table to the hand)."""
    if before is None:
        return set()
    old = {s.ident: s for s in hidden_from(system, before, Viewer.public())}
    new = {s.ident: s for s in hidden_from(system, after, Viewer.public())}
    view = system.view(before, Viewer.public())
    shown = "\n".join([*view.lines, json.dumps(view.picture, default=str)])
    gone = {s.text for ident, s in old.items() if ident not in new}
    seen = {s.text for ident, s in new.items() if ident not in old and s.text in shown}
    return gone | seen


class Player:
    """Plays a seated side by pressing what the bot offers, as a person would: buttons and
    menus on the post, the private panel, and its step-by-step menu for orders too many for
    buttons. Nothing is typed."""

    def __init__(self, sandbox: DiscordSandbox, bot: LaagerBot, users: dict[str, SandboxUser]):
        self.sandbox, self.bot, self.users = sandbox, bot, users
        self.panel: dict[int, Message] = {}

    def latest_post(self) -> Message:
        return next(m for m in reversed(self.sandbox.messages()) if m.components)

    async def give(self, user: SandboxUser, order: Order) -> None:
        if not order.button:
            opened = await self.sandbox.click(user, self.latest_post(), label=PANEL)
            assert opened.response is not None, f"no panel for {order.key}"
            await step_to(self.sandbox, user, opened.response, order.key)
            self.panel.pop(user.id, None)
            return
        if order.private:
            panel = self.panel.get(user.id)
            if panel is None or not offers(panel, order.key):
                opened = await self.sandbox.click(user, self.latest_post(), label=PANEL)
                panel = self.panel[user.id] = opened.response
            source = panel
        else:
            source = self.latest_post()
        await press(self.sandbox, user, source, order.key)
        if not order.private:
            self.panel.pop(user.id, None)
        elif user.id in self.panel:
            current = self.panel[user.id]
            self.panel[user.id] = next(m for m in self.sandbox.transcript if m.id == current.id)


def offers(message: Message, key: str) -> bool:
    return any(
        item.get("custom_id", "").endswith(f":{key}")
        or any(o["value"] == key for o in item.get("options", []))
        for row in message.components
        for item in row.get("components", [])
    )


async def press(sandbox: DiscordSandbox, user: SandboxUser, message: Message, key: str) -> None:
    for row in message.components:
        for item in row.get("components", []):
            if item["type"] == 2 and item.get("custom_id", "").endswith(f":{key}"):
                await sandbox.click(user, message, custom_id=item["custom_id"])
                return
            if item["type"] == 3 and any(o["value"] == key for o in item["options"]):
                await sandbox.select(user, message, [key], custom_id=item["custom_id"])
                return
    raise AssertionError(f"order {key} is not offered on {message.text()}")


def bots_order(system: GameSystem, state: JSON, side: str, step: int) -> Order:
    """The legal order the system's bot would give, or the first one if it names none."""
    orders = system.legal_orders(state, side)
    wanted = system.bot_action(state, side, Dice(derived_seed("audit", step)))
    return next((o for o in orders if o.action == wanted), orders[0])


async def audit_game(
    sandbox: DiscordSandbox,
    bot: LaagerBot,
    system: GameSystem,
    mode: str,
    seats: dict[str, SandboxUser],
    spectator: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
    scenario: str | None = None,
    follow: bool = True,
    hook: Receiver | None = None,
) -> Audit:
    """Play one game with people in ``seats`` (side to user) and audit everything public;
    with ``follow`` the spectator follows the game, and her DMs are read with the rest; with
    a ``hook``, the server's webhook posts to it, and what it receives is read too."""
    audit = Audit(system)
    place = Place(sandbox.guild_id, sandbox.default_channel)
    player = Player(sandbox, bot, {})
    first, *others = seats.items()
    if hook is not None:
        await hook_to(bot, sandbox.guild_id, hook)
    with watching(audit, monkeypatch):
        cursor = len(sandbox.events)
        options = {"system": system.id, "mode": mode, "side": first[0]}
        if scenario:
            options["scenario"] = scenario
        await sandbox.slash(first[1], "game new", options)
        for side, user in others:
            await sandbox.slash(user, "game join", {"side": side})
        if follow:
            await sandbox.slash(spectator, "game watch")
        before: JSON | None = None
        while True:
            game, _ = await bot.service.latest(place)
            gone = exempt(system, before, game.state)
            audit.revealed |= gone
            cursor = read(audit, sandbox, game.state, seats, cursor, gone)
            if hook is not None:
                await read_hook(audit, bot, sandbox.guild_id, hook, game.state, gone)
            audit.over = game.status != "active"
            if audit.over or audit.steps >= STEP_LIMIT:
                break
            if audit.steps == 1:
                cursor = await look_as_spectator(audit, sandbox, spectator, game.state, cursor)
            side = system.to_act(game.state)[0]
            await player.give(seats[side], bots_order(system, game.state, side, audit.steps))
            audit.steps += 1
            before = game.state
    return audit


def read(
    audit: Audit,
    sandbox: DiscordSandbox,
    state: JSON,
    seats: dict[str, SandboxUser],
    cursor: int,
    gone: set[str],
    pages: frozenset[str] = frozenset(),
) -> int:
    """Audit what Discord received since ``cursor``; return the new cursor. A message made
    only of ``pages`` (the guides' pages, the same whatever the position, which name every
    card of a deck) is not read."""
    system = audit.system
    public = hidden_from(system, state, Viewer.public())
    for event in sandbox.events[cursor:]:
        message = event.message
        if message.deleted or reference(message, pages):
            continue
        if message.recipient is None and not message.ephemeral:
            where = f"channel message {message.id}"
            body = body_words(message)
            if audit.bodies.get(message.id) != body:
                said = newly_said(audit.bodies.get(message.id), body)
                audit.check(where, said, public, gone)
                audit.check(f"{where} replay page", history_words(message), public, audit.revealed)
            audit.bodies[message.id] = body
            audit.check(f"{where} buttons", component_words(message), public, set())
            continue
        if message.recipient is None:
            continue
        words = body_words(message) + component_words(message) + history_words(message)
        held = [side for side, user in seats.items() if user.id == message.recipient.id]
        if not held:
            where = f"{message.recipient.name}'s own message (no seat)"
            audit.check(where, words, public, audit.revealed)
        for side in held:
            viewer = Viewer.of_side(side)
            hidden = hidden_from(system, state, viewer)
            known = {s.text for s in system.secrets(state) if readable_by(s, viewer)}
            where = f"{message.recipient.name}'s own message"
            audit.check(where, words, hidden, audit.revealed | known)
    for picture in audit.pictures:
        audit.check("picture data", picture, public, set())
    for line in audit.logs:
        audit.check("log line", line, public, audit.revealed)
    audit.pictures.clear()
    audit.logs.clear()
    return len(sandbox.events)


async def hook_to(bot: LaagerBot, guild_id: int, hook: Receiver) -> None:
    """Give the server a webhook posting to ``hook``. Set in the store, not by `/webhook
    set`: a command's interaction id goes into the dice, and one more would change the
    games audited (see UNFOLLOWED in tests/e2e/test_leak_audit.py)."""
    await Webhooks(bot.sessions).set_hook(guild_id, hook.url, HOOK_SECRET, datetime.now(UTC))
    await bot.hooked.add(guild_id)


async def read_hook(
    audit: Audit, bot: LaagerBot, guild_id: int, hook: Receiver, state: JSON, gone: set[str]
) -> None:
    """Once what the last order queued is delivered, read what the receiver got since the
    last look, raw and as the strings its JSON holds, against the position now."""
    store = Webhooks(bot.sessions)
    for _ in range(int(DELIVERY_WAIT / 0.02)):
        if all(d.status != PENDING for d in await store.deliveries(guild_id)):
            break
        await asyncio.sleep(0.02)
    else:
        raise AssertionError("webhook deliveries still pending")
    public = hidden_from(audit.system, state, Viewer.public())
    for received in hook.received[audit.hooked :]:
        said = "\n".join([received.body, *strings_in(json.loads(received.body))])
        audit.check(f"webhook body {received.event['type']}", said, public, gone)
    audit.hooked = len(hook.received)


def strings_in(value: Any) -> list[str]:
    """Every string in a JSON value, keys included."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for k, v in value.items() for text in [k, *strings_in(v)]]
    if isinstance(value, list):
        return [text for item in value for text in strings_in(item)]
    return []


async def look_as_spectator(
    audit: Audit, sandbox: DiscordSandbox, spectator: SandboxUser, state: JSON, cursor: int
) -> int:
    """Another user asks for everything a spectator may ask for."""
    audit.looked = True
    public = hidden_from(audit.system, state, Viewer.public())
    for command, options in (("game status", {}), ("game log", {"count": 50}), ("game export", {})):
        asked = await sandbox.slash(spectator, command, options)
        for message in asked.messages:
            words = body_words(message) + component_words(message) + history_words(message)
            audit.check(f"/{command} for a spectator", words, public, audit.revealed)
    posts = [m for m in sandbox.messages() if PANEL in component_words(m)]
    if posts:
        pressed = await sandbox.click(spectator, posts[-1], label=PANEL)
        audit.check("a spectator's panel", body_words(pressed.response), public, set())
    return len(sandbox.events)


async def audit_bots_game(
    sandbox: DiscordSandbox,
    bot: LaagerBot,
    system: GameSystem,
    starter: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
) -> Audit:
    """A whole bot-against-bot game, played inside one command. Each logged event is read
    against the position it led to (replayed from the seed), and the post against the end."""
    audit = Audit(system)
    place = Place(sandbox.guild_id, sandbox.default_channel)
    with watching(audit, monkeypatch):
        await sandbox.slash(starter, "game new", {"system": system.id, "mode": "bots"})
        game, _ = await bot.service.latest(place)
        events = [e for e in await bot.store.events(game.id) if e.kind in STEP_KINDS]
        positions: list[JSON] = []
        report = replay(system, game.seed, replay_steps(events), watch=positions.append)
        assert report.ok, report.problem
        before: JSON | None = None
        for event, state in zip(events, positions, strict=True):
            gone = exempt(system, before, state)
            audit.revealed |= gone
            now = hidden_from(system, state, Viewer.public())
            audit.check(f"logged event {event.seq}", event.public_text or "", now, gone)
            before = state
        read(audit, sandbox, game.state, {}, 0, audit.revealed)
    return audit


async def audit_fork(
    sandbox: DiscordSandbox,
    bot: LaagerBot,
    system: GameSystem,
    forker: SandboxUser,
    monkeypatch: pytest.MonkeyPatch,
) -> Audit:
    """The channel's finished game forked from its middle phase by ``forker``: everything
    Discord received for it, read against the fork's position (its bot's replies included)."""
    audit = Audit(system)
    parent = await bot.store.latest_finished(sandbox.default_channel)
    assert parent is not None, "the audited game has ended"
    points = await bot.service.fork_points(parent, system)
    point = points[len(points) // 2]
    options: dict[str, Any] = {"phase": point.label}
    if point.turn is not None:
        options["turn"] = point.turn
    with watching(audit, monkeypatch):
        cursor = len(sandbox.events)
        said = await sandbox.slash(forker, "game fork", options)
        assert not said.ephemeral, said.response.content
        async with bot.sessions() as session:
            forked = await session.scalar(
                select(func.max(Fork.game_id)).where(Fork.parent_id == parent.id)
            )
        game = await bot.store.get_game(forked)
        start = replay(system, game.seed, replay_steps(await bot.store.events(game.id))[:1])
        seats = {s.side: forker for s in await bot.store.seats(game.id) if s.user_id == forker.id}
        gone = exempt(system, start.state, game.state)
        audit.revealed |= gone
        read(audit, sandbox, game.state, seats, cursor, gone)
        audit.steps, audit.over = 1, True
    return audit
