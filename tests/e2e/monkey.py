"""The monkey at the table: a seeded, bounded random walk through Discord-in-a-box in which
the players and a spectator press whatever they can see and now and then type a random slash
command with hostile text, while the leak audit reads every step (`test_monkey` uses it)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

import pytest

from bot.play.log_replay import replay_steps
from bot.play.service import audit
from bot.process.app import LaagerBot
from bot.sandbox import DiscordSandbox, SandboxUser
from bot.sandbox import components as parts
from bot.sandbox.laager_offline import APOLOGISED
from bot.sandbox.models import Message, SandboxError, SandboxTimeout
from bot.storage.records import EventRecord, GameRecord
from games.core.engine import JSON, GameSystem
from games.core.replay import replay
from tests.e2e.leak_audit import Audit, exempt, read, watching

LOOKED_AT = 12
TYPED = 0.2
"""How often a person types a command instead of pressing something."""
HOSTILE = (
    "",
    " ",
    "\x00",
    "a\x00b",
    "NaN",
    "-Infinity",
    "1e309",
    "-1",
    "0",
    "99999999999999999999",
    "ℤ𝔲𝔩𝔲 ☠️ é",
    "\u202egnirts",
    "@everyone",
    "' OR 1=1 --",
    "x" * 120,
)
"""Text no player should type, but some will."""
NOT_TYPED = ("game odds", "ramparts odds", "game recap")
"""Commands that start minutes of work (simulations, animations): a walk has no time for them."""
SUBCOMMAND, GROUP, STRING, INTEGER, BOOLEAN, USER, NUMBER = 1, 2, 3, 4, 5, 6, 10
"""The newest messages a person looks over for something to press (stale ones included)."""
GAMES = 5
"""Games a walk may start, one after another, when the one before ends."""


@dataclass(frozen=True)
class Table:
    system: str
    mode: str
    scenario: str | None = None

    @property
    def label(self) -> str:
        return "-".join(x for x in (self.system, self.scenario, self.mode) if x)


TABLES = [
    Table("last-stand", "two-player"),
    Table("last-stand", "solo"),
    Table("ramparts", "solo"),
    Table("ramparts", "bots"),
    Table("zones", "two-player", "rorkes-drift"),
    Table("zones", "solo", "isandlwana"),
    Table("duel", "two-player"),
]


def pressable(message: Message) -> list[dict]:
    return [*parts.clickable_buttons(message.components), *parts.usable_selects(message.components)]


def said(message: Message) -> str:
    return "\n".join([message.text(), *(old.content for old in message.history)])


async def press_something(
    sandbox: DiscordSandbox, who: SandboxUser, rng: random.Random, pressed: Counter[str]
) -> None:
    """One press by ``who`` of anything he can see, chosen at random; nothing when he sees
    nothing to press."""
    seen = [(m, c) for m in sandbox.visible_to(who)[:LOOKED_AT] for c in pressable(m)]
    if not seen:
        pressed["nothing to press"] += 1
        return
    message, component = rng.choice(seen)
    if component["type"] == parts.BUTTON:
        await sandbox.click(who, message, custom_id=component["custom_id"])
        pressed["buttons"] += 1
    else:
        options = [o["value"] for o in component.get("options", [])]
        low = component.get("min_values", 1)
        high = min(component.get("max_values", 1), len(options))
        chosen = rng.sample(options, rng.randint(low, max(low, high)))
        await sandbox.select(who, message, chosen, custom_id=component["custom_id"])
        pressed["menus"] += 1
    # A press left unanswered for 3 s raises SandboxTimeout in the sandbox, as Discord fails it.


def typed_commands(sandbox: DiscordSandbox) -> list[tuple[str, list[dict]]]:
    """Every command path a player can type, with its options."""
    found = []

    def walk(path: str, options: list[dict]) -> None:
        subs = [o for o in options if o["type"] in (SUBCOMMAND, GROUP)]
        if not subs:
            if path not in NOT_TYPED:
                found.append((path, options))
        for sub in subs:
            walk(f"{path} {sub['name']}", sub.get("options", []))

    for command in sandbox.registered_commands():
        walk(command["name"], command.get("options", []))
    return sorted(found)


async def type_something(
    sandbox: DiscordSandbox,
    who: SandboxUser,
    people: list[SandboxUser],
    rng: random.Random,
    pressed: Counter[str],
) -> None:
    """One slash command by ``who``, chosen at random, with random or hostile options; what
    Discord itself would refuse to send is counted, not sent."""
    path, declared = rng.choice(typed_commands(sandbox))
    options: dict[str, object] = {}
    try:
        for option in declared:
            if not option.get("required") and rng.random() < 0.5:
                continue
            value = await a_value(sandbox, who, people, path, option, options, rng)
            if value is None:
                if option.get("required"):
                    pressed["commands skipped"] += 1
                    return
                continue
            options[option["name"]] = value
        await sandbox.slash(who, path, options)
    except SandboxTimeout:
        raise
    except SandboxError:
        pressed["refused by Discord"] += 1
        return
    pressed["commands"] += 1


async def a_value(
    sandbox: DiscordSandbox,
    who: SandboxUser,
    people: list[SandboxUser],
    path: str,
    option: dict,
    given: dict[str, object],
    rng: random.Random,
) -> object | None:
    """A value for one option: offered by the bot or the choices, or hostile."""
    kind = option["type"]
    if option.get("choices") and rng.random() < 0.7:
        return rng.choice(option["choices"])["value"]
    if kind == STRING:
        if option.get("autocomplete") and rng.random() < 0.6:
            offered = await sandbox.autocomplete(
                who, path, {**given, option["name"]: ""}, focused=option["name"]
            )
            if offered:
                return rng.choice(offered)["value"]
        text = rng.choice(HOSTILE).ljust(option.get("min_length", 0), "?")
        return text[: option.get("max_length", 6000)]
    if kind in (INTEGER, NUMBER):
        low, high = option.get("min_value", -(10**6)), option.get("max_value", 10**9)
        return rng.choice([low, high, int(low), int(high), rng.randint(int(low), int(high))])
    if kind == BOOLEAN:
        return rng.random() < 0.5
    if kind == USER:
        return rng.choice(people)
    return None  # channels, roles, attachments: not a monkey's to type


class Watch:
    """The leak audit kept up over a walk: after each step it reads what Discord received
    against the position of the channel's game, whichever game that now is.

    One press may pass through many positions, and a secret may leave and come back between
    two looks (a Hero Put Forth whom the Seniority Debate sends straight back to the hand):
    the channel may then name it. So the words a channel message may use are those of every
    secret revealed, shown, or named in the public account since the game began; a leak
    through the account itself is the leak audit's to catch (`test_leak_audit`)."""

    def __init__(
        self, sandbox: DiscordSandbox, laager: LaagerBot, people: list[SandboxUser], system: str
    ):
        self.sandbox, self.laager, self.people = sandbox, laager, people
        self.tap = Audit(laager.registry.get(system))
        """Where the pictures and log lines of every game are recorded until read."""
        self.audits: dict[int, Audit] = {}
        self.game_id: int | None = None
        self.before: JSON | None = None
        self.steps = self.told = 0
        """Replay steps and events of the game already looked at."""
        self.cursor = 0
        guides = [p.guide for p in laager.pairings.values() if p.guide is not None]
        self.pages = frozenset(page for g in guides for page in g.topics.values())

    @property
    def findings(self) -> list[str]:
        return [f for audit in self.audits.values() for f in audit.findings]

    async def look(self) -> None:
        game = await self.laager.store.latest_game(self.sandbox.default_channel)
        if game is None:
            self.cursor = len(self.sandbox.events)
            return
        if game.id != self.game_id:
            system = self.laager.registry.get(game.system)
            self.audits[game.id] = Audit(system, pictures=self.tap.pictures, logs=self.tap.logs)
            self.game_id, self.before, self.steps, self.told = game.id, None, 0, 0
        audit = self.audits[game.id]
        held = {s.user_id: s.side for s in await self.laager.store.seats(game.id)}
        seats = {held[p.id]: p for p in self.people if p.id in held}
        events = await self.laager.store.events(game.id)
        told = "\n".join(e.public_text or "" for e in events[self.told :])
        gone: set[str] = set()
        for position in self.positions(audit.system, game, events):
            if self.before is not None:
                gone |= exempt(audit.system, self.before, position)
                gone |= {s.text for s in audit.system.secrets(position) if s.text in told}
            self.before = position
        self.told = len(events)
        audit.revealed |= gone
        self.cursor = read(
            audit, self.sandbox, game.state, seats, self.cursor, audit.revealed, self.pages
        )

    def positions(
        self, system: GameSystem, game: GameRecord, events: list[EventRecord]
    ) -> list[JSON]:
        """The positions the game passed through since the last look: one press may hold many
        steps (the bots' turns)."""
        steps = replay_steps(events)
        if len(steps) == self.steps:
            return []
        passed: list[JSON] = []
        report = replay(system, game.seed, steps, watch=passed.append)
        assert report.ok, report.problem
        new, self.steps = passed[self.steps :], len(steps)
        return new


async def monkey(
    sandbox: DiscordSandbox,
    laager: LaagerBot,
    people: list[SandboxUser],
    table: Table,
    seed: int,
    steps: int,
    typed: float = TYPED,
) -> Counter[str]:
    alice, bob = people[0], people[1]
    options = {"system": table.system, "mode": table.mode}
    if table.scenario:
        options["scenario"] = table.scenario
    rng = random.Random(f"{table.label}/{seed}")
    pressed: Counter[str] = Counter()
    watch = Watch(sandbox, laager, people, table.system)
    with pytest.MonkeyPatch.context() as patch, watching(watch.tap, patch):
        for _ in range(steps):
            if await laager.store.active_game(sandbox.default_channel) is None:
                if pressed["games"] == GAMES:
                    break
                await sandbox.slash(alice, "game new", options)
                if table.mode == "two-player":
                    await sandbox.slash(bob, "game join")
                pressed["games"] += 1
                await watch.look()
            who = rng.choice(people)
            if rng.random() < typed:
                await type_something(sandbox, who, people, rng, pressed)
            else:
                await press_something(sandbox, who, rng, pressed)
            await watch.look()
    assert watch.findings == [], watch.findings[:5]
    apologies = [m for m in sandbox.transcript if APOLOGISED in said(m)]
    assert apologies == [], said(apologies[0])

    game = await laager.store.latest_game(sandbox.default_channel)
    assert game is not None
    system = laager.registry.get(game.system)
    report = audit(system, game, await laager.store.events(game.id), state_must_match=True)
    assert report.ok, report.problem
    return pressed
