"""Turn deadlines and the bot standing in: setting a game's deadline, the reminders owed
before a turn runs out, the bot playing the current phase of a seat whose turn ran out, and
the seat handed back the moment its player acts. It knows nothing of Discord; the timers
are in the database (:mod:`bot.storage.deadlines`), so a restart loses none."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from bot.play import errors
from bot.play.engine_work import BOT_STEP_LIMIT, bot_order, bot_turns, work_out
from bot.play.service import (
    NO_DEADLINE_HERE,
    Actor,
    GameService,
    Place,
    Update,
    checked_deadline,
    moved_on,
    result_json,
)
from bot.storage.deadlines import DeadlineRecord, Turn
from bot.storage.errors import StaleVersion
from bot.storage.records import GameRecord, NewEvent
from games.core.dice import Dice
from games.core.engine import JSON, GameSystem, Viewer
from games.core.versions import stored


def checked_place(place: Place, hours: int) -> None:
    """Refuse a deadline that cannot be kept, before anything is asked or logged."""
    if hours:
        checked_deadline(hours)
        if place.replies_only:
            raise errors.BadInput(NO_DEADLINE_HERE)


async def logged_deadline(
    service: GameService,
    game: GameRecord,
    system: GameSystem,
    actor: Actor,
    hours: int,
    consent: list[int],
) -> Update:
    """Log and keep the deadline, told in the channel; the turn now running starts again
    under it. The caller holds the channel's lock and has checked who may."""
    agreed = "".join(f" (with <@{u}>'s agreement)" for u in consent)
    text = (
        f"<@{actor.user_id}> sets a turn deadline of {hours} hour{'s' * (hours != 1)}{agreed}: "
        "when a turn runs out, the bot plays that side's current phase, and the seat is "
        "its player's again the moment they act."
        if hours
        else f"<@{actor.user_id}> takes the turn deadline away{agreed}; turns may take as long "
        "as they take."
    )
    # who agreed is in the words, which forgetting a person reaches, not in the payload
    event = NewEvent(
        kind="deadline", actor_id=actor.user_id, action={"hours": hours}, public_text=text
    )
    turn = Turn(hours, None, None) if hours else None
    try:
        game = await service.store.log_deadline(
            game.id, game.version, event, turn, now=service.clock()
        )
    except StaleVersion:
        raise moved_on() from None
    return await service.update_of(game, system, [event], None)


@dataclass(frozen=True)
class Reminder:
    """A turn about to run out: whom to remind, and when it runs out."""

    game: GameRecord
    title: str
    users: list[int]
    due_at: datetime


async def reminders(service: GameService, now: datetime) -> list[Reminder]:
    """The reminders owed now, each claimed so that no other process sends it too."""
    found = []
    for deadline in await service.store.due_reminders(now):
        if deadline.due_at is None:
            continue
        if not await service.store.claim_reminder(deadline.game_id, deadline.due_at, now):
            continue
        game = await service.store.get_game(deadline.game_id)
        system = service.registry.get(game.system)
        users = Update(game, system, await service.store.seats(game.id)).waiting_for
        if users:
            found.append(Reminder(game, system.title, users, deadline.due_at))
    return found


async def stand_in(service: GameService, deadline: DeadlineRecord) -> Update | None:
    """Play the current phase of every seat whose turn ran out, by the game's bot policy, if
    this process is the one that claims the expiry; None when another did, or the game has
    moved on. The orders are logged as the bot's, so replay and `/game verify` hold."""
    now = service.clock()
    due = deadline.due_at
    if due is None or not await service.store.claim_expiry(deadline.game_id, due, now):
        return None
    stored_game = await service.store.get_game(deadline.game_id)
    place = Place(stored_game.guild_id, stored_game.channel_id)
    async with service.lock(place.channel_id):
        try:
            game, system = await service.game_here(place)
        except errors.LaagerError:
            return None
        if game.id != deadline.game_id or game.last_action_at > now - timedelta(
            hours=deadline.hours
        ):
            return None  # a turn started since the expiry was read
        seats = await service.store.seats(game.id)
        waiting = system.to_act(game.state)
        late = [s for s in seats if s.user_id and s.side in waiting]
        if not late:
            await service.store.restart_turn(game.id, False, now)
            return None
        dice = Dice(game.seed, game.dice_cursor, await service.store.contributions(game.id))
        names = ", ".join(f"<@{s.user_id}>" for s in late)
        sides = [s.side for s in late]
        events = [
            NewEvent(
                kind="stand-in",
                action={"sides": sides},
                public_text=(
                    f"The {deadline.hours}-hour deadline ran out for {names}, so the bot plays "
                    f"{', '.join(sides)} this phase. Any order or command in this game hands "
                    "the seat back."
                ),
            )
        ]
        bot_sides = {s.side for s in seats if s.is_bot}
        state, played = await work_out(_stand_in_for, system, game.state, sides, bot_sides, dice)
        events += played
        result = system.result(state)
        after = Update(replace(game, state=state), system, seats, result=result)
        try:
            game = await service.store.commit_action(
                game.id,
                game.version,
                state=stored(system, state),
                events=events,
                dice_cursor=dice.cursor,
                status="finished" if result else None,
                result=result_json(result),
                now=now,
                awaited=bool(after.waiting_for),
                stand_ins=sides,
            )
        except StaleVersion:
            return None
        return await service.update_of(game, system, events, result, turn_restarted=True)


def _stand_in_for(
    system: GameSystem, state: JSON, sides: list[str], bot_sides: set[str], dice: Dice
) -> tuple[JSON, list[NewEvent]]:
    """The bot's orders for each late side's current phase, then for its own sides: the
    engine's work of a stand-in, done in a worker process as an order's is."""
    events: list[NewEvent] = []
    for side in sides:
        state, played = _play_phase(system, state, side, dice)
        events += played
    state, more = bot_turns(system, state, bot_sides, dice)
    return state, events + more


def _play_phase(
    system: GameSystem, state: JSON, side: str, dice: Dice
) -> tuple[JSON, list[NewEvent]]:
    """The bot's orders for ``side`` until its phase ends: the game waits for another side,
    moves to another phase, or ends."""
    phase = system.view(state, Viewer.public()).phase
    events: list[NewEvent] = []
    for _ in range(BOT_STEP_LIMIT):
        if system.result(state) or side not in system.to_act(state):
            break
        if events and system.view(state, Viewer.public()).phase != phase:
            break
        state, event = bot_order(system, state, side, dice)
        events.append(event)
    return state, events


class StandIns:
    """The channels where the bot stands in for a player, held in memory so that a command
    or press in any other channel (nearly all of them) costs no query.

    Any process may stand in, so the whole set is read again every REFRESH_SECONDS by the
    reminders' loop; a stand-in this process makes is noted at once. A seat another process
    stood in for is thus handed back by its player's first command after the next reading
    (within seconds), not by one given before it."""

    REFRESH_SECONDS = 5.0

    def __init__(self) -> None:
        self.channels: set[int] = set()

    async def refresh(self, service: GameService) -> None:
        self.channels = await service.store.stood_in_channels()

    def note(self, channel_id: int) -> None:
        self.channels.add(channel_id)

    def __contains__(self, channel_id: int) -> bool:
        return channel_id in self.channels


async def hand_back(service: GameService, channel_id: int, user_id: int) -> str | None:
    """What to tell the channel when a player acts in a game where the bot stood in for them;
    None if it did not (the usual case, one indexed query)."""
    sides = await service.store.hand_back(channel_id, user_id)
    if not sides:
        return None
    return f"<@{user_id}> is back: the bot no longer stands in for {', '.join(sides)}."
