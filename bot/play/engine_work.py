"""The engine's share of a command, worked out in the render pool's processes.

An order, the bot's replies to it and a new game's set-up are pure CPU, from a few to tens of
milliseconds. On the event loop they would hold up every other channel's first answer. In a
thread of the bot's process they did too, less plainly: the loop lets the GIL go at every
SQLite call, socket write and wait for events, and each time it then waited for an engine
thread to give it back, up to the 5 ms switch interval. In another process nothing competes
with the loop (:mod:`tests.bench.load` shows the difference at 100 channels).

The engine is pure, so the only thing a worker changes that the caller needs is the dice it
rolled: the worker rolls a copy, and the copy's cursor and rolls are taken over here. A game
system the worker cannot be sent (one built inside a function, in a test) is worked out in
a thread instead, still off the loop.
"""

from __future__ import annotations

import asyncio
import json
import pickle
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.play import errors, workers
from bot.storage.records import NewEvent
from games.core.dice import Dice, Roll
from games.core.engine import JSON, GameSystem, Order, Outcome, position_id
from games.core.forks import set_up
from games.core.text import shorten
from games.core.versions import stored

T = TypeVar("T")
BOT_STEP_LIMIT = 10_000
"""Most orders the bot may give in reply to one command; a guard against a stuck engine."""


@dataclass(frozen=True)
class Worked:
    """What the engine made of a command: the command's own step (a game's set-up, or an
    order given for ``side`` as ``action``) as its log tells it, publicly and to each side,
    the dice that step rolled, the bot's replies, the position after them, and the orders
    open there to each side whose turn it is. The step's own outcome stays in the worker:
    its position, which the bot's replies moved on from, would cost the event loop a whole
    state to unpickle for nothing."""

    public_text: str
    private: dict[str, str] | None
    rolls: list[Roll]
    replies: list[NewEvent]
    state: JSON
    orders: dict[str, list[Order]]
    side: str | None = None
    action: JSON | None = None


def begun(
    system: GameSystem, scenario: str, options: JSON, dice: Dice, bot_sides: set[str]
) -> Worked:
    """A new game set up, and the bot's orders if it moves first."""
    outcome = system.new(scenario, options, dice)
    return _then_the_bot(system, outcome, dice, bot_sides, None, None)


def started(system: GameSystem, action: JSON, dice: Dice, bot_sides: set[str]) -> Worked:
    """A what-if game's start (games.core.forks), and the bot's orders if it moves first."""
    return _then_the_bot(system, set_up(system, action, dice), dice, bot_sides, None, None)


@dataclass(frozen=True)
class Shown:
    """Where an order stands among its game's positions: ``key`` is the game's fingerprint
    key; ``button`` the position the pressed button was offered in, ``seen`` the one its
    giver was last shown (a typed order), each refused unless the game is still there."""

    key: bytes
    button: str | None = None
    seen: str | None = None


EARLIER = (
    "That choice belongs to an earlier position; the game has moved on since. "
    "Use `/game status` for the current choices."
)
REPEATED = (
    "The game has moved on since the position you were last shown, so this order was not "
    "applied (given twice, an order counts once). Look at the game's newest post or "
    "`/game status`, then give your order again if it still stands."
)


@dataclass(frozen=True)
class Given:
    """An order as a player gave it: spelled out (``action``, for ``side``) or named by the
    ``key`` of one of the orders open to the sides they play (``mine``). With no ``side``,
    it is for the first of theirs whose turn it is."""

    side: str | None
    action: JSON | None
    key: str | None
    mine: list[str]


@dataclass(frozen=True)
class Placed:
    """An order worked out in the position it was given in: what the engine made of it,
    the new position's fingerprint, the new state as storage keeps it, in JSON, and the
    sides whose turn it was before it (``acting``)."""

    worked: Worked
    position: str
    stored: str
    acting: list[str]


def placed(
    system: GameSystem, state: JSON, given: Given, shown: Shown, dice: Dice, bot_sides: set[str]
) -> Placed:
    """An order refused if the game has left the position it was given in, else applied as
    :func:`ordered` applies it. The fingerprints and the JSON are made here, in the worker,
    rather than on the bot's event loop, where each costs a walk of the whole state."""
    if shown.button is not None or shown.seen is not None:
        here = position_id(state, shown.key)
        if shown.button not in (None, here):
            raise errors.GameMovedOn(EARLIER)
        if shown.seen not in (None, here):
            raise errors.GameMovedOn(REPEATED)
    worked = ordered(system, state, given, dice, bot_sides)
    text = json.dumps(stored(system, worked.state))
    acting = list(system.to_act(state))
    return Placed(worked, position_id(worked.state, shown.key), text, acting)


def ordered(
    system: GameSystem, state: JSON, given: Given, dice: Dice, bot_sides: set[str]
) -> Worked:
    """An order applied, and the bot's replies until the game waits for a person."""
    side, action = given.side, given.action
    if side is None:
        waiting = system.to_act(state)
        side = next((s for s in given.mine if s in waiting), given.mine[0])
    if given.key is not None:
        side, action = _resolve_choice(system, state, given.mine, given.key)
    if action is None:
        raise errors.BadInput("Name the order to give.")
    outcome = system.apply(state, side, action, dice)
    return _then_the_bot(system, outcome, dice, bot_sides, side, action)


def _resolve_choice(system: GameSystem, state: JSON, mine: list[str], key: str) -> tuple[str, JSON]:
    offered: list[Order] = []
    for side in mine:
        for order in system.legal_orders(state, side):
            if order.key == key:
                return side, order.action
            offered.append(order)
    if not offered:
        raise errors.NotSeated(no_orders(system.to_act(state)))
    whose = _whose(system, state, mine, key)
    raise errors.BadInput(not_offered(key, offered, "choices", MAX_LISTED_ORDERS, whose))


def no_orders(acting: Sequence[str]) -> str:
    """Why a player with no orders open cannot give one, and whose turn it is instead."""
    if not acting:
        return "You have no orders to give right now; wait for your turn."
    return f"You have no orders to give right now: {turn_of(acting)}."


def turn_of(sides: Sequence[str]) -> str:
    """Whose turn it is, in words: "it is the red player's turn"."""
    players = "player's" if len(sides) == 1 else "players'"
    return f"it is the {' and '.join(sides)} {players} turn"


def _whose(system: GameSystem, state: JSON, mine: list[str], key: str) -> str | None:
    """The side to act, not one of ``mine``, whose order ``key`` is: a player who pressed a
    button under the post on the other side's turn is told so, not only what they may do."""
    for side in system.to_act(state):
        if side not in mine and any(o.key == key for o in system.legal_orders(state, side)):
            return side
    return None


MAX_LISTED_ORDERS = 10
"""A refusal lists this many of the orders open instead, so it stays short on a phone."""


def not_offered(
    key: str, orders: list[Order], what: str, listed: int, whose: str | None = None
) -> str:
    """Why a typed key was refused: the first ``listed`` orders open instead, whole-worded;
    ``whose`` turn it is, when the key is that side's order."""
    shown = [f"`{o.key}` ({o.label})" for o in orders[:listed]]
    more = len(orders) - len(shown)
    tail = f", and {more} more (start typing to see them)" if more > 0 else ""
    typed = shorten(printable(key), 40)
    unseen = " (with a character in it that does not show)" if unshown(key) else ""
    named = f"`{typed}`{unseen} is" if typed else "An empty choice is"
    turn = f"; {turn_of([whose])}" if whose else ""
    return f"{named} not one of your {what} now{turn}. You can choose: {', '.join(shown)}{tail}."


def unshown(typed: str) -> bool:
    """Whether ``typed`` holds a control or format character, which a chat shows as nothing
    (a zero-width space): quoted without it, ``tally`` would look like a choice offered."""
    return any(_unseen(c) for c in typed.strip())


def _unseen(character: str) -> bool:
    """A control or format character: a chat shows it as nothing, or lets it turn the line."""
    return unicodedata.category(character) in ("Cc", "Cf")


def printable(typed: str) -> str:
    """What a player typed, safe to quote back: no backticks, which would end the quote, and
    no control or format characters (a right-to-left override would turn the rest of the
    line around on the reader's screen)."""
    return "".join(c for c in typed.replace("`", "") if not _unseen(c)).strip()


def _then_the_bot(
    system: GameSystem,
    outcome: Outcome,
    dice: Dice,
    bot_sides: set[str],
    side: str | None,
    action: JSON | None,
) -> Worked:
    rolls = dice.take_rolls()
    state, replies = bot_turns(system, outcome.state, bot_sides, dice)
    orders = (
        {}
        if system.result(state)
        else {side: system.legal_orders(state, side) for side in system.to_act(state)}
    )
    return Worked(
        outcome_text(outcome), private_texts(outcome), rolls, replies, state, orders, side, action
    )


def bot_turns(
    system: GameSystem, state: JSON, bot_sides: set[str], dice: Dice
) -> tuple[JSON, list[NewEvent]]:
    """Let the bot give orders while it is the bot's turn and the game goes on."""
    events: list[NewEvent] = []
    for _ in range(BOT_STEP_LIMIT):
        if system.result(state):
            break
        side = next((s for s in system.to_act(state) if s in bot_sides), None)
        if side is None:
            break
        state, event = bot_order(system, state, side, dice)
        events.append(event)
    else:
        raise RuntimeError(f"{system.id}: the bot gave {BOT_STEP_LIMIT} orders without stopping")
    return state, events


def bot_order(system: GameSystem, state: JSON, side: str, dice: Dice) -> tuple[JSON, NewEvent]:
    """One order of the game's bot policy for ``side``, applied, and its log entry."""
    action = system.bot_action(state, side, dice)
    outcome = system.apply(state, side, action, dice)
    event = NewEvent(
        kind="bot",
        side=side,
        action=action,
        dice=rolls_json(dice.take_rolls()),
        public_text=outcome_text(outcome),
        private=private_texts(outcome),
    )
    return outcome.state, event


def outcome_text(outcome: Outcome) -> str:
    return "\n".join(e.text for e in outcome.events if e.text)


def private_texts(outcome: Outcome) -> dict[str, str] | None:
    joined: dict[str, list[str]] = {}
    for event in outcome.events:
        for side, text in event.private.items():
            joined.setdefault(side, []).append(text)
    return {side: "\n".join(texts) for side, texts in joined.items()} or None


def rolls_json(rolls: list[Roll]) -> list[dict[str, object]]:
    return [r.to_json() for r in rolls]


async def work_out(job: Callable[..., T], system: GameSystem, *args: Any) -> T:
    """``job(system, *args)`` (:func:`begun`, :func:`placed`, a deadline's stand-in, a replay
    for an undo or ``/game verify``) in a worker process; the :class:`Dice` among ``args``
    carry on from where the worker's copy stopped."""
    if not sendable(system):
        return await asyncio.to_thread(job, system, *args)
    worked, rolled = await workers.POOL.run(_rolling, job, system, *args)
    for here, there in zip(_dice(args), rolled, strict=True):
        here.carry_on(there)
    return worked


def _rolling(job: Callable[..., T], *args: Any) -> tuple[T, list[Dice]]:
    """In the worker: the job's result, and its dice as they stand after it."""
    return job(*args), _dice(args)


def _dice(args: tuple[Any, ...]) -> list[Dice]:
    return [a for a in args if isinstance(a, Dice)]


def sendable(system: GameSystem) -> bool:
    """Whether the system can be sent to a worker process (a built-in or installed one can;
    one defined inside a function cannot)."""
    try:
        pickle.dumps(system)
    except (pickle.PicklingError, AttributeError, TypeError):
        return False
    return True
