"""Taking back a player's last order: at once in solo when it showed nothing, else with the
opponent's consent, and never by rewinding the dice.

Everything is a log entry, so replay and ``/game verify`` see it all:

- ``undo_ask``: a player asks; its action names the orders and the asker.
- ``undo_no``: the opponent refuses; the orders stand.
- ``undo``: the orders are taken back. Its action lists their log numbers and the dice
  position reached so far (``cursor``); the game keeps that position, so the next die comes
  from a later place in the stream than any die the undone orders showed.

"The player's last order" is the latest order still standing, if it is theirs, together with
the bot's replies stored with it (in solo the bot answers at once, so its replies go too).
Only that one stretch can be taken back: not one the opponent has acted after, not one
already taken back, not the bot's own opening orders, not in a finished game.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from bot.play import errors
from bot.play.engine_work import work_out
from bot.play.log_replay import STEP_KINDS, replay_steps
from bot.play.service import (
    Actor,
    GameService,
    Place,
    Update,
    contributions_of,
    hidden_lines,
    moved_on,
    others_seated,
    seat_hint,
)
from bot.storage.errors import StaleVersion
from bot.storage.records import EventRecord, GameRecord, NewEvent, SeatRecord
from games.core.dice import derived_seed
from games.core.engine import JSON, GameSystem, Viewer
from games.core.replay import replay
from games.core.text import shorten
from games.core.undo import Given, reveals
from games.core.versions import stored

ASK, REFUSED, UNDONE = "undo_ask", "undo_no", "undo"
QUOTED = 300
"""Characters of the undone orders' public words quoted in the channel."""


class AlreadyAnswered(errors.GameMovedOn):
    """A second answer to a request (two presses at once): the first one stands."""


@dataclass(frozen=True)
class Stretch:
    """The orders an undo would take back: the player's order and the bot's replies."""

    events: list[EventRecord]
    before: JSON
    rolled: bool
    revealed: bool

    @property
    def seqs(self) -> list[int]:
        return [e.seq for e in self.events]

    @property
    def asker(self) -> int:
        return int(self.events[0].actor_id or 0)

    def what(self) -> str:
        """The orders in the words the channel already saw, never more."""
        said = " ".join(e.public_text.replace("\n", " ") for e in self.events if e.public_text)
        return shorten(said or "an order that showed nothing", QUOTED)

    def why_consent(self) -> str:
        """Why, in solo, the order must stand (empty: it may be taken back)."""
        if self.rolled:
            return "it rolled dice"
        return "it showed you something that had been hidden" if self.revealed else ""


@dataclass
class Asked:
    """A request waiting for the opponents' answer, to post with the consent buttons."""

    game_id: int
    ask_seq: int
    text: str
    opponents: list[int] = field(default_factory=list)


async def ask(service: GameService, place: Place, actor: Actor) -> Update | Asked:
    """``/game undo``: take the order back now (solo, showing nothing) or ask the opponents."""
    async with service.lock(place.channel_id):
        game, system, seats = await service.current(place)
        _seated(seats, actor.user_id)
        events = await service.store.events(game.id)
        stretch = await work_out(_stretch, system, game, seats, events, actor.user_id)
        opponents = others_seated(seats, actor.user_id)
        if _pending(events, stretch) is not None:
            raise errors.BadInput(
                f"You have already asked to take back this order; {_names(opponents)} can "
                "allow or refuse it with the buttons under your request."
            )
        if not opponents:
            why = stretch.why_consent()
            if why:
                raise errors.NotAllowed(
                    f"Your last order stands: {why}, and in a game with no other player taking "
                    "it back would be a free second try. Orders that roll no dice and show "
                    "nothing hidden can be taken back."
                )
            return await _undo(service, game, system, seats, stretch, actor, None)
        text = (
            f"<@{actor.user_id}> asks to take back their last order: {stretch.what()}"
            + (" (it rolled dice; they will not be rolled again)" if stretch.rolled else "")
            + f"\n{_names(opponents)}: allow it or refuse it with the buttons below."
        )
        event = NewEvent(
            kind=ASK,
            actor_id=actor.user_id,
            side=stretch.events[0].side,
            action={"undoes": stretch.seqs},
            public_text=text,
        )
        try:
            game = await service.store.append_events(
                game.id, game.version, [event], now=service.clock()
            )
        except StaleVersion:
            raise moved_on() from None
        return Asked(game.id, events[-1].seq + 1, text, opponents)


async def answer(
    service: GameService, place: Place, actor: Actor, game_id: int, ask_seq: int, allow: bool
) -> tuple[Update, str]:
    """An opponent's answer to the request logged at ``ask_seq``: the update and the words
    that replace the request in the channel."""
    async with service.lock(place.channel_id):
        game, system, seats = await service.current(place)
        events = await service.store.events(game.id)
        asked = next((e for e in events if e.seq == ask_seq and e.kind == ASK), None)
        if game.id != game_id or asked is None:
            raise errors.GameMovedOn("That request belongs to an earlier game.")
        asker = int(asked.actor_id or 0)
        opponents = others_seated(seats, asker)
        if actor.user_id == asker:
            raise errors.NotAllowed(
                f"You asked for this undo, so it is not yours to answer; {_names(opponents)} "
                "decides."
            )
        if actor.user_id not in opponents:
            raise errors.NotAllowed(
                f"Only {_names(opponents)}, the asker's opponent, can answer this request."
            )
        later = [e for e in events if e.seq > ask_seq and e.kind in (*STEP_KINDS, ASK, REFUSED)]
        if any(e.kind in (REFUSED, UNDONE) for e in later):
            raise AlreadyAnswered("This request has already been answered.")
        if later:
            raise errors.GameMovedOn(
                "This request is no longer open: it was answered, or the game moved on since. "
                "The asker can use `/game undo` again if their order is still the last."
            )
        if not allow:
            event = NewEvent(
                kind=REFUSED,
                actor_id=actor.user_id,
                public_text=f"<@{actor.user_id}> refuses; <@{asker}>'s order stands.",
            )
            try:
                game = await service.store.append_events(
                    game.id, game.version, [event], now=service.clock()
                )
            except StaleVersion:
                raise moved_on() from None
            update = await service.update_of(game, system, [event], None)
            return update, event.public_text
        stretch = await work_out(_stretch, system, game, seats, events, asker)
        if stretch.seqs != list(asked.action.get("undoes", ())):
            raise errors.GameMovedOn("This request is no longer open: the game moved on since.")
        update = await _undo(service, game, system, seats, stretch, actor, actor.user_id)
        return update, f"<@{actor.user_id}> allows it; <@{asker}>'s order is taken back."


async def _undo(
    service: GameService,
    game: GameRecord,
    system: GameSystem,
    seats: list[SeatRecord],
    stretch: Stretch,
    actor: Actor,
    consent: int | None,
) -> Update:
    """Store the position from before the stretch, with the dice left where they are."""
    private = {}
    for side in {s.side for s in seats if s.user_id}:
        now = hidden_lines(system, stretch.before, side)
        if now != hidden_lines(system, game.state, side):
            private[side] = "\n".join(["After the undo, what only you see is:", *now])
    text = (
        f"<@{stretch.asker}>'s last order is taken back"
        + (f" with <@{consent}>'s consent" if consent else "")
        + f": {stretch.what()}\nThe position is as it was before it. The dice do not rewind: "
        f"the next die is drawn from position {game.dice_cursor} of the stream on."
    )
    event = NewEvent(
        kind=UNDONE,
        actor_id=stretch.asker,
        side=stretch.events[0].side,
        action={"undoes": stretch.seqs, "cursor": game.dice_cursor},
        public_text=text,
        private=private or None,
        contributions=contributions_of(actor),
    )
    after = Update(replace(game, state=stretch.before), system, seats)
    try:
        game = await service.store.commit_action(
            game.id,
            game.version,
            state=stored(system, stretch.before),
            events=[event],
            dice_cursor=game.dice_cursor,
            now=service.clock(),
            awaited=bool(after.waiting_for),
        )
    except StaleVersion:
        raise moved_on() from None
    return await service.update_of(game, system, [event], None, turn_restarted=True)


def _stretch(
    system: GameSystem,
    game: GameRecord,
    seats: list[SeatRecord],
    events: list[EventRecord],
    user_id: int,
) -> Stretch:
    """The user's last order with the bot's replies after it, or a refusal in words. It
    replays the log, so it runs in a worker process (:func:`bot.play.engine_work.work_out`).

    Whether it showed the player something hidden matters only in solo, where it decides; with
    an opponent every undo needs consent, so the question is not asked (its answer, posted,
    could itself say something about a hidden value).
    """
    steps = [e for e in events if e.kind in STEP_KINDS]
    end = len(steps)
    while end and steps[end - 1].kind == "bot":
        end -= 1
    last = steps[end - 1] if end else None
    if last is None or last.kind == "create":
        raise errors.BadInput(
            "There is nothing to take back: no player has given an order in this game yet."
        )
    if last.kind == UNDONE:
        raise errors.BadInput(
            "The last order has already been taken back, and only the last order can be. "
            "Give your next order; you can ask to take that one back."
        )
    if last.actor_id != user_id:
        raise errors.BadInput(
            f"The last order was <@{last.actor_id}>'s, given after yours, so yours can no longer "
            "be taken back. Only the last order in the game can be, by the player who gave it."
        )
    taken = steps[end - 1 :]
    first = events.index(taken[0])
    report = replay(system, game.seed, replay_steps(events[:first]))
    if not report.ok:
        raise errors.NotAllowed(
            "This game's log does not replay with this version of the bot, so no order in it "
            "can be taken back."
        )
    rolled = any(e.dice for e in taken)
    shown = False
    if not rolled and not others_seated(seats, user_id):
        viewers = [Viewer.of_side(s.side) for s in seats if s.user_id == user_id]
        orders = [Given(str(e.side), e.action, e.kind == "bot") for e in taken]
        seed = derived_seed(game.seed, "undo", taken[0].seq)
        shown = reveals(system, report.state, orders, viewers, seed)
    return Stretch(taken, report.state, rolled, shown)


def _pending(events: list[EventRecord], stretch: Stretch) -> EventRecord | None:
    """The open request to take back ``stretch``, if one was made and not yet answered."""
    asks = [e for e in events if e.kind == ASK and e.seq > stretch.seqs[-1]]
    if not asks:
        return None
    answered = any(e.seq > asks[-1].seq and e.kind in (REFUSED, UNDONE) for e in events)
    return None if answered else asks[-1]


def _seated(seats: list[SeatRecord], user_id: int) -> None:
    if not any(s.user_id == user_id for s in seats):
        raise errors.NotSeated(
            "Only a player in this game can take back their own order, and you have no seat. "
            + seat_hint(seats)
        )


def _names(users: list[int]) -> str:
    return " or ".join(f"<@{u}>" for u in users) or "your opponent"
