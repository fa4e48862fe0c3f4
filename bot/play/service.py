"""The game service: the one place that turns a player's command into a stored change.

It knows nothing of Discord. For each command it locks the channel's game, loads
the snapshot, asks the rules engine, lets the bot play its seats, and commits
the new state with its events in one transaction. The result is an
:class:`Update` that the bot layer turns into messages, DMs and pings.
"""

from __future__ import annotations

import asyncio
import json
import weakref
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from functools import cached_property
from typing import Any

from bot.play import errors
from bot.play.engine_work import (
    EARLIER,
    Given,
    Shown,
    begun,
    placed,
    rolls_json,
    started,
    work_out,
)
from bot.play.forks import ForkPoint, ForkStart, chosen, fork_points, position_at
from bot.play.log_replay import replay_steps
from bot.storage.deadlines import Turn
from bot.storage.errors import ActiveGameExists, GameNotFound, StaleVersion
from bot.storage.outbox import Owed, Seen
from bot.storage.records import EncodedState
from bot.storage.repository import (
    EventRecord,
    ForkOrigin,
    GameRecord,
    NewEvent,
    NewGame,
    NewSeat,
    SeatRecord,
    Store,
)
from games.core.dice import Dice, commitment, derived_seed, new_seed
from games.core.engine import (
    JSON,
    GameSystem,
    Order,
    Result,
    View,
    Viewer,
    fingerprint_key,
    position_id,
)
from games.core.forks import ORIGIN, POSITION
from games.core.levels import LEVEL_OPTION, LEVELS
from games.core.replay import ReplayReport, replay
from games.core.versions import UnreadableState, loaded, stored
from games.registry import Registry


@dataclass(frozen=True)
class Place:
    """Where a command was given: a channel or thread, in a guild or not."""

    guild_id: int | None
    channel_id: int
    replies_only: bool = False
    """The bot is no member here (a group DM or a server that has not added it, reached
    through a user's install): it can answer commands but never speak on its own, so it
    cannot tell another player that the game waits for them."""


@dataclass(frozen=True)
class Actor:
    """Who gave a command, and whether they may run admin commands here.

    ``interaction_id`` is Discord's id for the command or button press; it arrives
    after the game's dice commitment, so it is mixed into the dice of what it does.
    """

    user_id: int
    is_referee: bool = False
    interaction_id: int | None = None


@dataclass
class Update:
    """What a command changed, in the shape the bot layer needs to announce it."""

    game: GameRecord
    system: GameSystem
    seats: list[SeatRecord]
    lines: list[str] = field(default_factory=list)
    private: dict[int, list[str]] = field(default_factory=dict)
    result: Result | None = None
    actor_id: int | None = None
    """The person whose command or order led to this update, if one did."""
    bot_moved: bool = False
    """Whether the bot gave orders after that person, so the game comes back to them."""
    outbox_id: int | None = None
    """The outbox row that owes this update's messages, once it is sent marked done."""
    handed: list[int] | None = None
    """Whom the game was handed to, as the outbox recorded it (an update rebuilt from it)."""
    own: dict[int, list[str]] = field(default_factory=dict)
    """What a player's own order told him alone (his units' losses, his warriors' moves):
    answered where he gave the order rather than DMed, and not kept for the outbox, since
    his panel and /game status show it again."""
    waited: list[int] = field(default_factory=list)
    """Users whose turn it already was before the order (an order's update only): an
    order the rules let a side give out of turn hands the game to no one who had it."""

    @property
    def handed_to(self) -> list[int]:
        """Whom the game was just handed to: those it waits for, except the person who has
        just acted and keeps the move, and those it waited for already (a hand-over comes
        back to them only after the bot)."""
        if self.handed is not None:
            return self.handed
        if self.bot_moved:
            return self.waiting_for
        kept = {self.actor_id, *self.waited}
        return [user for user in self.waiting_for if user not in kept]

    @property
    def waiting_for(self) -> list[int]:
        """Users whose turn it is now."""
        if self.result:
            return []
        sides = self.system.to_act(self.game.state)
        return sorted({s.user_id for s in self.seats if s.side in sides and s.user_id})

    @cached_property
    def position(self) -> str:
        """The keyed fingerprint of the position, which buttons carry; worked out once, since
        the post's buttons, its record and the outbox all ask for it."""
        return fingerprint(self.game)

    def public_view(self) -> View:
        return self.system.view(self.game.state, Viewer.public())

    def orders(self, side: str) -> list[Order]:
        """The side's legal orders now; worked out once a side, since the post's buttons,
        its panel and its turn line all ask for them."""
        known = self._orders
        if side not in known:
            known[side] = [] if self.result else self.system.legal_orders(self.game.state, side)
        return known[side]

    @cached_property
    def _orders(self) -> dict[str, list[Order]]:
        return {}

    def fingerprinted(self, position: str) -> Update:
        """The update, told its position's fingerprint, made by the engine's worker."""
        self.__dict__["position"] = position
        return self

    def knowing(self, orders: dict[str, list[Order]]) -> Update:
        """The update, told the orders open to each side that the engine's worker has
        worked out already, so they are not worked out again on the event loop."""
        self._orders.update(orders)
        return self


def others_seated(seats: list[SeatRecord], user_id: int) -> list[int]:
    """The other people seated in a game (bots and free seats are no one)."""
    return sorted({s.user_id for s in seats if s.user_id and s.user_id != user_id})


def alone_may(seats: list[SeatRecord], user_id: int, what: str) -> None:
    """Refuse a decision that binds every player unless ``user_id`` is the only person
    seated: someone who left or handed over his seat decides nothing, and with others seated
    it takes their agreement."""
    if not any(s.user_id == user_id for s in seats):
        raise errors.NotAllowed(
            f"Only the players seated in this game, or a referee, can {what}. " + seat_hint(seats)
        )
    others = others_seated(seats, user_id)
    if others:
        names = " and ".join(f"<@{u}>" for u in others)
        raise errors.NotAllowed(f"{names} must agree before you {what}; ask with the command.")


def fingerprint(game: GameRecord) -> str:
    """The keyed fingerprint of a stored game's position."""
    return position_id(game.state, fingerprint_key(game.seed))


WORK_SLOTS = 4
"""Commands that may read, work out and store a change to their game at once in a process;
the rest wait their turn in order, already answered ("thinking", or a silent deferral).
With no limit, when a thousand channels asked at once, every command ran at the same time
and each newcomer's first answer waited behind all of them on the event loop: 300 to 500
of the 1,000 players got none within Discord's 3 seconds. With four, all of them did
(``tests.bench.load --channels 1000 --think 5``)."""


class SeedSource:
    """Secret seeds for new games: random, or derived from a master seed for reproducible runs.

    A derived seed is numbered by the games already stored in the channel, which
    survives restarts, so a channel never gets a seed it has used (and revealed) before.
    """

    def __init__(self, master: str | None = None) -> None:
        self._master = master

    def seed(self, channel_id: int, games_before: int) -> str:
        if self._master is None:
            return new_seed()
        return derived_seed(self._master, channel_id, games_before)


def utcnow() -> datetime:
    return datetime.now(UTC)


class GameService:
    """Runs commands against the stored games, one channel at a time."""

    def __init__(
        self,
        store: Store,
        registry: Registry,
        seeds: SeedSource | None = None,
        clock: Callable[[], datetime] = utcnow,
        outbox_lease: float = 30.0,
    ) -> None:
        self.store = store
        self.registry = registry
        self._seeds = seeds or SeedSource()
        self.clock = clock
        self.outbox_lease = outbox_lease
        """Seconds an order's outbox row stays claimed by the process that committed it."""
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._slots = asyncio.Semaphore(WORK_SLOTS)
        self._fork_points: dict[int, list[ForkPoint]] = {}

    @asynccontextmanager
    async def lock(self, channel_id: int) -> AsyncIterator[None]:
        """A channel's turn to change its game: its lock, which serializes commands on one
        channel inside this process, then one of the process's work slots."""
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[channel_id] = lock
        async with lock, self._slots:
            yield

    # -- starting and seating -------------------------------------------------

    async def new_game(
        self,
        place: Place,
        actor: Actor,
        system_id: str,
        scenario: str | None = None,
        mode: str | None = None,
        side: str | None = None,
        options: JSON | None = None,
        bot_sides: tuple[str, ...] | None = None,
        deadline_hours: int | None = None,
        level: str | None = None,
        fork: ForkStart | None = None,
    ) -> Update:
        """Start a game here, or with ``fork`` a what-if game from a finished one's position.
        ``bot_sides`` seats the bot where the mode would leave a side to a second player (a
        campaign against the bot from that side); with ``deadline_hours``, each turn runs out
        after that many hours; ``level`` is how well the bot plays (by the book unless named),
        written into the options and so the log."""
        if deadline_hours is not None:
            checked_deadline(deadline_hours)
        system = self.registry.get(system_id)
        scenario = _pick("scenario", scenario, list(system.scenarios), system.title)
        mode = _pick("mode", mode, list(system.modes), system.title)
        level = _pick("bot level", level, list(LEVELS), system.title)
        options = {
            **system.modes[mode].options,
            **system.modes[mode].level_options.get(level, {}),
            **dict(options or {}),
            LEVEL_OPTION: level,
        }
        if bot_sides is None:
            bot_sides = tuple(_bot_sides(system, mode))
        human_sides = [s for s in system.sides if s not in bot_sides]
        if place.replies_only and len(human_sides) > 1:
            raise errors.BadInput(_only_solo_here(system, mode))
        if place.replies_only and deadline_hours:
            raise errors.BadInput(NO_DEADLINE_HERE)
        if side is None:
            side = human_sides[0] if human_sides else None
        elif side not in system.sides:
            raise errors.BadInput(
                f"{system.title} has no side `{side}`. Choose one of: {_list(system.sides)}."
            )
        elif side in bot_sides:
            raise errors.BadInput(
                _bot_side_refusal(system, mode, side, list(bot_sides), human_sides)
            )
        async with self.lock(place.channel_id):
            if await self.store.active_game(place.channel_id):
                raise _busy()
            seed = self._seeds.seed(place.channel_id, await self.store.game_count(place.channel_id))
            dice = Dice(seed)
            action = {"scenario": scenario, "options": dict(options or {})}
            if fork is None:
                worked = await work_out(
                    begun, system, scenario, dict(options or {}), dice, set(bot_sides)
                )
            else:
                action |= fork.logged()
                worked = await work_out(started, system, action, dice, set(bot_sides))
            now = self.clock()
            events = [
                NewEvent(
                    kind="create",
                    actor_id=actor.user_id,
                    side=None,
                    action=action,
                    dice=rolls_json(worked.rolls),
                    public_text=worked.public_text,
                    private=worked.private,
                ),
                *worked.replies,
            ]
            seats = [
                NewSeat(side=s, user_id=None, is_bot=True) for s in system.sides if s in bot_sides
            ]
            if side is not None:
                seats.append(NewSeat(side=side, user_id=actor.user_id, is_bot=False))
            state = worked.state
            result = system.result(state)
            record = NewGame(
                guild_id=place.guild_id,
                channel_id=place.channel_id,
                system=system.id,
                scenario=scenario,
                mode=mode,
                options=dict(options or {}),
                state=stored(system, state),
                seed=seed,
                seed_commitment=commitment(seed),
                dice_cursor=dice.cursor,
                creator_id=actor.user_id,
                status="finished" if result else "active",
                result=result_json(result),
            )
            try:
                deadline = None if not deadline_hours else Turn(deadline_hours, None, None)
                game = await self.store.create_game(
                    record,
                    seats,
                    events,
                    now=now,
                    deadline=deadline,
                    fork=None if fork is None else fork.origin,
                )
            except ActiveGameExists:
                raise _busy() from None
            return (await self.update_of(game, system, events, result)).knowing(worked.orders)

    async def fork_point(
        self, place: Place, turn: int | None = None, phase: str | None = None
    ) -> tuple[GameRecord, GameSystem, ForkPoint]:
        """The channel's latest finished game and the point of it a player named
        (bot.play.forks.chosen), checked before anything is made of it."""
        game = await self.store.latest_finished(place.channel_id)
        if game is None:
            raise errors.NoGame(
                "No game has finished in this channel, so there is none to fork. A what-if "
                "game starts from a position of a finished game."
            )
        system = self.registry.get(game.system)
        return game, system, chosen(await self.fork_points(game, system), turn, phase)

    async def fork_points(self, game: GameRecord, system: GameSystem) -> list[ForkPoint]:
        """Where a finished game can be forked; kept for the latest few, which never change."""
        found = self._fork_points.pop(game.id, None)
        if found is None:
            steps = replay_steps(await self.store.events(game.id))
            found = await work_out(fork_points, system, game.seed, steps)
            if found is None:
                raise errors.BadInput(
                    f"Game {game.id}'s log does not replay to its stored position, so no "
                    "position of it can honestly be forked; `/game verify` says more."
                )
        self._fork_points[game.id] = found
        while len(self._fork_points) > KEPT_FORK_POINTS:
            del self._fork_points[next(iter(self._fork_points))]
        return found

    async def fork(
        self,
        into: Place,
        actor: Actor,
        parent: GameRecord,
        point: ForkPoint,
        side: str | None = None,
    ) -> Update:
        """A what-if game in ``into`` from ``point`` of the finished ``parent``: the same
        scenario, mode and options, the bot at the sides it held, fresh dice, no deadline.
        The forker takes ``side``, else the side they played, else the first free one."""
        system = self.registry.get(parent.system)
        steps = replay_steps(await self.store.events(parent.id))
        position = await work_out(position_at, system, parent.seed, steps, point.steps)
        seats = await self.store.seats(parent.id)
        bots = tuple(s.side for s in seats if s.is_bot)
        if side is None:
            played = [s.side for s in seats if s.user_id == actor.user_id and not s.is_bot]
            side = played[0] if played else None
        origin = ForkOrigin(parent.id, point.steps, point.label)
        update = await self.new_game(
            into,
            actor,
            parent.system,
            parent.scenario,
            parent.mode,
            side,
            dict(parent.options),
            bot_sides=bots,
            level=parent.options.get(LEVEL_OPTION),
            fork=ForkStart(origin, stored(system, position)),
        )
        for seat in update.seats:  # what the forker's side knows, as a join tells it
            secret = hidden_lines(system, update.game.state, seat.side)
            if seat.user_id == actor.user_id and secret:
                update.private.setdefault(actor.user_id, []).extend(secret)
        return update

    async def join(
        self, place: Place, actor: Actor, side: str | None = None, entropy: str | None = None
    ) -> Update:
        """Seat the actor; the join's id and any value they typed go into the dice from now on."""
        value = None if entropy is None else checked_contribution(entropy)
        if place.replies_only:
            raise errors.BadInput(
                f"{NOT_A_MEMBER} Nobody can join a game here; start your own solo game with "
                "`/game new`, or play two-player in a server that has added Laager."
            )
        async with self.lock(place.channel_id):
            game, system = await self.game_here(place)
            seats = await self.store.seats(game.id)
            mine = [s.side for s in seats if s.user_id == actor.user_id]
            if mine:
                raise errors.BadInput(f"You already play {_list(mine)} in this game.")
            open_sides = [s.side for s in seats if s.user_id is None and not s.is_bot]
            open_sides += [s for s in system.sides if s not in {x.side for x in seats}]
            if not open_sides:
                raise errors.SeatTaken("Every side in this game already has a player.")
            if side is None:
                side = open_sides[0]
            elif side not in open_sides:
                raise errors.SeatTaken(
                    f"`{side}` is not free. Free sides: {_list(open_sides)}."
                    if side in system.sides
                    else f"This game has no side `{side}`. Free sides: {_list(open_sides)}."
                )
            text = f"<@{actor.user_id}> takes the {side} side."
            if value is not None:
                text += f" Their value `{value}` goes into the dice from now on."
            event = NewEvent(
                kind="join",
                actor_id=actor.user_id,
                side=side,
                action={},
                dice=[],
                public_text=text,
                private=None,
                contributions=contributions_of(actor, value),
            )
            try:
                game = await self.store.set_seat(
                    game.id,
                    game.version,
                    NewSeat(side=side, user_id=actor.user_id),
                    events=[event],
                    now=self.clock(),
                )
            except StaleVersion:
                raise moved_on() from None
            update = await self.update_of(game, system, [event], None)
            secret = hidden_lines(system, update.game.state, side)
            if secret:
                update.private.setdefault(actor.user_id, []).extend(secret)
            return update

    async def add_entropy(self, place: Place, actor: Actor, entropy: str) -> Update:
        """A seated player's own value, mixed into every die rolled after it."""
        value = checked_contribution(entropy)
        async with self.lock(place.channel_id):
            game, system = await self.game_here(place)
            seats = await self.store.seats(game.id)
            if not any(s.user_id == actor.user_id for s in seats):
                raise errors.NotSeated(
                    "Only the players seated in this game can add to its dice. "
                    + seat_hint(seats, "; it has an `entropy` option too")
                )
            event = NewEvent(
                kind="entropy",
                actor_id=actor.user_id,
                public_text=(
                    f"<@{actor.user_id}> adds `{value}` to the dice; "
                    "every die from now on depends on it."
                ),
                contributions=contributions_of(actor, value),
            )
            try:
                game = await self.store.append_events(
                    game.id, game.version, [event], now=self.clock()
                )
            except StaleVersion:
                raise moved_on() from None
            return await self.update_of(game, system, [event], None)

    async def leave(self, place: Place, actor: Actor) -> Update:
        async with self.lock(place.channel_id):
            game, system = await self.game_here(place)
            seats = await self.store.seats(game.id)
            mine = [s.side for s in seats if s.user_id == actor.user_id]
            if not mine:
                raise errors.NotSeated(
                    "You have no seat in this game, so there is nothing to leave."
                )
            event = NewEvent(
                kind="leave",
                actor_id=actor.user_id,
                side=mine[0],
                action={},
                dice=[],
                public_text=f"<@{actor.user_id}> leaves; {_list(mine)} is free to `/game join`.",
                private=None,
            )
            try:
                for number, side in enumerate(mine):
                    game = await self.store.remove_seat(
                        game.id,
                        game.version,
                        side,
                        events=[event] if number == 0 else (),
                        now=self.clock(),
                    )
            except StaleVersion:
                raise moved_on() from None
            return await self.update_of(game, system, [event], None)

    # -- playing --------------------------------------------------------------

    async def act(
        self,
        place: Place,
        actor: Actor,
        action: JSON | None = None,
        *,
        key: str | None = None,
        side: str | None = None,
        position: str | None = None,
        game_id: int | None = None,
        seen: Seen | None = None,
    ) -> Update:
        """Apply one order, then let the bot answer for its seats, all in one commit, with
        the messages it owes written to the outbox in that same commit.

        The order is either spelled out (``action``) or named by the ``key`` of one of
        the actor's current choices, as buttons and ``/game order`` do. A button also
        carries the game and position it was offered for, and is refused once stale. An
        order without one (a slash command) brings the position its giver was last
        shown (``seen``), so the same order given twice is refused the second time.
        """
        async with self.lock(place.channel_id):
            game, system, seats, contributions = await self.game_in_full(place)
            if game_id is not None and game_id != game.id:
                raise errors.GameMovedOn(EARLIER)
            mine = _sides_of(seats, actor.user_id, side)
            mixed = contributions_of(actor)
            dice = Dice(game.seed, game.dice_cursor, [*contributions, *mixed])
            bots = {s.side for s in seats if s.is_bot}
            last_seen = seen.position if seen is not None and seen.game_id == game.id else None
            shown = Shown(fingerprint_key(game.seed), position, last_seen)
            given = Given(side, action, key, mine)
            done = await work_out(placed, system, game.state, given, shown, dice, bots)
            worked = done.worked
            events = [
                NewEvent(
                    kind="action",
                    actor_id=actor.user_id,
                    side=worked.side,
                    action=worked.action,
                    dice=rolls_json(worked.rolls),
                    public_text=worked.public_text,
                    private=worked.private,
                    contributions=mixed,
                ),
                *worked.replies,
            ]
            state = worked.state
            result = system.result(state)
            composed = _compose(replace(game, state=state), system, seats, events, result)
            waited = sorted({s.user_id for s in seats if s.side in done.acting and s.user_id})
            composed.fingerprinted(done.position).waited = waited
            encoded = EncodedState(stored(system, state), done.stored)
            try:
                game = await self.store.commit_action(
                    game.id,
                    game.version,
                    state=encoded,
                    events=events,
                    dice_cursor=dice.cursor,
                    status="finished" if result else None,
                    result=result_json(result),
                    now=self.clock(),
                    owed=_owed(composed),
                    lease=self.outbox_lease,
                    awaited=bool(composed.waiting_for),
                )
            except StaleVersion:
                raise moved_on() from None
            update = await self.update_of(
                game, system, events, result, turn_restarted=True, seats=seats
            )
            update.outbox_id, update.waited = game.outbox_id, waited
            return update.fingerprinted(done.position).knowing(worked.orders)

    async def orders(self, place: Place, user_id: int) -> list[Order]:
        """Every order open to this user now (for their panel and autocomplete)."""
        game, system, seats = await self.current(place)
        mine = [s.side for s in seats if s.user_id == user_id]
        return [o for side in mine for o in system.legal_orders(game.state, side)]

    async def abort(self, place: Place, actor: Actor) -> Update:
        """End the channel's game unfinished at once: a referee's say, or that of a player
        with no other person seated. With others seated they must agree (``/game abort``
        asks them, bot.play.agreements)."""
        async with self.lock(place.channel_id):
            game, system = await self.game_here(place)
            seats = await self.store.seats(game.id)
            if not actor.is_referee:
                alone_may(seats, actor.user_id, "abort it")
            return await self.aborted(game, system, actor, [])

    async def aborted(
        self, game: GameRecord, system: GameSystem, actor: Actor, consent: list[int]
    ) -> Update:
        """End the game unfinished, logged with who asked and who agreed; the caller holds
        the channel's lock and has checked that they may (bot.play.agreements)."""
        agreed = "".join(f", with <@{u}>'s agreement" for u in consent)
        event = NewEvent(
            kind="abort",
            actor_id=actor.user_id,
            side=None,
            action={},  # who agreed is in the words, which forgetting a person reaches
            dice=[],
            public_text=f"<@{actor.user_id}> aborted the game{agreed}.",
            private=None,
        )
        try:
            game = await self.store.commit_action(
                game.id,
                game.version,
                state=stored(system, game.state),
                events=[event],
                dice_cursor=game.dice_cursor,
                status="aborted",
                result={"winner": None, "summary": "Aborted."},
                now=self.clock(),
                awaited=False,
            )
        except StaleVersion:
            raise moved_on() from None
        aborted = Result(None, "Aborted.")
        return await self.update_of(game, system, [event], aborted, turn_restarted=True)

    # -- looking --------------------------------------------------------------

    async def current(self, place: Place) -> tuple[GameRecord, GameSystem, list[SeatRecord]]:
        """The place's active game, its system and seats, in one read."""
        game, system, seats, _ = await self.game_in_full(place)
        return game, system, seats

    async def latest(self, place: Place) -> tuple[GameRecord, GameSystem]:
        game = await self.store.latest_game(place.channel_id)
        if game is None:
            raise errors.NoGame("No game has been played in this channel yet.")
        system = self.registry.get(game.system)
        return _loaded(system, game), system

    async def log(self, place: Place, limit: int = 15) -> tuple[GameRecord, list[EventRecord]]:
        game, _ = await self.latest(place)
        total = await self.store.event_count(game.id)
        events = await self.store.events(game.id, after_seq=max(-1, total - limit - 1))
        return game, events

    async def verify(self, place: Place) -> tuple[GameRecord, ReplayReport | None]:
        """Check a finished game: the revealed seed's SHA-256 against the published commitment,
        then a replay from the seed and the logged contributions, in a worker process. A
        running game has no revealed seed yet, so it gets None."""
        game, system = await self.latest(place)
        if game.status == "active":
            return game, None
        as_stored = await self.store.get_game(game.id)
        events = await self.store.events(game.id)
        report = await work_out(audit, system, as_stored, events)
        origin = events[0].action.get(ORIGIN) if events else None
        if report.ok and origin:
            report = replace(report, problem=await self._fork_problem(system, events[0], origin))
        return game, report

    async def _fork_problem(
        self, system: GameSystem, created: EventRecord, origin: JSON
    ) -> str | None:
        """Why a what-if game's start is not the position of the game it names, if it is not:
        that game's own log, replayed, must reach the position the fork logged."""
        try:
            parent = await self.store.get_game(int(origin["game"]))
        except GameNotFound:
            return None  # forgotten since: its own log proves the fork, nothing more
        steps = replay_steps(await self.store.events(parent.id))
        there = await work_out(position_at, system, parent.seed, steps, int(origin["steps"]))
        if there != loaded(system, created.action[POSITION]):
            return f"Its start is not the position of game {parent.id} it names."
        return None

    async def export(self, place: Place) -> tuple[GameRecord, dict[str, Any]]:
        """The game as data; hidden values (seed, dice, state) only once it is over."""
        game, system = await self.latest(place)
        events = await self.store.events(game.id)
        seats = await self.store.seats(game.id)
        over = game.status != "active"
        data: dict[str, Any] = {
            "game": game.id,
            "system": game.system,
            "scenario": game.scenario,
            "mode": game.mode,
            "options": game.options,
            "status": game.status,
            "result": game.result,
            "created_at": game.created_at.isoformat(),
            "seed_commitment": game.seed_commitment,
            "seats": [{"side": s.side, "user_id": s.user_id, "bot": s.is_bot} for s in seats],
            "events": [_event_json(e, full=over) for e in events],
        }
        if over:
            data["seed"] = game.seed
            data["final_state"] = game.state
        else:
            data["public_view"] = system.view(game.state, Viewer.public()).lines
        return game, data

    async def idle_reminders(self, default_hours: float) -> list[tuple[GameRecord, list[int]]]:
        """Games idle past their guild's interval, with the users to remind; marks them reminded."""
        now = self.clock()
        found = []
        for game in await self.store.idle_games(now - timedelta(hours=_MIN_REMINDER_HOURS)):
            hours = default_hours
            if game.guild_id is not None:
                chosen = (await self.store.guild_settings(game.guild_id)).reminder_hours
                hours = chosen if chosen is not None else hours
            if game.last_action_at > now - timedelta(hours=hours):
                continue
            system = self.registry.get(game.system)
            try:
                sides = system.to_act(loaded(system, game.state))
            except UnreadableState:
                continue  # written by a newer bot, which reminds its players itself
            users = [
                s.user_id for s in await self.store.seats(game.id) if s.side in sides and s.user_id
            ]
            await self.store.mark_reminded(game.id, now)
            if users:
                found.append((game, users))
        return found

    # -- internals ------------------------------------------------------------

    async def game_here(self, place: Place) -> tuple[GameRecord, GameSystem]:
        """The place's active game and its system, or the refusal that says why there is
        none; public because undo, deadlines and substitutes act on games too."""
        game = await self.store.active_game(place.channel_id)
        if game is None:
            latest = await self.store.latest_game(place.channel_id)
            if latest is not None:
                raise errors.GameFinished(
                    f"The last game here ({latest.system}) is {latest.status}. "
                    "Start another with `/game new`."
                )
            raise errors.NoGame("There is no game in this channel. Start one with `/game new`.")
        system = self.registry.get(game.system)
        return _loaded(system, game), system

    async def game_in_full(
        self, place: Place
    ) -> tuple[GameRecord, GameSystem, list[SeatRecord], list[str]]:
        """The place's active game as :meth:`game_here` finds it, with its seats and its dice
        contributions, read in one statement (an order's only read)."""
        found = await self.store.game_in_full(place.channel_id)
        if found is None:  # no game: game_here says why (or finds one started meanwhile)
            game, system = await self.game_here(place)
            seats = await self.store.seats(game.id)
            return game, system, seats, await self.store.contributions(game.id)
        game, seats, contributions = found
        system = self.registry.get(game.system)
        return _loaded(system, game), system, seats, contributions

    async def update_of(
        self,
        game: GameRecord,
        system: GameSystem,
        events: list[NewEvent],
        result: Result | None,
        *,
        turn_restarted: bool = False,
        seats: list[SeatRecord] | None = None,
    ) -> Update:
        """The update that committed ``events`` owe the players; a change of the game starts
        the next turn's deadline unless its commit did (``turn_restarted``). ``seats`` spares
        reading them again when the commit changed none. Public for the other modules that
        commit log entries."""
        game = _loaded(system, game)
        seats = seats if seats is not None else await self.store.seats(game.id)
        update = _compose(game, system, seats, events, result)
        if not turn_restarted and any(e.kind != "entropy" for e in events):
            await self.store.restart_turn(game.id, bool(update.waiting_for), self.clock())
        return update


_MIN_REMINDER_HOURS = 0.25
KEPT_FORK_POINTS = 32
"""Finished games whose fork points are kept, so choosing a phase answers at once."""


def _compose(
    game: GameRecord,
    system: GameSystem,
    seats: list[SeatRecord],
    events: list[NewEvent],
    result: Result | None,
) -> Update:
    """The update that ``events`` make of ``game``: its lines, DMs and whom it hands to."""
    actors = [i for i, e in enumerate(events) if e.actor_id is not None]
    update = Update(
        game,
        system,
        seats,
        [e.public_text for e in events if e.public_text],
        {},
        result,
        actor_id=events[actors[0]].actor_id if actors else None,
        bot_moved=bool(actors)
        and events[actors[-1]].kind == "action"
        and any(e.kind == "bot" for e in events[actors[-1] + 1 :]),
    )
    for event in events:
        for side, text in (event.private or {}).items():
            for seat in seats:
                if seat.side == side and seat.user_id:
                    own = event.kind == "action" and event.actor_id == seat.user_id
                    told = update.own if own else update.private
                    told.setdefault(seat.user_id, []).append(text)
    return update


def _owed(update: Update) -> Owed:
    """What the update owes Discord, in the outbox's words."""
    return Owed(
        position=update.position,
        lines=update.lines,
        private=update.private,
        actor_id=update.actor_id,
        handed_to=update.handed_to,
    )


def hidden_lines(system: GameSystem, state: JSON, side: str) -> list[str]:
    """What ``side`` sees that the channel does not."""
    public = set(system.view(state, Viewer.public()).lines)
    return [line for line in system.view(state, Viewer.of_side(side)).lines if line not in public]


def _loaded(system: GameSystem, game: GameRecord) -> GameRecord:
    """The stored game with its state upgraded to the shape ``system`` reads."""
    return replace(game, state=loaded(system, game.state))


def _pick(what: str, value: str | None, allowed: list[str], title: str) -> str:
    if value is None:
        return allowed[0]
    if value not in allowed:
        raise errors.BadInput(f"{title} has no {what} `{value}`. Choose one of: {_list(allowed)}.")
    return value


NOT_A_MEMBER = (
    "Laager is not a member here (you reach it through your own install), so it can only "
    "answer the commands you give it: it cannot tell another player that it is their turn."
)


NO_DEADLINE_HERE = (
    "Laager is not a member here, so it could not post when a turn runs out: turn deadlines "
    "work in the bot's DMs and in servers that have added Laager."
)


def _only_solo_here(system: GameSystem, mode: str) -> str:
    """Why a game for several players cannot start where the bot cannot speak on its own,
    and the modes of this system that can."""
    solo = [m for m in system.modes if len(system.sides) - len(_bot_sides(system, m)) <= 1]
    instead = (
        f"Here, choose mode {' or '.join(f'`{m}`' for m in solo)}"
        if solo
        else f"{system.title} has no mode for one player"
    )
    return (
        f"{NOT_A_MEMBER} Mode `{mode}` needs more than one player. {instead}, or play "
        "two-player in a server that has added Laager."
    )


def _bot_sides(system: GameSystem, mode: str) -> list[str]:
    chosen = system.modes[mode].bot_sides
    if chosen == "all":
        return list(system.sides)
    if chosen == "others":
        return list(system.sides[1:])
    return list(chosen)


def seat_hint(seats: list[SeatRecord], join_note: str = "") -> str:
    """What someone without a seat can do: join a free side if there is one, else watch."""
    free = [s.side for s in seats if not s.user_id and not s.is_bot]
    if free:
        return f"Take a free side ({_list(free)}) with `/game join`{join_note}."
    return "Every side is taken, so you can watch; start your own game in another channel."


def _bot_side_refusal(
    system: GameSystem, mode: str, side: str, bot_sides: list[str], human_sides: list[str]
) -> str:
    """Why ``side`` cannot be had in ``mode``, and the modes where it can."""
    said = f"In the `{mode}` mode the bot plays {_list(bot_sides)}"
    said += f", so you would play {_list(human_sides)}." if human_sides else "."
    other = [m for m in system.modes if side not in _bot_sides(system, m)]
    if other:
        said += f" To play {side}, choose the mode {' or '.join(f'`{m}`' for m in other)}."
    return said


def _sides_of(seats: list[SeatRecord], user_id: int, side: str | None) -> list[str]:
    """The sides ``user_id`` plays; refused if none, or if ``side`` is asked for and is
    not one of them. (Which side an order is for, when none is named, is the worker's to
    say: :func:`bot.play.engine_work.ordered`.)"""
    mine = [s.side for s in seats if s.user_id == user_id]
    if not mine:
        raise errors.NotSeated("You have no seat in this game. " + seat_hint(seats))
    if side is not None and side not in mine:
        raise errors.NotSeated(f"You play {_list(mine)}, not {side}.")
    return mine


def audit(
    system: GameSystem,
    game: GameRecord,
    events: list[EventRecord],
    *,
    state_must_match: bool = True,
) -> ReplayReport:
    """Check a game, as the store holds it, against its own log: the seed against the
    commitment published at the start, then a replay from the seed and the logged
    contributions, rolling exactly the logged dice and (unless told otherwise) ending in the
    stored state, upgraded to today's shape. Reads the seed, so its report is for finished
    games, or for operators."""
    mismatch = _commitment_mismatch(game)
    if mismatch:
        return ReplayReport({}, 0, 0, mismatch)
    report = replay(system, game.seed, replay_steps(events))
    if not (state_must_match and report.ok):
        return report
    try:
        stored_state = _loaded(system, game).state
    except UnreadableState as error:
        return replace(report, problem=str(error))
    if report.state != stored_state:
        report = replace(report, problem="The replayed state differs from the stored one.")
    return report


def _commitment_mismatch(game: GameRecord) -> str | None:
    """Why the revealed seed does not match the commitment published at the start, if it doesn't."""
    try:
        digest = commitment(game.seed)
    except ValueError:
        return "The revealed seed is not a string of hex digits, so it cannot be checked."
    if digest != game.seed_commitment:
        return (
            f"The commitment does not match: the revealed seed's SHA-256 is `{digest}`, "
            f"but the commitment published at the start is `{game.seed_commitment}`."
        )
    return None


DEADLINE_HOURS = range(1, 721)
"""A turn deadline may be an hour to thirty days: shorter cannot be met over a night's
sleep, longer is no deadline at all."""


def checked_deadline(hours: int) -> int:
    """A turn deadline in hours, refused in plain words unless it is within DEADLINE_HOURS."""
    if hours not in DEADLINE_HOURS:
        raise errors.BadInput(
            f"A turn deadline is a whole number of hours from {DEADLINE_HOURS[0]} to "
            f"{DEADLINE_HOURS[-1]} (30 days); `{hours}` is not. Use 0 in `/game settings` "
            "to take a deadline away."
        )
    return hours


MAX_CONTRIBUTION = 100
"""Longest value a player may type into the dice (Discord shows it in the log)."""


def checked_contribution(value: str) -> str:
    """A player's typed value, trimmed; refused in plain words unless it is one short line."""
    value = value.strip()
    if not 0 < len(value) <= MAX_CONTRIBUTION or "`" in value or not value.isprintable():
        raise errors.BadInput(
            f"Your value for the dice must be 1 to {MAX_CONTRIBUTION} characters on one line "
            "(letters, digits, spaces and punctuation, but no backticks): for example a few "
            "words or a number only you would think of."
        )
    return value


def contributions_of(actor: Actor, value: str | None = None) -> tuple[str, ...]:
    """What a command adds to the dice: its Discord id, then the value typed, if any."""
    ids = () if actor.interaction_id is None else (str(actor.interaction_id),)
    return ids if value is None else (*ids, value)


def _event_json(event: EventRecord, *, full: bool) -> dict[str, Any]:
    data: dict[str, Any] = {
        "seq": event.seq,
        "kind": event.kind,
        "actor_id": event.actor_id,
        "side": event.side,
        "text": event.public_text,
        "at": event.created_at.isoformat(),
        "contributions": event.contributions,
    }
    if full:
        data |= {"action": event.action, "dice": event.dice, "private": event.private}
    return data


def result_json(result: Result | None) -> JSON | None:
    return None if result is None else {"winner": result.winner, "summary": result.summary}


def _list(items: Any) -> str:
    return ", ".join(f"`{i}`" for i in items)


def _busy() -> errors.ChannelBusy:
    return errors.ChannelBusy(
        "A game is already running in this channel. Finish or `/game abort` it, "
        "or start yours in another channel or a thread."
    )


def moved_on() -> errors.GameMovedOn:
    return errors.GameMovedOn(
        "The game moved on while your order was being processed: another order was applied "
        "first. Nothing of yours was applied; check `/game status` and try again."
    )


def export_text(data: dict[str, Any]) -> str:
    """A readable log of an exported game."""
    lines = [
        f"Laager game {data['game']}: {data['system']} / {data['scenario']} ({data['mode']})",
        f"Status: {data['status']}",
        f"Dice commitment (SHA-256 of the seed): {data['seed_commitment']}",
    ]
    if "seed" in data:
        lines.append(f"Seed: {data['seed']}")
    lines.append("")
    for event in data["events"]:
        who = event["side"] or ("bot" if event["kind"] == "bot" else "")
        lines.append(f"#{event['seq']} {event['at']} [{event['kind']}] {who}".rstrip())
        for text_line in (event["text"] or "").splitlines():
            lines.append(f"    {text_line}")
        if event["contributions"]:
            lines.append(f"    added to the dice: {', '.join(event['contributions'])}")
        for roll in event.get("dice") or []:
            lines.append(f"    rolled {roll['die']} = {roll['value']} for {roll['purpose']}")
    if data.get("result"):
        lines += ["", f"Result: {json.dumps(data['result'])}"]
    return "\n".join(lines) + "\n"
