"""What a server's webhook is told of its games, as JSON: only what the channel sees (the
public view's title and phase, the seats and whose move it is, how the game ended), never a
side's own view, the state, the seed or a DM.

Queued from ``follow_post`` (bot.posting.announce) once a game's post is made, so also when
the outbox makes the post after a restart. Each event's key (the game, its version and the
kind of event) is unique for the hook, so a post followed twice queues nothing twice. In a
server without a hook this costs no statement: which servers have one is kept in memory
(bot.storage.webhooks.HookedGuilds).
"""

from __future__ import annotations

import json
import logging
import uuid
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from bot.storage.webhooks import NewDelivery, Webhooks

if TYPE_CHECKING:
    from bot.play.service import Update
    from bot.posting.host import Host

log = logging.getLogger(__name__)

GAME_STARTED = "game.started"
TURN_HANDED = "turn.handed"
PHASE_CHANGED = "phase.changed"
GAME_ENDED = "game.ended"
PING = "ping"


def webhooks_of(bot: Host) -> Webhooks:
    return Webhooks(bot.sessions)


def body(
    kind: str,
    guild_id: int,
    channel_id: int | None,
    now: datetime,
    game: dict[str, Any] | None,
    data: dict[str, Any],
) -> str:
    """One event as it is sent. Discord ids are strings, as in Discord's own API, since
    they are too large for a JavaScript number."""
    event = {
        "id": uuid.uuid4().hex,
        "type": kind,
        "created_at": now.isoformat(),
        "guild_id": str(guild_id),
        "channel_id": None if channel_id is None else str(channel_id),
        "game": game,
        "data": data,
    }
    return json.dumps(event, ensure_ascii=False, separators=(",", ":"))


def _user(user_id: int | None) -> str | None:
    return None if user_id is None else str(user_id)


def game_of(update: Update) -> dict[str, Any]:
    game = update.game
    return {
        "id": game.id,
        "system": game.system,
        "title": update.system.title,
        "scenario": game.scenario,
        "mode": game.mode,
        "version": game.version,
    }


def seats_of(update: Update) -> list[dict[str, Any]]:
    """Who holds each side: a member (their Discord id), the bot, or nobody (both empty)."""
    held = {seat.side: seat for seat in update.seats}
    return [
        {
            "side": side,
            "user_id": _user(held[side].user_id) if side in held else None,
            "bot": side in held and held[side].is_bot,
        }
        for side in update.system.sides
    ]


def to_move(update: Update) -> list[dict[str, Any]]:
    """The sides to move now, with who holds each, as the post's turn line names them."""
    if update.result or update.game.status != "active":
        return []
    acting = update.system.to_act(update.game.state)
    return [
        {"side": seat.side, "user_id": _user(seat.user_id)}
        for seat in update.seats
        if seat.side in acting
    ]


def events_of(update: Update, now: datetime) -> tuple[list[NewDelivery], str | None]:
    """The events an update's post tells, in order, and the game's public phase now (None
    once it is over)."""
    game = update.game
    view = update.public_view()
    over = bool(update.result) or game.status != "active"
    phase = None if over else (view.phase or view.title)[:200]
    told = game_of(update)

    def event(kind: str, data: dict[str, Any], on_new_phase: bool = False) -> NewDelivery:
        text = body(kind, game.guild_id or 0, game.channel_id, now, told, data)
        key = f"game:{game.id}:{game.version}:{kind}"
        return NewDelivery(key, kind, text, game.id, on_new_phase)

    found = []
    if game.version == 1:
        started = {"title": view.title, "phase": view.phase, "seats": seats_of(update)}
        found.append(event(GAME_STARTED, {**started, "to_move": to_move(update)}))
    if over:
        ended = {
            "status": game.status,
            "winner": update.result.winner if update.result else None,
            "summary": update.result.summary if update.result else None,
            "seats": seats_of(update),
        }
        found.append(event(GAME_ENDED, ended))
        return found, None
    if game.version > 1:
        found.append(event(PHASE_CHANGED, {"title": view.title, "phase": view.phase}, True))
    if update.handed_to:
        handed = [str(user) for user in update.handed_to]
        found.append(event(TURN_HANDED, {"to_move": to_move(update), "handed_to": handed}))
    return found, phase


def ping(guild_id: int, channel_id: int | None, now: datetime) -> NewDelivery:
    """A test event, each one new."""
    data = {"message": "A test from /webhook test."}
    text = body(PING, guild_id, channel_id, now, None, data)
    return NewDelivery(f"ping:{uuid.uuid4().hex}", PING, text)


async def queue_webhook_events(bot: Host, update: Update) -> None:
    """Queue what the game's post tells for its server's hook, if it has one, and wake the
    deliveries. A failure is logged: the game's post is made already."""
    guild_id = update.game.guild_id
    if guild_id is None or not await bot.hooked.has(guild_id):
        return
    try:
        now = datetime.now(UTC)
        deliveries, phase = events_of(update, now)
        queued = await webhooks_of(bot).queue(
            guild_id, deliveries, now, game_id=update.game.id, phase=phase
        )
        if queued is None:
            bot.hooked.discard(guild_id)
        elif queued:
            bot.webhooks_queued.set()
    except Exception:
        log.exception("the webhook events of game %s were not queued", update.game.id)
