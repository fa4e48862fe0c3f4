"""The gateway websocket: HELLO, heartbeats, IDENTIFY/RESUME, and dispatching events.

Several bot processes may connect with the same token; each IDENTIFY opens a session for
one shard (``[shard_id, shard_count]``, ``[0, 1]`` when absent). A guild's events and
interactions go only to the sessions of the shard that owns the guild, DMs only to shard 0's,
and interactions to one such session at a time. A session whose connection drops keeps
collecting its events; a RESUME with its id and last sequence replays what it missed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import zlib
from collections.abc import Callable
from typing import Protocol

from aiohttp import WSMsgType, web

from bot.sandbox import payloads
from bot.sandbox.models import JSON
from bot.sandbox.shards import (
    MAX_GUILDS_PER_SHARD,
    SessionStartLimit,
    shard_for,
    shard_refusal,
)
from bot.sandbox.state import SandboxState

log = logging.getLogger(__name__)

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE_STATE, RESUME = 0, 1, 2, 3, 4, 6
RECONNECT, REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 7, 8, 9, 10, 11

HEARTBEAT_INTERVAL_MS = 41_250
DECODE_ERROR, AUTHENTICATION_FAILED, SHUTTING_DOWN = 4002, 4004, 4000
UNKNOWN_ERROR = 4000
"""What a dropped connection is closed with: the client may reconnect and resume."""
CLIENT_ENDS_SESSION = (1000, 1001)
"""A client closing with these ends its session, which can no longer be resumed."""
REPLAY_LIMIT = 5000
"""Events kept for a disconnected session to resume; an older sequence is refused."""
GUILDS = 1 << 0
GUILD_MEMBERS = 1 << 1
GUILD_MESSAGES = 1 << 9
DIRECT_MESSAGES = 1 << 12
MESSAGE_CONTENT = 1 << 15


class Compressor(Protocol):
    def compress(self, data: bytes) -> bytes: ...


class ZlibStream:
    """zlib-stream transport compression: one deflate stream, each message sync-flushed."""

    def __init__(self) -> None:
        self._stream = zlib.compressobj()

    def compress(self, data: bytes) -> bytes:
        return self._stream.compress(data) + self._stream.flush(zlib.Z_SYNC_FLUSH)


class ZstdStream:
    """zstd-stream transport compression, when a zstd module is installed (as discord.py's)."""

    def __init__(self) -> None:
        try:
            from compression import zstd  # type: ignore[import-not-found]

            compressor = zstd.ZstdCompressor()
            self._compress: Callable[[bytes], bytes] = lambda data: compressor.compress(
                data, mode=zstd.ZstdCompressor.FLUSH_BLOCK
            )
        except ImportError:
            import zstandard  # type: ignore[import-not-found]

            stream = zstandard.ZstdCompressor().compressobj()
            self._compress = lambda data: (
                stream.compress(data) + stream.flush(zstandard.COMPRESSOBJ_FLUSH_BLOCK)
            )

    def compress(self, data: bytes) -> bytes:
        return self._compress(data)


def compressor_for(compress: str | None) -> Compressor | None:
    if not compress:
        return None
    if compress == "zlib-stream":
        return ZlibStream()
    if compress == "zstd-stream":
        return ZstdStream()
    raise ValueError(f"unsupported gateway compression {compress!r}")


class GatewaySession:
    """One identified session; survives a reconnect when the client resumes it."""

    def __init__(self, session_id: str, index: int, intents: int, shard: list[int] | None) -> None:
        self.session_id = session_id
        self.index = index
        self.intents = intents
        self.shard = shard or [0, 1]
        self.sequence = 0
        self.ready = False
        self.ended = False
        """The client closed it cleanly (or it was invalidated): never resumed, sent nothing."""
        self.connection: GatewayConnection | None = None
        self.sent: list[JSON] = []
        """The newest dispatched payloads, replayed to a RESUME that missed them."""

    @property
    def connected(self) -> bool:
        return self.connection is not None and not self.connection.closed

    @property
    def shard_id(self) -> int:
        return self.shard[0]

    def owns(self, guild_id: int | None) -> bool:
        """Whether Discord routes this guild's events (None: DMs, shard 0's) here."""
        shard_id, count = self.shard
        return shard_id == 0 if guild_id is None else shard_for(guild_id, count) == shard_id

    def wants(self, intent: int) -> bool:
        return intent == 0 or bool(self.intents & intent)

    def dispatch(self, event: str, data: JSON) -> None:
        """Number the event and send it, or keep it for a RESUME while disconnected."""
        if self.ended:
            return
        self.sequence += 1
        payload = {"op": DISPATCH, "t": event, "s": self.sequence, "d": data}
        self.sent.append(payload)
        del self.sent[:-REPLAY_LIMIT]
        if self.connected:
            assert self.connection is not None
            self.connection.enqueue(payload)

    def missed_since(self, sequence: int) -> list[JSON] | None:
        """The events after ``sequence``, or None if some of them are no longer kept."""
        if not 0 <= sequence <= self.sequence:
            return None
        missed = [payload for payload in self.sent if payload["s"] > sequence]
        if len(missed) < self.sequence - sequence:
            return None
        return missed


class GatewayConnection:
    """A websocket; one writer task sends queued payloads in order through the compressor."""

    def __init__(self, ws: web.WebSocketResponse, compressor: Compressor | None) -> None:
        self.ws = ws
        self._compressor = compressor
        self._outbox: asyncio.Queue[JSON | None] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write_loop())

    @property
    def closed(self) -> bool:
        return self.ws.closed

    def enqueue(self, payload: JSON) -> None:
        self._outbox.put_nowait(payload)

    async def _write_loop(self) -> None:
        while (payload := await self._outbox.get()) is not None:
            data = json.dumps(payload, separators=(",", ":")).encode()
            try:
                if self._compressor is None:
                    await self.ws.send_str(data.decode())
                else:
                    await self.ws.send_bytes(self._compressor.compress(data))
            except ConnectionError:
                return

    async def close(self, code: int = 1000) -> None:
        self._outbox.put_nowait(None)
        with contextlib.suppress(asyncio.CancelledError):
            await self._writer
        await self.ws.close(code=code)


class Gateway:
    """Accepts websocket connections and routes events to the identified sessions."""

    def __init__(
        self,
        state: SandboxState,
        *,
        token: str,
        resume_url: Callable[[], str],
        on_change: Callable[[], None],
    ) -> None:
        self._state = state
        self._token = token
        self._resume_url = resume_url
        self._on_change = on_change
        self.sessions: list[GatewaySession] = []
        self._connections: set[GatewayConnection] = set()
        self._next_turn = 0
        self._session_counter = 0
        self.session_starts = SessionStartLimit()
        self.max_guilds_per_shard: int | None = None
        """Overrides Discord's 2,500 guilds per shard, so tests can see 4011 with few guilds."""

    def live_sessions(self) -> list[GatewaySession]:
        return [session for session in self.sessions if session.connected and session.ready]

    def pick_session(
        self, via: int | None = None, guild_id: int | None = None
    ) -> GatewaySession | None:
        """The session an interaction goes to, among those of the shard that owns the guild
        (shard 0 for a DM): the one asked for, else the next in turn."""
        owners = [s for s in self.live_sessions() if s.owns(guild_id)]
        if via is not None:
            return next((s for s in owners if s.index == via), None)
        if not owners:
            return None
        session = owners[self._next_turn % len(owners)]
        self._next_turn += 1
        return session

    def broadcast(self, event: str, data: JSON, intent: int = 0) -> None:
        """Send an event to the sessions of the shard that owns its ``guild_id`` (shard 0
        when it has none), including disconnected ones, which keep it for their RESUME."""
        guild = data.get("guild_id")
        guild_id = int(guild) if guild is not None else None
        for session in self.sessions:
            if session.ready and not session.ended and session.owns(guild_id):
                if session.wants(intent):
                    session.dispatch(event, data)

    def join_guild(self, guild_id: int) -> None:
        """The bot was added to a guild: its shard's sessions receive GUILD_CREATE."""
        data = payloads.guild_create_payload(self._state, guild_id)
        for session in self.sessions:
            if session.ready and not session.ended and session.owns(guild_id):
                session.dispatch("GUILD_CREATE", data)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        """The websocket endpoint discord.py connects to (URL from GET /gateway/bot)."""
        if request.query.get("encoding", "json") != "json":
            raise web.HTTPBadRequest(text="only encoding=json is supported")
        try:
            compressor = compressor_for(request.query.get("compress"))
        except (ValueError, ImportError) as error:
            raise web.HTTPBadRequest(text=str(error)) from error
        ws = web.WebSocketResponse(compress=False, max_msg_size=0)
        await ws.prepare(request)
        connection = GatewayConnection(ws, compressor)
        self._connections.add(connection)
        connection.enqueue({"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}})
        session: GatewaySession | None = None
        ended_by_client = False
        try:
            while True:
                message = await ws.receive()
                if message.type is WSMsgType.CLOSE:
                    # Only a close frame the client sent with 1000 or 1001 ends the session;
                    # a lost connection (a killed process) or our own close leaves it resumable.
                    ended_by_client = message.data in CLIENT_ENDS_SESSION
                    break
                if message.type in (WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
                    break
                if message.type is not WSMsgType.TEXT:
                    continue
                try:
                    payload = json.loads(message.data)
                except ValueError:
                    await connection.close(code=DECODE_ERROR)
                    break
                session = await self._handle_op(connection, session, payload) or session
        finally:
            self._connections.discard(connection)
            if session is not None and ended_by_client and session.connection is connection:
                session.ended = True
            await connection.close()
            self._on_change()
        return ws

    async def _handle_op(
        self, connection: GatewayConnection, session: GatewaySession | None, payload: JSON
    ) -> GatewaySession | None:
        op, data = payload.get("op"), payload.get("d")
        if op == HEARTBEAT:
            connection.enqueue({"op": HEARTBEAT_ACK})
        elif op == IDENTIFY:
            if (data or {}).get("token") != self._token:
                await connection.close(code=AUTHENTICATION_FAILED)
                return None
            return await self._identify(connection, data or {})
        elif op == RESUME:
            return await self._resume(connection, data or {})
        elif op == REQUEST_MEMBERS and session is not None:
            self._send_member_chunk(session, data or {})
        elif op not in (PRESENCE, VOICE_STATE):
            log.debug("ignoring gateway op %s", op)
        return None

    async def _identify(self, connection: GatewayConnection, data: JSON) -> GatewaySession | None:
        guild_ids = list(self._state.guilds)
        limit = self.max_guilds_per_shard or MAX_GUILDS_PER_SHARD
        refusal = shard_refusal(data.get("shard"), guild_ids, limit)
        if refusal is not None:
            await connection.close(code=refusal[0])
            return None
        self.session_starts.start_session()
        self._session_counter += 1
        session = GatewaySession(
            session_id=f"sandbox-session-{self._session_counter}",
            index=len(self.sessions),
            intents=int(data.get("intents", 0)),
            shard=data.get("shard"),
        )
        session.connection = connection
        self.sessions.append(session)
        owned = [guild_id for guild_id in guild_ids if session.owns(guild_id)]
        ready = {
            "v": 10,
            "user": payloads.current_user_payload(self._state.bot_user),
            "guilds": [{"id": str(guild_id), "unavailable": True} for guild_id in owned],
            "session_id": session.session_id,
            "resume_gateway_url": self._resume_url(),
            "shard": session.shard,
            "application": {"id": str(self._state.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "user_settings": {},
            "geo_ordered_rtc_regions": [],
            "_trace": ["laager-sandbox"],
        }
        session.dispatch("READY", ready)
        for guild_id in owned:
            session.dispatch("GUILD_CREATE", payloads.guild_create_payload(self._state, guild_id))
        session.ready = True
        self._on_change()
        return session

    async def _resume(self, connection: GatewayConnection, data: JSON) -> GatewaySession | None:
        """Replay what the session missed, then RESUMED; an unknown or ended session, or a
        sequence whose events are gone, gets INVALID_SESSION (not resumable)."""
        session = next((s for s in self.sessions if s.session_id == data.get("session_id")), None)
        sequence = data.get("seq")
        missed = (
            session.missed_since(sequence)
            if session is not None and not session.ended and isinstance(sequence, int)
            else None
        )
        if session is None or missed is None or data.get("token") != self._token:
            connection.enqueue({"op": INVALID_SESSION, "d": False})
            return None
        old = session.connection
        if old is not None and old is not connection and not old.closed:
            await old.close(code=UNKNOWN_ERROR)
        session.connection = connection
        for payload in missed:
            connection.enqueue(payload)
        session.dispatch("RESUMED", {"_trace": ["laager-sandbox"]})
        self._on_change()
        return session

    def _send_member_chunk(self, session: GatewaySession, data: JSON) -> None:
        wanted = {str(user_id) for user_id in data.get("user_ids") or []}
        query = str(data.get("query") or "").casefold()
        members = [
            payloads.member_payload(member)
            for member in self._state.members.values()
            if (not wanted or str(member.user.id) in wanted)
            and member.user.name.casefold().startswith(query)
        ]
        chunk: JSON = {
            "guild_id": str(data.get("guild_id") or self._state.guild_id),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    def request_reconnect(self) -> Callable[[], bool]:
        """Ask every client to reconnect and resume (Discord does this during deploys).

        Returns a check that is true once every one of those sessions has resumed.
        """
        previous = {}
        for session in self.live_sessions():
            if session.connection is not None:
                previous[session] = session.connection
                session.connection.enqueue({"op": RECONNECT, "d": None})
        return lambda: all(s.connected and s.connection is not old for s, old in previous.items())

    async def drop(self, shard_id: int) -> Callable[[], bool]:
        """Cut the connections of a shard's sessions as a network fault would (close code
        4000, session kept), so their clients reconnect and RESUME.

        Returns a check that is true once every one of those sessions has resumed.
        """
        dropped = {}
        for session in self.live_sessions():
            if session.shard_id == shard_id and session.connection is not None:
                dropped[session] = session.connection
                await session.connection.close(code=UNKNOWN_ERROR)
        if not dropped:
            raise ValueError(f"no connected session holds shard {shard_id}")
        return lambda: all(s.connected and s.connection is not old for s, old in dropped.items())

    async def close(self) -> None:
        for connection in list(self._connections):
            await connection.close(code=SHUTTING_DOWN)
        self._connections.clear()
