"""Small factories for storage test data."""

import hashlib
from datetime import UTC, datetime
from typing import Any

from bot.storage.records import NewEvent, NewGame, NewSeat

T0 = datetime(2025, 1, 22, 12, 0, tzinfo=UTC)
SEED = "5eed" * 16
CHANNEL_ID = 1_234_567_890_123_456_789
GUILD_ID = 987_654_321_098_765_432


def new_game(**overrides: Any) -> NewGame:
    fields: dict[str, Any] = {
        "guild_id": GUILD_ID,
        "channel_id": CHANNEL_ID,
        "system": "isandlwana",
        "scenario": "isandlwana-1879",
        "mode": "pvp",
        "creator_id": 111,
        "state": {"turn": 1, "moves": []},
        "seed": SEED,
        "seed_commitment": hashlib.sha256(SEED.encode()).hexdigest(),
        "options": {"fog": True},
    }
    return NewGame(**(fields | overrides))


def seats() -> list[NewSeat]:
    return [NewSeat(side="british", user_id=111), NewSeat(side="zulu", user_id=None, is_bot=True)]


def creation_event() -> NewEvent:
    return NewEvent(kind="create", actor_id=111, public_text="The game begins.")


def action_event(text: str, *, side: str = "british") -> NewEvent:
    return NewEvent(
        kind="action",
        actor_id=111,
        side=side,
        action={"verb": "advance", "to": "C4"},
        dice=[{"purpose": "morale", "sides": 6, "value": 4}],
        public_text=text,
        private={"zulu": "The impi waits."},
    )
