"""Decisions that bind every player of a game are taken by all of them: ending it unfinished
(``/game abort``) and giving it a turn deadline (``/game settings deadline_hours``), since a
deadline decides when the bot plays for a player. A player seated alone, or a referee,
decides at once; with other people seated, the request is logged and posted with buttons
only they can press. Every one of them must agree; the first refusal ends the request.

Everything is a log entry:

- ``agree_ask``: a player asks; its action is what is proposed (``{"what": "abort"}`` or
  ``{"what": "deadline", "hours": n}``).
- ``agree_yes``: one of the others agrees, while others still have to.
- ``agree_no``: one of them refuses; nothing changes.
- the decision itself, as it was always logged (``abort``, ``deadline``), naming who agreed.

A request lapses once the game moves on (an order, another request or a decision).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.play import deadlines, errors
from bot.play.log_replay import STEP_KINDS
from bot.play.service import Actor, GameService, Place, Update, moved_on, others_seated, seat_hint
from bot.storage.errors import StaleVersion
from bot.storage.records import EventRecord, GameRecord, NewEvent
from games.core.engine import JSON, GameSystem

ASK, AGREED, REFUSED = "agree_ask", "agree_yes", "agree_no"
DECIDED = ("abort", "deadline")
ABORT: JSON = {"what": "abort"}


def deadline(hours: int) -> JSON:
    return {"what": "deadline", "hours": hours}


class AlreadyAnswered(errors.GameMovedOn):
    """A second answer from the same person, or one after the request ended."""


@dataclass
class Asked:
    """A request waiting for the others' answers, to post with the buttons."""

    game_id: int
    ask_seq: int
    text: str
    others: list[int] = field(default_factory=list)


def proposal(what: JSON) -> str:
    """What is proposed, in words."""
    if what["what"] == "abort":
        return "to abort this game: it ends now, with no winner"
    hours = int(what["hours"])
    if not hours:
        return "to take the turn deadline away, so turns may take as long as they take"
    return (
        f"for a turn deadline of {hours} hour{'s' * (hours != 1)}: when a turn runs out, the "
        "bot plays that side's current phase until its player is back"
    )


def done(what: JSON) -> str:
    """What the last agreement decided, in words."""
    if what["what"] == "abort":
        return "the game is aborted"
    return "the deadline is set" if int(what["hours"]) else "the deadline is taken away"


async def propose(service: GameService, place: Place, actor: Actor, what: JSON) -> Update | Asked:
    """Decide at once (a referee, or a player seated alone), or ask the others."""
    if what["what"] == "deadline":
        deadlines.checked_place(place, int(what["hours"]))
    async with service.lock(place.channel_id):
        game, system, seats = await service.current(place)
        if actor.is_referee:
            return await _decide(service, game, system, actor, what, [])
        if not any(s.user_id == actor.user_id for s in seats):
            raise errors.NotAllowed(
                "Only the players seated in this game, or a referee, can ask for that. "
                + seat_hint(seats)
            )
        others = others_seated(seats, actor.user_id)
        if not others:
            return await _decide(service, game, system, actor, what, [])
        events = await service.store.events(game.id)
        if _open(events) is not None:
            raise errors.BadInput(
                "A request is already waiting for an answer in this game; it has to be agreed "
                "or refused (or the game move on) before another is made."
            )
        names = _names(others)
        text = (
            f"<@{actor.user_id}> asks {proposal(what)}.\n"
            f"{names}: agree or refuse with the buttons below; it takes everyone's agreement."
        )
        event = NewEvent(kind=ASK, actor_id=actor.user_id, action=dict(what), public_text=text)
        try:
            game = await service.store.append_events(
                game.id, game.version, [event], now=service.clock()
            )
        except StaleVersion:
            raise moved_on() from None
        return Asked(game.id, events[-1].seq + 1, text, others)


async def answer(
    service: GameService, place: Place, actor: Actor, game_id: int, ask_seq: int, yes: bool
) -> tuple[Update | None, str]:
    """One of the others answers the request logged at ``ask_seq``: the decision's update
    once everyone has agreed (None while some have still to), and the words that end or
    extend the request in the channel."""
    async with service.lock(place.channel_id):
        game, system, seats = await service.current(place)
        events = await service.store.events(game.id)
        asked = next((e for e in events if e.seq == ask_seq and e.kind == ASK), None)
        if game.id != game_id or asked is None:
            raise errors.GameMovedOn("That request belongs to an earlier game.")
        asker = int(asked.actor_id or 0)
        others = others_seated(seats, asker)
        if actor.user_id == asker:
            raise errors.NotAllowed(f"This is your own request; {_names(others)} must answer it.")
        if actor.user_id not in others:
            raise errors.NotAllowed(f"Only {_names(others)} can answer this request.")
        later = [e for e in events if e.seq > ask_seq]
        if any(e.kind in (REFUSED, *DECIDED) for e in later):
            raise AlreadyAnswered("This request has already been answered.")
        if any(e.kind in (*STEP_KINDS, ASK) for e in later):
            raise errors.GameMovedOn("This request lapsed: the game moved on since it was made.")
        agreed = sorted({int(e.actor_id or 0) for e in later if e.kind == AGREED})
        if actor.user_id in agreed:
            raise AlreadyAnswered("You have already agreed; the others still have to.")
        if not yes:
            said = f"<@{actor.user_id}> refuses; nothing changes."
            await _log(
                service, game, NewEvent(kind=REFUSED, actor_id=actor.user_id, public_text=said)
            )
            return None, said
        agreed.append(actor.user_id)
        waiting = [u for u in others if u not in agreed]
        if waiting:
            said = f"<@{actor.user_id}> agrees; waiting for {_names(waiting)}."
            await _log(
                service, game, NewEvent(kind=AGREED, actor_id=actor.user_id, public_text=said)
            )
            return None, said
        update = await _decide(service, game, system, Actor(asker), asked.action, agreed)
        return update, f"<@{actor.user_id}> agrees; {done(asked.action)}."


async def _decide(
    service: GameService,
    game: GameRecord,
    system: GameSystem,
    actor: Actor,
    what: JSON,
    consent: list[int],
) -> Update:
    if what["what"] == "abort":
        return await service.aborted(game, system, actor, consent)
    return await deadlines.logged_deadline(
        service, game, system, actor, int(what["hours"]), consent
    )


async def _log(service: GameService, game: GameRecord, event: NewEvent) -> None:
    try:
        await service.store.append_events(game.id, game.version, [event], now=service.clock())
    except StaleVersion:
        raise moved_on() from None


def _open(events: list[EventRecord]) -> EventRecord | None:
    """The request still waiting for answers, if any."""
    asks = [e for e in events if e.kind == ASK]
    if not asks:
        return None
    ended = (REFUSED, *DECIDED, *STEP_KINDS, ASK)
    return None if any(e.seq > asks[-1].seq and e.kind in ended for e in events) else asks[-1]


def _names(users: list[int]) -> str:
    return " and ".join(f"<@{u}>" for u in users) or "the other players"
