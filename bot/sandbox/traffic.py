"""Counting what a stretch of sandbox traffic cost the channel: posts, pings and maps, and
the DMs it sent beside them.

Play-by-post etiquette is measured here rather than judged by eye: how many messages a
game put in the channel, how many notifications they sent, and how many pictures they
uploaded, over any slice of the recorded message log.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from bot.sandbox.models import Message, MessageEvent

PICTURE_TYPES = ("image/",)


@dataclass
class Traffic:
    """What the channel received: new posts, the pings they sent, and pictures uploaded;
    and the new DMs sent to players beside them."""

    posts: int = 0
    pings: int = 0
    maps: int = 0
    pinged: dict[int, int] = field(default_factory=dict)
    """How many pings each user received."""
    dms: int = 0

    def __add__(self, other: Traffic) -> Traffic:
        pinged = dict(self.pinged)
        for user, count in other.pinged.items():
            pinged[user] = pinged.get(user, 0) + count
        return Traffic(
            self.posts + other.posts,
            self.pings + other.pings,
            self.maps + other.maps,
            pinged,
            self.dms + other.dms,
        )


def in_channel(message: Message) -> bool:
    """A message everyone in a guild channel sees (not a DM, not an ephemeral)."""
    return message.guild_id is not None and not message.ephemeral


def tally(events: Iterable[MessageEvent], seen: set[int] | None = None) -> Traffic:
    """Count the channel traffic in ``events``. ``seen`` holds attachment ids already
    counted (pass the same set to successive slices so a kept picture is not counted again).
    Pings are read from the message as delivered, so a filled placeholder counts once."""
    seen = set() if seen is None else seen
    traffic = Traffic()
    for event in events:
        message = event.message
        if message.guild_id is None and not message.ephemeral and event.kind == "created":
            traffic.dms += 1
        if not in_channel(message):
            continue
        if event.kind == "created":
            traffic.posts += 1
        if message.pinged and message.id not in seen:
            seen.add(message.id)
            traffic.pings += len(message.pinged)
            for user in message.pinged:
                traffic.pinged[user] = traffic.pinged.get(user, 0) + 1
        for attachment in event.version.attachments:
            if attachment.content_type.startswith(PICTURE_TYPES) and attachment.id not in seen:
                seen.add(attachment.id)
                traffic.maps += 1
    return traffic
