"""Play a solo game through Discord-in-a-box and count, per game turn, what the channel got.

The human's orders are the system's own bot's, pressed on the bot's buttons and panels
as in the leak audit; after each order the traffic since the last one is tallied and put
against the turn the order was given in.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.app import LaagerBot
from bot.sandbox import DiscordSandbox, SandboxUser
from bot.sandbox.traffic import Traffic, tally
from bot.service import Place
from games.core.engine import JSON, GameSystem, Viewer
from tests.e2e.leak_audit import Player, bots_order


@dataclass
class Measured:
    """Channel traffic per game turn of one game, and the orders the human gave."""

    turns: dict[int, Traffic] = field(default_factory=dict)
    orders: int = 0
    over: bool = False
    human: int = 0
    game_id: int = 0
    phases: dict[int, set[str]] = field(default_factory=dict)
    """The phases of each turn the game stood in after an order (or at its start)."""
    handed_back: int = 0
    """Orders after which the bot played and gave the game back in a new phase."""

    def within_bound(self) -> list[str]:
        """Turns with more posts than phases: each phase is told in one post."""
        return [
            f"turn {turn}: {t.posts} posts for {len(self.phases.get(turn, ()))} phases"
            for turn, t in sorted(self.turns.items())
            if t.posts > len(self.phases.get(turn, ()))
        ]

    @property
    def total(self) -> Traffic:
        return sum(self.turns.values(), Traffic())

    def per_turn(self) -> str:
        rows = [
            f"turn {turn}: {t.posts} posts, {t.pings} pings, {t.maps} maps"
            for turn, t in sorted(self.turns.items())
        ]
        total = self.total
        rows.append(
            f"total over {len(self.turns)} turns and {self.orders} orders: {total.posts} posts, "
            f"{total.pings} pings, {total.maps} maps"
        )
        return "\n".join(rows)


async def measure_solo(
    sandbox: DiscordSandbox,
    bot: LaagerBot,
    system_id: str,
    user: SandboxUser,
    *,
    options: dict | None = None,
    limit: int = 400,
) -> Measured:
    """Play ``system_id`` solo to its end (or ``limit`` orders) and count its traffic."""
    system = bot.registry.get(system_id)
    place = Place(sandbox.guild_id, sandbox.default_channel)
    player = Player(sandbox, bot, {})
    measured = Measured(human=user.id)
    seen: set[int] = set()
    cursor = len(sandbox.events)
    await sandbox.slash(user, "game new", {"system": system_id, "mode": "solo", **(options or {})})
    before: str | None = None
    while True:
        game, _ = await bot.service.latest(place)
        measured.game_id = game.id
        turn = game.state["turn"]
        now = phase_of(system, game.state)
        measured.phases.setdefault(turn, set()).add(now)
        if before is not None and now != before and await bot_played_last(bot, game.id):
            measured.handed_back += game.status == "active"
        before = now
        traffic = tally(sandbox.events[cursor:], seen)
        cursor = len(sandbox.events)
        measured.turns[turn] = measured.turns.get(turn, Traffic()) + traffic
        if game.status != "active" or measured.orders >= limit:
            measured.over = game.status != "active"
            return measured
        side = system.to_act(game.state)[0]
        await player.give(user, bots_order(system, game.state, side, measured.orders))
        measured.orders += 1


def phase_of(system: GameSystem, state: JSON) -> str:
    """The phase a position is in (its turn and title where the system names no phase)."""
    view = system.view(state, Viewer.public())
    return view.phase or f"{state.get('turn')}.{view.title}"


async def bot_played_last(bot: LaagerBot, game_id: int) -> bool:
    """Whether the bot gave the game's latest order, after a person's."""
    kinds = [e.kind for e in await bot.store.events(game_id)]
    return kinds[-1:] == ["bot"]
