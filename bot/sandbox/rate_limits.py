"""Discord's REST rate limits: per-route buckets, the global limit, and 429s as Discord sends them.

Discord's rate-limit documentation: every route has a bucket, keyed by the route and its
top-level resource (a channel, a guild, or a webhook and its token), reported on each
answer in ``X-RateLimit-Limit``, ``-Remaining``, ``-Reset`` (epoch seconds), ``-Reset-After``
(seconds) and ``-Bucket`` (an opaque id shared by the routes of one bucket). A bot token may
make 50 requests a second in all (the global limit); "interaction endpoints are not bound to
the bot's global rate limit", so interaction callbacks and the interaction-token webhook
routes (follow-ups, the original response) are left out of it. A request over a limit is
answered 429 with ``{"message", "retry_after", "global"}`` (seconds, a float), a
``Retry-After`` header, ``X-RateLimit-Scope`` (``user`` for a route's bucket, ``global``) and,
for the global limit, ``X-RateLimit-Global: true``; it also carries ``Via``, as Discord's
answers do (discord.py takes a 429 without it for a Cloudflare ban and gives up).

Discord publishes one per-route number, 5 messages per 5 seconds in a channel; edits of a
channel's messages share a bucket of the same size, deletions one of 5 a second. Routes it
gives no number for get a bucket of 50 a second, so the sandbox never refuses what Discord
would let through. Being refused is not a fault: a bot that reads the headers is refused
rarely and then waits. Retrying a refused request before its ``retry_after`` ran out is a
fault. The sandbox tells a retry from requests that were already on their way when the 429
went out by the connection: HTTP/1.1 sends one request at a time on a connection, so a
request on the connection that carried the 429, to the same bucket, was sent after the bot
read it.

``scale`` multiplies every window (the end-to-end suite runs at 0.1, ten times faster than
Discord; benchmarks and the test of discord.py's waiting run at 1).
"""

from __future__ import annotations

import hashlib
import re
import time
from collections.abc import Callable
from dataclasses import dataclass

GLOBAL_LIMIT = 50
GLOBAL_WINDOW = 1.0
GLOBAL_MARK = " (global)"
"""Ends a refusal of :attr:`RateLimiter.refusals` that the global limit made."""
EARLY_TOLERANCE = 0.005
"""Seconds a retry may arrive before its retry_after ends and still count as waiting: the
bot's clock and the sandbox's are read a moment apart."""
RATE_LIMITED_MESSAGE = "You are being rate limited."
VIA = "1.1 google"
GLOBAL_EXEMPT = re.compile(r"^/(?:interactions/\d+/[^/]+/callback|webhooks/\d+/[^/]+(?:/.*)?)$")
"""Interaction endpoints: the callback and the routes that use an interaction's token."""
MAJOR = re.compile(r"^/(channels|guilds)/(\d+)|^/(webhooks|interactions)/(\d+)/([^/]+)")
ID_SEGMENT = re.compile(r"/\d+(?=/|$)")


@dataclass(frozen=True)
class Limit:
    """``count`` requests per ``window`` seconds."""

    count: int
    window: float


MESSAGE_CREATE = Limit(5, 5.0)
ROUTE_LIMITS: tuple[tuple[str, re.Pattern[str], Limit], ...] = (
    ("POST", re.compile(r"^/channels/\{id\}/messages$"), MESSAGE_CREATE),
    ("PATCH", re.compile(r"^/channels/\{id\}/messages/\{id\}$"), Limit(5, 5.0)),
    ("DELETE", re.compile(r"^/channels/\{id\}/messages/\{id\}$"), Limit(5, 1.0)),
)
OTHER_ROUTES = Limit(50, 1.0)


@dataclass
class Window:
    """One bucket's current window: how many requests are left and when it refills."""

    limit: Limit
    remaining: int
    resets_at: float


@dataclass(frozen=True)
class Verdict:
    """What the limiter says of one request: its headers, and whether it is refused."""

    headers: dict[str, str]
    refused: bool = False
    retry_after: float = 0.0
    is_global: bool = False
    ignored_retry_after: float = 0.0
    """How many seconds early the bot sent again after being told to wait (0: it waited)."""
    resets_at: float = 0.0
    """When the request's bucket refills, on the limiter's clock."""
    exhausted: bool = False
    """Whether this request used up its bucket (or was refused), so the bot must wait."""

    def body(self) -> dict[str, object]:
        return {
            "message": RATE_LIMITED_MESSAGE,
            "retry_after": round(self.retry_after, 3),
            "global": self.is_global,
        }


def route_template(api_path: str) -> str:
    """The route with every id replaced, e.g. ``/channels/{id}/messages/{id}``."""
    return ID_SEGMENT.sub("/{id}", api_path)


def major_resource(api_path: str) -> str:
    """The top-level resource the bucket is counted per (a channel, guild or webhook)."""
    found = MAJOR.match(api_path)
    if found is None:
        return ""
    return ":".join(part for part in found.groups() if part)


def limit_for(method: str, template: str) -> Limit:
    for route_method, pattern, limit in ROUTE_LIMITS:
        if method == route_method and pattern.match(template):
            return limit
    return OTHER_ROUTES


def bucket_id(method: str, template: str) -> str:
    """An opaque id per route, as Discord's ``X-RateLimit-Bucket`` is."""
    return hashlib.sha256(f"{method} {template}".encode()).hexdigest()[:32]


class RateLimiter:
    """Counts one bot token's requests into route buckets and the global window."""

    def __init__(
        self,
        *,
        scale: float = 1.0,
        clock: Callable[[], float] = time.monotonic,
        wall: Callable[[], float] = time.time,
    ) -> None:
        if scale <= 0:
            raise ValueError("the rate-limit scale must be positive")
        self.scale = scale
        self.refusals: list[str] = []
        """Each request answered 429, as "METHOD /path", with " (global)" when the global
        limit refused it."""
        self.global_requests = 0
        """Requests let through that count toward the global limit (not interactions')."""
        self._clock = clock
        self._wall = wall
        self._buckets: dict[str, Window] = {}
        self._global = Window(Limit(GLOBAL_LIMIT, GLOBAL_WINDOW), GLOBAL_LIMIT, 0.0)
        self._told: dict[object, tuple[str, float]] = {}
        """Per connection that carried a 429: the bucket refused, and when it may retry."""

    def check(self, method: str, api_path: str, connection: object = None) -> Verdict:
        """Count the request, or refuse it when its bucket or the global limit is spent.
        ``connection`` identifies the HTTP connection it came on (see the module docstring)."""
        now = self._clock()
        template = route_template(api_path)
        bucket = bucket_id(method, template)
        key = f"{bucket}:{major_resource(api_path)}"
        window = self._window(key, limit_for(method, template))
        told_key, retry_at = self._told.pop(connection, ("", 0.0))
        early = retry_at - now if told_key == key else 0.0
        ignored = early if early > EARLY_TOLERANCE else 0.0
        in_global = GLOBAL_EXEMPT.match(api_path) is None
        for current in (window, self._global) if in_global else (window,):
            self._refill(current, now)
        spent = None
        if in_global and self._global.remaining <= 0:
            spent = self._global
        elif window.remaining <= 0:
            spent = window
        if spent is not None:
            if connection is not None:
                self._told[connection] = (key, spent.resets_at)
            is_global = spent is self._global
            self.refusals.append(f"{method} {api_path}" + (GLOBAL_MARK if is_global else ""))
            return self._refuse(spent, window, bucket, now, ignored, is_global=is_global)
        window.remaining -= 1
        if in_global:
            self._global.remaining -= 1
            self.global_requests += 1
        return Verdict(
            self._headers(window, bucket, now),
            ignored_retry_after=ignored,
            resets_at=window.resets_at,
            exhausted=window.remaining == 0,
        )

    def _window(self, key: str, limit: Limit) -> Window:
        window = self._buckets.get(key)
        if window is None:
            window = Window(limit, limit.count, 0.0)
            self._buckets[key] = window
        return window

    def _refill(self, window: Window, now: float) -> None:
        if now >= window.resets_at:
            window.remaining = window.limit.count
            window.resets_at = now + window.limit.window * self.scale

    def _refuse(
        self,
        spent: Window,
        route: Window,
        bucket: str,
        now: float,
        ignored: float,
        *,
        is_global: bool,
    ) -> Verdict:
        retry_after = spent.resets_at - now
        headers = self._headers(route, bucket, now)
        headers |= {
            "Retry-After": str(max(1, round(retry_after))),
            "X-RateLimit-Scope": "global" if is_global else "user",
            "Via": VIA,
        }
        if is_global:
            headers["X-RateLimit-Global"] = "true"
        return Verdict(
            headers,
            refused=True,
            retry_after=retry_after,
            is_global=is_global,
            ignored_retry_after=ignored,
            resets_at=spent.resets_at,
            exhausted=True,
        )

    def _headers(self, window: Window, bucket: str, now: float) -> dict[str, str]:
        reset_after = max(window.resets_at - now, 0.0)
        return {
            "X-RateLimit-Limit": str(window.limit.count),
            "X-RateLimit-Remaining": str(window.remaining),
            "X-RateLimit-Reset": f"{self._wall() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": bucket,
        }
