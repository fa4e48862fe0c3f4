"""Play a solo game through Discord-in-a-box and count, per game turn, what the channel got.

The human's orders are the system's own bot's, pressed on the bot's buttons and panels
as in the leak audit; after each order the traffic since the last one is tallied and put
against the turn the order was given in.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.play.service import Place
from bot.process.app import LaagerBot
from bot.sandbox import DiscordSandbox, SandboxUser
from bot.sandbox.traffic import Traffic, tally
from games.core.engine import JSON, GameSystem, Viewer
from games.core.levels import at_level
from tests.e2e.conftest import is_recap
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
    handed: dict[int, int] = field(default_factory=dict)
    """How often the game passed from one person to each other person."""
    hand_overs: dict[int, int] = field(default_factory=dict)
    """Per turn, how often the game passed to another person within a phase (or, in the
    first turn, a player took a seat)."""
    recap: Traffic = field(default_factory=Traffic)
    """The recap a finished game posts, counted apart from its turns."""

    def within_bound(self) -> list[str]:
        """Turns with more posts than phases and hand-overs within a phase: each phase is
        told in one post, and a hand-over within it (a pick for the other player) in one
        more."""
        found = []
        for turn, t in sorted(self.turns.items()):
            bound = len(self.phases.get(turn, ())) + self.hand_overs.get(turn, 0)
            if t.posts > bound:
                found.append(f"turn {turn}: {t.posts} posts for {bound} phases and hand-overs")
        return found

    @property
    def total(self) -> Traffic:
        return sum(self.turns.values(), Traffic())

    def per_turn(self) -> str:
        rows = [
            f"turn {turn}: {t.posts} posts, {t.pings} pings, {t.maps} maps, {t.dms} DMs"
            for turn, t in sorted(self.turns.items())
        ]
        total = self.total
        rows.append(
            f"total over {len(self.turns)} turns and {self.orders} orders: {total.posts} posts, "
            f"{total.pings} pings, {total.maps} maps, {total.dms} DMs"
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
    seats = dict.fromkeys(system.sides, user)
    return await measure(sandbox, bot, system_id, seats, "solo", options=options, limit=limit)


async def measure(
    sandbox: DiscordSandbox,
    bot: LaagerBot,
    system_id: str,
    seats: dict[str, SandboxUser],
    mode: str,
    *,
    options: dict | None = None,
    limit: int = 400,
    level: str | None = None,
) -> Measured:
    """Play ``system_id`` with people in ``seats`` (side to user; the first starts the game,
    the others join) to its end, or ``limit`` orders, and count its traffic. The people give
    the orders the bot would at the game's level, or at ``level``."""
    system = bot.registry.get(system_id)
    place = Place(sandbox.guild_id, sandbox.default_channel)
    player = Player(sandbox, bot, {})
    (first, starter), *rest = seats.items()
    others = [(side, user) for side, user in rest if user.id != starter.id]
    measured = Measured(human=starter.id)
    seen: set[int] = set()
    cursor = len(sandbox.events)
    chosen = {"side": first} if others else {}
    new = {"system": system_id, "mode": mode, **chosen, **(options or {})}
    await sandbox.slash(starter, "game new", new)
    for side, user in others:
        await sandbox.slash(user, "game join", {"side": side})
    measured.hand_overs[1] = len(others)  # each seat taken is posted
    before: str | None = None
    # who acted last: the last to take a seat hands the game to whoever it waits for
    acting = others[-1][1] if others else None
    while True:
        game, _ = await bot.service.latest(place)
        measured.game_id = game.id
        turn = game.state["turn"]
        now = phase_of(system, game.state)
        measured.phases.setdefault(turn, set()).add(now)
        if before is not None and now != before and await bot_played_last(bot, game.id):
            measured.handed_back += game.status == "active"
        sides = system.to_act(game.state) if game.status == "active" else ()
        user = seats[sides[0]] if sides else None
        if user is not None and acting is not None and user.id != acting.id:
            measured.handed[user.id] = measured.handed.get(user.id, 0) + 1
            if now == before:
                measured.hand_overs[turn] = measured.hand_overs.get(turn, 0) + 1
        before, acting = now, user
        events = sandbox.events[cursor:]
        cursor = len(sandbox.events)
        measured.recap += tally([e for e in events if is_recap(e.message)], seen)
        traffic = tally([e for e in events if not is_recap(e.message)], seen)
        measured.turns[turn] = measured.turns.get(turn, Traffic()) + traffic
        if user is None or measured.orders >= limit:
            measured.over = game.status != "active"
            return measured
        state = game.state if level is None else at_level(game.state, level)
        await player.give(user, bots_order(system, state, sides[0], measured.orders))
        measured.orders += 1


def phase_of(system: GameSystem, state: JSON) -> str:
    """The phase a position is in (its turn and title where the system names no phase)."""
    view = system.view(state, Viewer.public())
    return view.phase or f"{state.get('turn')}.{view.title}"


async def bot_played_last(bot: LaagerBot, game_id: int) -> bool:
    """Whether the bot gave the game's latest order, after a person's."""
    kinds = [e.kind for e in await bot.store.events(game_id)]
    return kinds[-1:] == ["bot"]
